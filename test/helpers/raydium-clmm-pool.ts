/**
 * A Raydium CLMM pool of wrapped SOL and a fresh 6-decimal token, made on localnet through the
 * real program (the mainnet binary in test/fixtures/programs): the recorded mainnet AMM config
 * written as state (only Raydium's admin may create one), then `create_pool` and
 * `open_position_v2` signed and landed, the tick arrays created by the positions that need them.
 * Instruction layouts: raydium-io/raydium-clmm @ 17582bf (programs/amm/src/instructions/
 * create_pool.rs, open_position.rs, swap.rs, swap_v2.rs), the last commit before
 * `open_position_with_token22_nft`, which this binary does not have.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  AccountRole,
  address,
  generateKeyPairSigner,
  getAddressEncoder,
  type Address,
  type Instruction,
  type KeyPairSigner,
} from '@solana/kit'
import {
  ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getSyncNativeInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { TOKEN_2022_PROGRAM_ADDRESS as TOKEN_2022 } from '@solana-program/token-2022'
import { getTransferSolInstruction } from '@solana-program/system'
import { getSetComputeUnitLimitInstruction } from '@solana-program/compute-budget'
import type { LocalChain } from '../../localnet/chain.js'
import { parseAccountDump } from '../../localnet/seed/accounts-dir.js'
import { ORCA_ACCOUNTS_DIR, PROGRAMS_DIR } from './fixtures.js'
import { buildTransaction } from './transactions.js'
import { accountMeta as account, anchorDiscriminator as discriminator, findProgramAddress, u64 } from './anchor-instruction.js'
import { getMintSize, mintSetupInstructions } from './token-mint-setup.js'

export const CLMM = address('CAMMCzo5YL8w4VFF8KVHrK22GGUsp5VTaW7grrKgrWqK')
/** Mainnet AMM config index 4: tick spacing 1, trade fee 0.01 %, protocol 12 % and fund 4 % of it. */
const AMM_CONFIG_FILE = 'raydium_clmm_config_4.9iFER3bpjf1PTTCQCfTRu17EJgvsxo9pVyA9QWwEuX4x.json'
export const TRADE_FEE_RATE = 100n // millionths
export const WSOL = address('So11111111111111111111111111111111111111112')
const SYSTEM = address('11111111111111111111111111111111')
const RENT = address('SysvarRent111111111111111111111111111111111')
const MEMO = address('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr')
const METADATA = address('metaqbxxUerdq28cj1RbAWkYQm3ybzjb6a8bt518x1s')
/** Ticks a tick array holds (times the spacing, 1 here). */
export const TICKS_PER_ARRAY = 60
const MAX_COMPUTE = getSetComputeUnitLimitInstruction({ units: 1_400_000 })

const encoder = getAddressEncoder()
const u128 = (value: bigint) => Buffer.concat([u64(value & (2n ** 64n - 1n)), u64(value >> 64n)])
const i32 = (value: number) => {
  const bytes = Buffer.alloc(4)
  bytes.writeInt32LE(value)
  return bytes
}
const i32BigEndian = (value: number) => {
  const bytes = Buffer.alloc(4)
  bytes.writeInt32BE(value)
  return bytes
}
/** A seed naming an account (a string seed is the literal's bytes). */
const key = (value: Address) => Buffer.from(encoder.encode(value))
const pda = (...seeds: Array<string | Buffer>) => findProgramAddress(CLMM, ...seeds)
const ata = async (owner: Address, mint: Address) => (await findAssociatedTokenPda({ owner, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS }))[0]

/** The start tick of the array holding `tick`. */
export const getTickArrayStart = (tick: number) => Math.floor(tick / TICKS_PER_ARRAY) * TICKS_PER_ARRAY

export interface ClmmWallet {
  signer: KeyPairSigner
  wsol: Address
  token: Address
}

export interface ClmmSwapOrder {
  amount: bigint
  /** The minimum output (exact in) or the maximum input (exact out). */
  threshold: bigint
  solIn: boolean
  /** Start ticks of the tick arrays, in the order the swap names them. */
  tickArrays: readonly number[]
  exactIn?: boolean
  /** `swap` (the first tick array a fixed account) instead of `swapV2`. */
  v1?: boolean
}

export interface ClmmPool {
  pool: Address
  mint: Address
  vaultSol: Address
  vaultToken: Address
  bitmapExtension: Address
  /** A wallet with its wrapped-SOL and token accounts (created by `fund`). */
  createWallet(lamports: bigint): Promise<ClmmWallet>
  fund(owner: ClmmWallet, lamports: bigint): Instruction[]
  /** swap / swapV2, the bitmap extension first among the remaining accounts as Raydium's client passes it. */
  swap(owner: ClmmWallet, order: ClmmSwapOrder): Promise<Instruction>
  /** Opens a position over [lower, upper] of this much wrapped SOL or token (and what the other side takes at the price). */
  openPosition(lower: number, upper: number, deposit: { sol: bigint } | { token: bigint }): Promise<Uint8Array>
  tickArray(start: number): Promise<Address>
}

