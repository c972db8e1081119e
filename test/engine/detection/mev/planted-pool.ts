/**
 * Swaps as they are on-chain, planted on localnet with real transactions: a "pool" is two token
 * accounts (a token X and wSOL) owned by a pool-authority keypair the test holds, and a swap is
 * one transaction signed by the trader and the pool authority in which the trader pays one vault
 * and the other vault pays the trader. The trader pays and receives native SOL, wrapped and
 * unwrapped in the swap as a wallet does; no swap program is needed.
 */
import {
  appendTransactionMessageInstructions,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase58Decoder,
  getBase64EncodedWireTransaction,
  none,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  some,
  type Address,
  type Blockhash,
  type Instruction,
  type KeyPairSigner,
} from '@solana/kit'
import { getCreateAccountInstruction, getTransferSolInstruction } from '@solana-program/system'
import {
  TOKEN_PROGRAM_ADDRESS,
  findAssociatedTokenPda,
  getCloseAccountInstruction,
  getCreateAssociatedTokenIdempotentInstructionAsync,
  getInitializeMint2Instruction,
  getMintEncoder,
  getMintToInstruction,
  getSyncNativeInstruction,
  getTransferInstruction,
} from '@solana-program/token'
import type { LocalChain } from '../../../../localnet/chain.js'
import { RENT_EXEMPT_RENT_EPOCH } from '../../../../localnet/chain/local-account.js'

export const NATIVE_MINT = 'So11111111111111111111111111111111111111112' as Address
const MINT_SIZE = 82n

/** Signs `instructions` with the signers they carry (the fee payer first) and encodes them. */
export async function buildSigned(chain: LocalChain, feePayer: KeyPairSigner, instructions: readonly Instruction[]): Promise<Uint8Array> {
  const { blockhash, lastValidBlockHeight } = chain.getLatestBlockhash()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(feePayer, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: blockhash as Blockhash, lastValidBlockHeight: BigInt(lastValidBlockHeight) },
        m,
      ),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  const signed = await signTransactionMessageWithSigners(message)
  return new Uint8Array(Buffer.from(getBase64EncodedWireTransaction(signed), 'base64'))
}

/** Lands `instructions` straight on the chain (setup); throws if the transaction fails. */
export async function land(chain: LocalChain, feePayer: KeyPairSigner, instructions: readonly Instruction[]): Promise<string> {
  const result = chain.send(await buildSigned(chain, feePayer, instructions))
  if (result.err !== null) throw new Error(`setup transaction failed: ${JSON.stringify(result.err)}\n${result.logs.join('\n')}`)
  return result.signature
}

/** The wSOL mint as mainnet has it (LiteSVM does not create it): no authority, 9 decimals. */
export function ensureNativeMint(chain: LocalChain): void {
  if (chain.getAccount(NATIVE_MINT)) return
  const data = new Uint8Array(
    getMintEncoder().encode({ mintAuthority: none(), supply: 0n, decimals: 9, isInitialized: true, freezeAuthority: none() }),
  )
  chain.setAccount(NATIVE_MINT, {
    lamports: chain.getMinimumBalanceForRentExemption(MINT_SIZE),
    data,
    owner: TOKEN_PROGRAM_ADDRESS,
    executable: false,
    rentEpoch: RENT_EXEMPT_RENT_EPOCH,
  })
}

