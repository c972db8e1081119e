/**
 * Token state for the pool, holder and LP tests, made on a real localnet with real signed
 * transactions (mints, associated token accounts, MintTo, Transfer, Burn), and pool accounts
 * planted with the bytes their official layouts define, owned by their programs.
 *
 * The pool encoders below follow each official struct field by field (sizes from the Rust / IDL
 * types), independently of engine/detection/tokens/pool-venues.ts, so that a wrong offset there fails here.
 */
import {
  appendTransactionMessageInstructions,
  createTransactionMessage,
  fixEncoderSize,
  generateKeyPairSigner,
  getAddressEncoder,
  getArrayEncoder,
  getBase64EncodedWireTransaction,
  getBytesEncoder,
  getStructEncoder,
  getU16Encoder,
  getU64Encoder,
  getU8Encoder,
  getBooleanEncoder,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Address,
  type Blockhash,
  type Instruction,
  type KeyPairSigner,
} from '@solana/kit'
import { getCreateAccountInstruction } from '@solana-program/system'
import { TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import {
  TOKEN_2022_PROGRAM_ADDRESS,
  findAssociatedTokenPda,
  getBurnInstruction,
  getCreateAssociatedTokenIdempotentInstructionAsync,
  getInitializeMint2Instruction,
  getMintToInstruction,
  getTransferInstruction,
} from '@solana-program/token-2022'
import { RENT_EXEMPT_RENT_EPOCH } from '../../../../localnet/chain/local-account.js'
import type { TestLocalnet } from '../../../helpers/localnet-start.js'

export type TokenProgram = typeof TOKEN_PROGRAM_ADDRESS | typeof TOKEN_2022_PROGRAM_ADDRESS
export { TOKEN_2022_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS }

/** Sends instructions signed by every signer they carry; throws with the logs when refused. */
export async function send(localnet: TestLocalnet, feePayer: KeyPairSigner, instructions: Instruction[]): Promise<void> {
  const blockhash = localnet.chain.getLatestBlockhash().blockhash as Blockhash
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(feePayer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash, lastValidBlockHeight: 0n }, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  const signed = await signTransactionMessageWithSigners(message)
  const sent = await localnet.call('sendTransaction', [getBase64EncodedWireTransaction(signed), { encoding: 'base64' }])
  if (sent.error) throw new Error(`${sent.error.message}\n${((sent.error.data?.logs as string[] | undefined) ?? []).join('\n')}`)
}

/** A signer with 10 SOL. */
export async function createPayer(localnet: TestLocalnet): Promise<KeyPairSigner> {
  const signer = await generateKeyPairSigner()
  const airdrop = await localnet.call('requestAirdrop', [signer.address, 10_000_000_000])
  if (airdrop.error) throw new Error(airdrop.error.message)
  return signer
}

/** A new mint under `program`, `payer` its mint authority. */
export async function createMint(
  localnet: TestLocalnet,
  payer: KeyPairSigner,
  program: TokenProgram = TOKEN_PROGRAM_ADDRESS,
  decimals = 6,
): Promise<Address> {
  const mint = await generateKeyPairSigner()
  await send(localnet, payer, [
    getCreateAccountInstruction({
      payer,
      newAccount: mint,
      lamports: localnet.chain.getMinimumBalanceForRentExemption(82n),
      space: 82,
      programAddress: program,
    }),
    getInitializeMint2Instruction({ mint: mint.address, decimals, mintAuthority: payer.address }, { programAddress: program }),
  ])
  return mint.address
}

/** The associated token account of `owner` (on or off curve) for `mint`, created. */
export async function createTokenAccount(
  localnet: TestLocalnet,
  payer: KeyPairSigner,
  mint: Address,
  owner: Address,
  program: TokenProgram = TOKEN_PROGRAM_ADDRESS,
): Promise<Address> {
  const [ata] = await findAssociatedTokenPda({ owner, mint, tokenProgram: program })
  await send(localnet, payer, [await getCreateAssociatedTokenIdempotentInstructionAsync({ payer, owner, mint, tokenProgram: program })])
  return ata
}

/** MintTo `amount` into `account`, signed by the mint authority `payer`. */
export async function mintTo(
  localnet: TestLocalnet,
  payer: KeyPairSigner,
  mint: Address,
  account: Address,
  amount: bigint,
  program: TokenProgram = TOKEN_PROGRAM_ADDRESS,
): Promise<void> {
  await send(localnet, payer, [getMintToInstruction({ mint, token: account, mintAuthority: payer, amount }, { programAddress: program })])
}

/** Transfer `amount` from `source` (owned by `authority`) to `destination`. */
export async function transfer(
  localnet: TestLocalnet,
  authority: KeyPairSigner,
  source: Address,
  destination: Address,
  amount: bigint,
  program: TokenProgram = TOKEN_PROGRAM_ADDRESS,
): Promise<void> {
  await send(localnet, authority, [getTransferInstruction({ source, destination, authority, amount }, { programAddress: program })])
}

/** Burn `amount` from `account` (owned by `authority`): the mint's supply drops. */
export async function burn(
  localnet: TestLocalnet,
  authority: KeyPairSigner,
  mint: Address,
  account: Address,
  amount: bigint,
  program: TokenProgram = TOKEN_PROGRAM_ADDRESS,
): Promise<void> {
  await send(localnet, authority, [getBurnInstruction({ account, mint, authority, amount }, { programAddress: program })])
}

/** Writes a program-owned account with `data` (a pool, as its program would have written it). */
export function plant(localnet: TestLocalnet, address: Address, program: Address, data: Uint8Array): void {
  localnet.chain.setAccount(address, {
    lamports: localnet.chain.getMinimumBalanceForRentExemption(BigInt(data.length)),
    data,
    owner: program,
    executable: false,
    rentEpoch: RENT_EXEMPT_RENT_EPOCH,
  })
}

const key = getAddressEncoder()
const u64 = getU64Encoder()
const bytes = (n: number) => fixEncoderSize(getBytesEncoder(), n)

/** raydium-io/raydium-amm program/src/state.rs `AmmInfo` (repr(C); on SBF u128 aligns to 8, so no padding). */
const ammInfoEncoder = getStructEncoder([
  ['status', u64],
  ['nonce', u64],
  ['orderNum', u64],
  ['depth', u64],
  ['coinDecimals', u64],
  ['pcDecimals', u64],
  ['state', u64],
  ['resetFlag', u64],
  ['minSize', u64],
  ['volMaxCutRatio', u64],
  ['amountWave', u64],
  ['coinLotSize', u64],
  ['pcLotSize', u64],
  ['minPriceMultiplier', u64],
  ['maxPriceMultiplier', u64],
  ['sysDecimalValue', u64],
  ['fees', getArrayEncoder(u64, { size: 8 })],
  // StateData: 4 u64, pool_open_time, padding [u64; 2], orderbook_to_init_time, 2 u128, u64, 2 u128, u64.
  ['stateData', bytes(8 * 8 + 16 * 2 + 8 + 16 * 2 + 8)],
  ['coinVault', key],
  ['pcVault', key],
  ['coinVaultMint', key],
  ['pcVaultMint', key],
  ['lpMint', key],
  ['openOrders', key],
  ['market', key],
  ['marketProgram', key],
  ['targetOrders', key],
  ['padding1', getArrayEncoder(u64, { size: 8 })],
  ['ammOwner', key],
  ['lpAmount', u64],
  ['clientOrderId', u64],
  ['padding2', getArrayEncoder(u64, { size: 2 })],
])

export interface CpPoolFields {
  mintA: Address
  mintB: Address
  vaultA: Address
  vaultB: Address
  lpMint: Address
  lpReserve: bigint
}

const zeroKey = '11111111111111111111111111111111' as Address

/**
 * The `Fees` every pool gets at creation (state.rs `Fees::initialize`): min_separate 5/10000,
 * trade 25/10000, pnl 12/100, swap 25/10000, as numerator/denominator pairs.
 */
export const RAYDIUM_AMM_V4_FEES: readonly bigint[] = [5n, 10_000n, 25n, 10_000n, 12n, 100n, 25n, 10_000n]

/**
 * An initialized Raydium AMM v4 pool (status 6, SwapOnly: swaps run without the order book) with
 * these fields; `fees` zero unless given (a swap needs them: it divides by the swap fee's denominator).
 */
export function encodeRaydiumAmmV4(fields: CpPoolFields, fees: readonly bigint[] = Array<bigint>(8).fill(0n)): Uint8Array {
  const zero = 0n
  return new Uint8Array(
    ammInfoEncoder.encode({
      status: 6n,
      nonce: 254n,
      orderNum: 7n,
      depth: 3n,
      coinDecimals: 6n,
      pcDecimals: 6n,
      state: 1n,
      resetFlag: 1n,
      minSize: zero,
      volMaxCutRatio: 500n,
      amountWave: zero,
      coinLotSize: 1n,
      pcLotSize: 1n,
      minPriceMultiplier: 1n,
      maxPriceMultiplier: 1_000_000_000n,
      sysDecimalValue: 1_000_000n,
      fees: [...fees],
      stateData: new Uint8Array(144),
      coinVault: fields.vaultA,
      pcVault: fields.vaultB,
      coinVaultMint: fields.mintA,
      pcVaultMint: fields.mintB,
      lpMint: fields.lpMint,
      openOrders: zeroKey,
      market: zeroKey,
      marketProgram: zeroKey,
      targetOrders: zeroKey,
      padding1: Array(8).fill(zero),
      ammOwner: zeroKey,
      lpAmount: fields.lpReserve,
      clientOrderId: zero,
      padding2: [zero, zero],
    }),
  )
}

/** raydium-io/raydium-cp-swap programs/cp-swap/src/states/pool.rs `PoolState` (repr(packed)) after its discriminator. */
const cpmmPoolEncoder = getStructEncoder([
  ['discriminator', bytes(8)],
  ['ammConfig', key],
  ['poolCreator', key],
  ['token0Vault', key],
  ['token1Vault', key],
  ['lpMint', key],
  ['token0Mint', key],
  ['token1Mint', key],
  ['token0Program', key],
  ['token1Program', key],
  ['observationKey', key],
  ['authBump', getU8Encoder()],
  ['status', getU8Encoder()],
  ['lpMintDecimals', getU8Encoder()],
  ['mint0Decimals', getU8Encoder()],
  ['mint1Decimals', getU8Encoder()],
  ['lpSupply', u64],
  ['protocolFeesToken0', u64],
  ['protocolFeesToken1', u64],
  ['fundFeesToken0', u64],
  ['fundFeesToken1', u64],
  ['openTime', u64],
  ['recentEpoch', u64],
  ['padding', getArrayEncoder(u64, { size: 31 })],
])

/** sha256("account:PoolState")[0..8]. */
export const CPMM_POOL_DISCRIMINATOR = Uint8Array.from([247, 237, 227, 245, 215, 195, 222, 70])

export function encodeRaydiumCpmm(fields: CpPoolFields): Uint8Array {
  return new Uint8Array(
    cpmmPoolEncoder.encode({
      discriminator: CPMM_POOL_DISCRIMINATOR,
      ammConfig: zeroKey,
      poolCreator: zeroKey,
      token0Vault: fields.vaultA,
      token1Vault: fields.vaultB,
      lpMint: fields.lpMint,
      token0Mint: fields.mintA,
      token1Mint: fields.mintB,
      token0Program: TOKEN_PROGRAM_ADDRESS,
      token1Program: TOKEN_PROGRAM_ADDRESS,
      observationKey: zeroKey,
      authBump: 253,
      status: 0,
      lpMintDecimals: 9,
      mint0Decimals: 6,
      mint1Decimals: 6,
      lpSupply: fields.lpReserve,
      protocolFeesToken0: 0n,
      protocolFeesToken1: 0n,
      fundFeesToken0: 0n,
      fundFeesToken1: 0n,
      openTime: 0n,
      recentEpoch: 0n,
      padding: Array(31).fill(0n),
    }),
  )
}

/** pump-fun/pump-public-docs idl/pump_amm.json `Pool`, up to `coin_creator` (243 bytes); older pools end at `lp_supply` (211). */
const pumpPoolEncoder = getStructEncoder([
  ['discriminator', bytes(8)],
  ['poolBump', getU8Encoder()],
  ['index', getU16Encoder()],
  ['creator', key],
  ['baseMint', key],
  ['quoteMint', key],
  ['lpMint', key],
  ['poolBaseTokenAccount', key],
  ['poolQuoteTokenAccount', key],
  ['lpSupply', u64],
  ['coinCreator', key],
  ['isMayhemMode', getBooleanEncoder()],
])

/** sha256("account:Pool")[0..8]. */
export const PUMPSWAP_POOL_DISCRIMINATOR = Uint8Array.from([241, 154, 109, 4, 17, 177, 109, 188])

/** A PumpSwap pool, cut or zero-extended to `size` bytes (211 oldest, 244 with is_mayhem_mode, 300+ extended). */
export function encodePumpSwapPool(fields: CpPoolFields, size: number): Uint8Array {
  const full = new Uint8Array(
    pumpPoolEncoder.encode({
      discriminator: PUMPSWAP_POOL_DISCRIMINATOR,
      poolBump: 255,
      index: 0,
      creator: zeroKey,
      baseMint: fields.mintA,
      quoteMint: fields.mintB,
      lpMint: fields.lpMint,
      poolBaseTokenAccount: fields.vaultA,
      poolQuoteTokenAccount: fields.vaultB,
      lpSupply: fields.lpReserve,
      coinCreator: zeroKey,
      isMayhemMode: false,
    }),
  )
  const data = new Uint8Array(size)
  data.set(full.subarray(0, Math.min(size, full.length)))
  return data
}