/**
 * Creates the pool at `sqrtPriceX64` (token units per lamport, Q64.64), wrapped SOL as token 0:
 * the token's mint is drawn until its key sorts after wrapped SOL's, so the SOL → token swaps
 * move the price down. `land` sends a transaction and checks that it landed.
 */
export async function createClmmPool(
  chain: LocalChain,
  blockhash: string,
  sqrtPriceX64: bigint,
  land: (bytes: Uint8Array, what: string) => void,
): Promise<ClmmPool> {
  const creator = await generateKeyPairSigner()
  let mint = await generateKeyPairSigner()
  while (Buffer.compare(Buffer.from(encoder.encode(mint.address)), Buffer.from(encoder.encode(WSOL))) <= 0)
    mint = await generateKeyPairSigner()
  chain.airdrop(creator.address, 10_000n * 1_000_000_000n)
  const minted = await mintSetupInstructions({
    payer: creator,
    mint,
    owner: creator.address,
    decimals: 6,
    amount: 10n ** 15n,
    mintRentLamports: chain.getMinimumBalanceForRentExemption(BigInt(getMintSize())),
  })
  const creatorWsol = await ata(creator.address, WSOL)
  land(
    await buildTransaction({
      feePayer: creator.address,
      blockhash,
      signers: [creator, mint],
      instructions: [
        ...minted.instructions,
        getCreateAssociatedTokenIdempotentInstruction({ payer: creator, ata: creatorWsol, owner: creator.address, mint: WSOL }),
        getTransferSolInstruction({ source: creator, destination: creatorWsol, amount: 5_000n * 1_000_000_000n }),
        getSyncNativeInstruction({ account: creatorWsol }),
      ],
    }),
    'the token is minted and the SOL wrapped',
  )

  const config = parseAccountDump(AMM_CONFIG_FILE, readFileSync(join(ORCA_ACCOUNTS_DIR, AMM_CONFIG_FILE), 'utf8'))
  chain.setAccount(config.address, config.account)
  // open_position_v2 checks the Metaplex program is there even when it mints no metadata
  // (with_metadata false): any program at its address does.
  chain.addProgram(METADATA, readFileSync(join(PROGRAMS_DIR, `${CLMM}.so`)))

  const ammConfig = config.address
  const pool = await pda('pool', key(ammConfig), key(WSOL), key(mint.address))
  const vaultSol = await pda('pool_vault', key(pool), key(WSOL))
  const vaultToken = await pda('pool_vault', key(pool), key(mint.address))
  const observation = await pda('observation', key(pool))
  const bitmapExtension = await pda('pool_tick_array_bitmap_extension', key(pool))
  const createPool: Instruction = {
    programAddress: CLMM,
    accounts: [
      account(creator.address, AccountRole.WRITABLE_SIGNER),
      account(ammConfig, AccountRole.READONLY),
      account(pool, AccountRole.WRITABLE),
      account(WSOL, AccountRole.READONLY),
      account(mint.address, AccountRole.READONLY),
      account(vaultSol, AccountRole.WRITABLE),
      account(vaultToken, AccountRole.WRITABLE),
      account(observation, AccountRole.WRITABLE),
      account(bitmapExtension, AccountRole.WRITABLE),
      account(TOKEN_PROGRAM_ADDRESS, AccountRole.READONLY),
      account(TOKEN_PROGRAM_ADDRESS, AccountRole.READONLY),
      account(SYSTEM, AccountRole.READONLY),
      account(RENT, AccountRole.READONLY),
    ],
    data: Buffer.concat([discriminator('create_pool'), u128(sqrtPriceX64), u64(0n)]),
  }
  land(
    await buildTransaction({ feePayer: creator.address, blockhash, signers: [creator], instructions: [MAX_COMPUTE, createPool] }),
    'the pool is created by the real program',
  )

  const tickArray = (start: number) => pda('tick_array', key(pool), i32BigEndian(start))

  async function openPosition(lower: number, upper: number, deposit: { sol: bigint } | { token: bigint }): Promise<Uint8Array> {
    const nft = await generateKeyPairSigner()
    const [lowerStart, upperStart] = [getTickArrayStart(lower), getTickArrayStart(upper)]
    const open: Instruction = {
      programAddress: CLMM,
      accounts: [
        account(creator.address, AccountRole.WRITABLE_SIGNER),
        account(creator.address, AccountRole.READONLY),
        account(nft.address, AccountRole.WRITABLE_SIGNER),
        account(await ata(creator.address, nft.address), AccountRole.WRITABLE),
        account((await generateKeyPairSigner()).address, AccountRole.WRITABLE), // metadata: none minted
        account(pool, AccountRole.WRITABLE),
        account(await pda('position', key(pool), i32BigEndian(lower), i32BigEndian(upper)), AccountRole.WRITABLE),
        account(await tickArray(lowerStart), AccountRole.WRITABLE),
        account(await tickArray(upperStart), AccountRole.WRITABLE),
        account(await pda('position', key(nft.address)), AccountRole.WRITABLE),
        account(creatorWsol, AccountRole.WRITABLE),
        account(minted.associatedTokenAccount, AccountRole.WRITABLE),
        account(vaultSol, AccountRole.WRITABLE),
        account(vaultToken, AccountRole.WRITABLE),
        account(RENT, AccountRole.READONLY),
        account(SYSTEM, AccountRole.READONLY),
        account(TOKEN_PROGRAM_ADDRESS, AccountRole.READONLY),
        account(ASSOCIATED_TOKEN_PROGRAM_ADDRESS, AccountRole.READONLY),
        account(METADATA, AccountRole.READONLY),
        account(TOKEN_2022, AccountRole.READONLY),
        account(WSOL, AccountRole.READONLY),
        account(mint.address, AccountRole.READONLY),
        account(bitmapExtension, AccountRole.WRITABLE),
      ],
      // tick_lower, tick_upper, their arrays' starts, liquidity 0 (computed from amount_0_max when
      // base_flag is Some(true), from amount_1_max when Some(false)), the two maxima, with_metadata false.
      data: Buffer.concat([
        discriminator('open_position_v2'),
        i32(lower),
        i32(upper),
        i32(lowerStart),
        i32(upperStart),
        u128(0n),
        u64('sol' in deposit ? deposit.sol : 5_000n * 1_000_000_000n),
        u64('token' in deposit ? deposit.token : 10n ** 15n),
        Buffer.from([0, 1, 'sol' in deposit ? 1 : 0]),
      ]),
    }
    return buildTransaction({ feePayer: creator.address, blockhash, signers: [creator, nft], instructions: [MAX_COMPUTE, open] })
  }

  async function createWallet(lamports: bigint): Promise<ClmmWallet> {
    const signer = await generateKeyPairSigner()
    chain.airdrop(signer.address, lamports)
    return { signer, wsol: await ata(signer.address, WSOL), token: await ata(signer.address, mint.address) }
  }

  const fund = (owner: ClmmWallet, lamports: bigint): Instruction[] => [
    getCreateAssociatedTokenIdempotentInstruction({ payer: owner.signer, ata: owner.wsol, owner: owner.signer.address, mint: WSOL }),
    getTransferSolInstruction({ source: owner.signer, destination: owner.wsol, amount: lamports }),
    getSyncNativeInstruction({ account: owner.wsol }),
    getCreateAssociatedTokenIdempotentInstruction({
      payer: owner.signer,
      ata: owner.token,
      owner: owner.signer.address,
      mint: mint.address,
    }),
  ]

  async function swap(owner: ClmmWallet, order: ClmmSwapOrder): Promise<Instruction> {
    const [input, output, vaultIn, vaultOut, mintIn, mintOut] = order.solIn
      ? [owner.wsol, owner.token, vaultSol, vaultToken, WSOL, mint.address]
      : [owner.token, owner.wsol, vaultToken, vaultSol, mint.address, WSOL]
    const arrays = await Promise.all(order.tickArrays.map((start) => tickArray(start)))
    const head = [
      account(owner.signer.address, AccountRole.READONLY_SIGNER),
      account(ammConfig, AccountRole.READONLY),
      account(pool, AccountRole.WRITABLE),
      account(input, AccountRole.WRITABLE),
      account(output, AccountRole.WRITABLE),
      account(vaultIn, AccountRole.WRITABLE),
      account(vaultOut, AccountRole.WRITABLE),
      account(observation, AccountRole.WRITABLE),
      account(TOKEN_PROGRAM_ADDRESS, AccountRole.READONLY),
    ]
    const tickArrays = arrays.map((key) => account(key, AccountRole.WRITABLE))
    const extension = account(bitmapExtension, AccountRole.READONLY)
    const accounts = order.v1
      ? [...head, tickArrays[0]!, extension, ...tickArrays.slice(1)]
      : [
          ...head,
          account(TOKEN_2022, AccountRole.READONLY),
          account(MEMO, AccountRole.READONLY),
          account(mintIn, AccountRole.READONLY),
          account(mintOut, AccountRole.READONLY),
          extension,
          ...tickArrays,
        ]
    return {
      programAddress: CLMM,
      accounts,
      data: Buffer.concat([
        discriminator(order.v1 ? 'swap' : 'swap_v2'),
        u64(order.amount),
        u64(order.threshold),
        u128(0n),
        Buffer.from([order.exactIn === false ? 0 : 1]),
      ]),
    }
  }

  return { pool, mint: mint.address, vaultSol, vaultToken, bitmapExtension, createWallet, fund, swap, openPosition, tickArray }
}
