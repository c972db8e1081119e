/**
 * The generator's own wallets: keys derived from the seed (random without one), each funded at
 * start with SOL by airdrop and with demo-mint tokens by a real transaction from the mint
 * authority (demo wallet 1) that creates its associated token account and mints to it.
 * Wallets that already hold enough (a rerun with the same seed) are left as they are.
 */
import { createHash, randomBytes } from 'node:crypto'
import {
  createKeyPairSignerFromPrivateKeyBytes,
  lamports,
  type KeyPairSigner,
  type Rpc,
  type Signature,
  type SolanaRpcApi,
} from '@solana/kit'
import {
  fetchAllMaybeToken,
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getMintToCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import type { Logger } from '../../lib/logger.js'
import { DEMO_MINT, DEMO_MINT_DECIMALS } from '../seed/demo-state.js'
import { signInstructions, type RecentBlockhash } from './traffic-transactions.js'
import type { TrafficWallet } from './traffic-wallet.js'

/** Each wallet is airdropped this much SOL when it holds less than a tenth of it. */
export const WALLET_FUNDING_LAMPORTS = 100_000_000_000n
/** Each wallet is minted this many token base units (10,000 tokens) when it holds less than a tenth. */
export const WALLET_FUNDING_TOKENS = 10_000_000_000n
/** Wallets funded per token transaction (5 shared accounts + 2 per wallet stay far below 1232 bytes). */
const WALLETS_PER_FUNDING_TX = 4

/** Derives `count` wallets: private key sha256("localnet-traffic-wallet-<seed>-<i>"), or random. */
export async function createTrafficWallets(count: number, seed: number | undefined): Promise<TrafficWallet[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const privateKey = seed === undefined ? randomBytes(32) : createHash('sha256').update(`localnet-traffic-wallet-${seed}-${i}`).digest()
      const signer = await createKeyPairSignerFromPrivateKeyBytes(new Uint8Array(privateKey))
      const [tokenAccount] = await findAssociatedTokenPda({
        owner: signer.address,
        mint: DEMO_MINT,
        tokenProgram: TOKEN_PROGRAM_ADDRESS,
      })
      return { signer, tokenAccount }
    }),
  )
}

/** Polls getSignatureStatuses until every signature has a status; throws on an error or timeout. */
export async function confirmSignatures(
  rpc: Rpc<SolanaRpcApi>,
  signatures: readonly Signature[],
  options: { timeoutMs: number; abortSignal: AbortSignal },
): Promise<void> {
  const deadline = Date.now() + options.timeoutMs
  let waiting = [...signatures]
  while (waiting.length > 0) {
    const { value } = await rpc.getSignatureStatuses(waiting).send({ abortSignal: options.abortSignal })
    const failed = value.find((status) => status?.err)
    if (failed)
      throw new Error(
        `funding transaction failed: ${JSON.stringify(failed.err, (_, v: unknown) => (typeof v === 'bigint' ? String(v) : v))}`,
      )
    waiting = waiting.filter((_, i) => !value[i])
    if (waiting.length === 0) return
    if (Date.now() > deadline) throw new Error(`funding transactions not seen after ${options.timeoutMs} ms: ${waiting.join(', ')}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** Airdrops SOL and mints tokens to the wallets that need them; resolves once all of it landed. */
export async function fundTrafficWallets(options: {
  rpc: Rpc<SolanaRpcApi>
  wallets: readonly TrafficWallet[]
  /** The demo mint's authority (demo wallet 1), which pays for the token accounts. */
  mintAuthority: KeyPairSigner
  getBlockhash: () => Promise<RecentBlockhash>
  logger: Logger
  abortSignal: AbortSignal
}): Promise<void> {
  const { rpc, wallets, mintAuthority, logger, abortSignal } = options
  const send = { abortSignal }
  const mint = await rpc.getAccountInfo(DEMO_MINT, { encoding: 'base64' }).send(send)
  if (!mint.value) throw new Error(`the demo mint ${DEMO_MINT} is missing: start localnet with LOCALNET_DEMO=true`)

  const balances = await Promise.all(wallets.map((wallet) => rpc.getBalance(wallet.signer.address).send(send)))
  const airdrops = await Promise.all(
    wallets
      .filter((_, i) => (balances[i]?.value ?? 0n) < WALLET_FUNDING_LAMPORTS / 10n)
      .map((wallet) => rpc.requestAirdrop(wallet.signer.address, lamports(WALLET_FUNDING_LAMPORTS)).send(send)),
  )

  const tokenAccounts = await fetchAllMaybeToken(
    rpc,
    wallets.map((wallet) => wallet.tokenAccount),
    send,
  )
  const needTokens = wallets.filter((_, i) => {
    const account = tokenAccounts[i]
    return !account?.exists || account.data.amount < WALLET_FUNDING_TOKENS / 10n
  })
  const funding: Signature[] = []
  for (let start = 0; start < needTokens.length; start += WALLETS_PER_FUNDING_TX) {
    const chunk = needTokens.slice(start, start + WALLETS_PER_FUNDING_TX)
    const instructions = chunk.flatMap((wallet) => [
      getCreateAssociatedTokenIdempotentInstruction({
        payer: mintAuthority,
        ata: wallet.tokenAccount,
        owner: wallet.signer.address,
        mint: DEMO_MINT,
      }),
      getMintToCheckedInstruction({
        mint: DEMO_MINT,
        token: wallet.tokenAccount,
        mintAuthority,
        amount: WALLET_FUNDING_TOKENS,
        decimals: DEMO_MINT_DECIMALS,
      }),
    ])
    const { signature, wire } = await signInstructions(mintAuthority, instructions, await options.getBlockhash())
    await rpc.sendTransaction(wire, { encoding: 'base64' }).send(send)
    funding.push(signature)
  }
  await confirmSignatures(rpc, [...airdrops, ...funding], { timeoutMs: 30_000, abortSignal })
  logger.info({ wallets: wallets.length, airdrops: airdrops.length, tokenAccountsFunded: needTokens.length }, 'traffic wallets funded')
}