/** The associated token account of `owner` for `mint`. */
export async function getAta(owner: Address, mint: Address): Promise<Address> {
  const [ata] = await findAssociatedTokenPda({ owner, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
  return ata
}

export interface PlantedPool {
  readonly authority: KeyPairSigner
  readonly mint: Address
  readonly decimals: number
  /** The pool's X vault and wSOL vault. */
  readonly tokenVault: Address
  readonly solVault: Address
}

/** A new mint X and a pool holding `tokens` X and `lamports` of wSOL. */
export async function plantPool(chain: LocalChain, options: { tokens: bigint; lamports: bigint; decimals?: number }): Promise<PlantedPool> {
  ensureNativeMint(chain)
  const decimals = options.decimals ?? 6
  const [authority, mint] = await Promise.all([generateKeyPairSigner(), generateKeyPairSigner()])
  chain.airdrop(authority.address, options.lamports + 10_000_000_000n)
  await land(chain, authority, [
    getCreateAccountInstruction({
      payer: authority,
      newAccount: mint,
      lamports: chain.getMinimumBalanceForRentExemption(MINT_SIZE),
      space: MINT_SIZE,
      programAddress: TOKEN_PROGRAM_ADDRESS,
    }),
    getInitializeMint2Instruction({
      mint: mint.address,
      decimals,
      mintAuthority: authority.address,
      freezeAuthority: some(authority.address),
    }),
  ])
  const tokenVault = await getAta(authority.address, mint.address)
  const solVault = await getAta(authority.address, NATIVE_MINT)
  await land(chain, authority, [
    await getCreateAssociatedTokenIdempotentInstructionAsync({ payer: authority, owner: authority.address, mint: mint.address }),
    await getCreateAssociatedTokenIdempotentInstructionAsync({ payer: authority, owner: authority.address, mint: NATIVE_MINT }),
    getMintToInstruction({ mint: mint.address, token: tokenVault, mintAuthority: authority, amount: options.tokens }),
    getTransferSolInstruction({ source: authority, destination: solVault, amount: options.lamports }),
    getSyncNativeInstruction({ account: solVault }),
  ])
  return { authority, mint: mint.address, decimals, tokenVault, solVault }
}

/** A funded wallet. */
export async function createTrader(chain: LocalChain, lamports = 100_000_000_000n): Promise<KeyPairSigner> {
  const trader = await generateKeyPairSigner()
  chain.airdrop(trader.address, lamports)
  return trader
}

/** Buys `tokensOut` X for `lamportsIn` SOL: native SOL into the wSOL vault, X out to the trader's (created) account. */
export async function buildBuy(
  chain: LocalChain,
  pool: PlantedPool,
  trader: KeyPairSigner,
  lamportsIn: bigint,
  tokensOut: bigint,
): Promise<Uint8Array> {
  const traderToken = await getAta(trader.address, pool.mint)
  return buildSigned(chain, trader, [
    await getCreateAssociatedTokenIdempotentInstructionAsync({ payer: trader, owner: trader.address, mint: pool.mint }),
    getTransferSolInstruction({ source: trader, destination: pool.solVault, amount: lamportsIn }),
    getSyncNativeInstruction({ account: pool.solVault }),
    getTransferInstruction({ source: pool.tokenVault, destination: traderToken, authority: pool.authority, amount: tokensOut }),
  ])
}

/** Sells `tokensIn` X for `lamportsOut` SOL, paid as wSOL into a temporary account the trader closes (unwraps). */
export async function buildSell(
  chain: LocalChain,
  pool: PlantedPool,
  trader: KeyPairSigner,
  tokensIn: bigint,
  lamportsOut: bigint,
): Promise<Uint8Array> {
  const traderToken = await getAta(trader.address, pool.mint)
  const traderWsol = await getAta(trader.address, NATIVE_MINT)
  return buildSigned(chain, trader, [
    getTransferInstruction({ source: traderToken, destination: pool.tokenVault, authority: trader, amount: tokensIn }),
    await getCreateAssociatedTokenIdempotentInstructionAsync({ payer: trader, owner: trader.address, mint: NATIVE_MINT }),
    getTransferInstruction({ source: pool.solVault, destination: traderWsol, authority: pool.authority, amount: lamportsOut }),
    getCloseAccountInstruction({ account: traderWsol, destination: trader.address, owner: trader }),
  ])
}

const base58 = getBase58Decoder()

/** The base58 signature (transaction id) of wire bytes: its first signature. */
export function getSignature(bytes: Uint8Array): string {
  return base58.decode(bytes.subarray(1, 65))
}
