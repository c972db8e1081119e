/**
 * What every demo does on the local chain before it builds its transaction: a fresh wallet,
 * airdropped and seen at `processed` (the commitment the service reads at), a recent blockhash,
 * and the signed transaction's base64 wire bytes. Loaded only when a demo runs: @solana/kit is
 * not part of the dashboard's first load.
 */
import {
  appendTransactionMessageInstructions,
  createSolanaRpc,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Address,
  type Instruction,
  type KeyPairSigner,
  type Rpc,
  type SolanaRpcApi,
} from '@solana/kit'

/** The local chain's RPC: a test cluster, so it airdrops. */
export type DemoRpc = Rpc<SolanaRpcApi>

/** A transaction a demo built, ready for the textarea. */
export interface DemoTransaction {
  /** Base64 wire bytes, signed by every key it needs. */
  transaction: string
  /** What it does, in a sentence. */
  description: string
  /** The wallet the transaction is judged for. */
  wallet: Address
}

const LAMPORTS_PER_SOL = 1_000_000_000n
export const AIRDROP_LAMPORTS = 2n * LAMPORTS_PER_SOL

/** How long an airdrop may take to show at processed before the demo gives up. */
const AIRDROP_WAIT_MS = 20_000
const POLL_MS = 200

export function createDemoRpc(rpcUrl: string): DemoRpc {
  // A plain string URL (no cluster brand): the full API, test-cluster methods included.
  return createSolanaRpc<string>(rpcUrl)
}

function abortReason(signal: AbortSignal | undefined): Error {
  const reason: unknown = signal?.reason
  return reason instanceof Error ? reason : new DOMException('The demo was stopped.', 'AbortError')
}

function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortReason(signal))
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    const onAbort = () => {
      clearTimeout(timer)
      reject(abortReason(signal))
    }
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}

/** Waits until `address` holds at least `atLeast` lamports at processed; resolves to its balance. */
export async function waitForBalance(rpc: DemoRpc, address: Address, atLeast: bigint, signal?: AbortSignal): Promise<bigint> {
  const deadline = Date.now() + AIRDROP_WAIT_MS
  for (;;) {
    const { value } = await rpc.getBalance(address, { commitment: 'processed' }).send({ abortSignal: signal })
    if (value >= atLeast) return value
    if (Date.now() > deadline) {
      throw new Error(`The airdrop to ${address} did not show on the local chain within ${AIRDROP_WAIT_MS / 1000} s.`)
    }
    await delay(POLL_MS, signal)
  }
}

/** A fresh key, airdropped `amount` lamports on the local chain, once the airdrop is visible at processed. */
export async function createFundedWallet(
  rpc: DemoRpc,
  signal?: AbortSignal,
  amount: bigint = AIRDROP_LAMPORTS,
): Promise<{ signer: KeyPairSigner; balance: bigint }> {
  const signer = await generateKeyPairSigner()
  await rpc.requestAirdrop(signer.address, lamports(amount)).send({ abortSignal: signal })
  const balance = await waitForBalance(rpc, signer.address, amount, signal)
  return { signer, balance }
}

/** A fresh address nobody has dealt with (its key is thrown away). */
export async function createFreshAddress(): Promise<Address> {
  return (await generateKeyPairSigner()).address
}

/** A v0 transaction of `instructions`, paid and signed by `feePayer` (and every signer the instructions name), as base64. */
export async function buildSignedTransaction(
  rpc: DemoRpc,
  feePayer: KeyPairSigner,
  instructions: readonly Instruction[],
  signal?: AbortSignal,
): Promise<string> {
  const { value: lifetime } = await rpc.getLatestBlockhash().send({ abortSignal: signal })
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(feePayer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  const signed = await signTransactionMessageWithSigners(message)
  return getBase64EncodedWireTransaction(signed)
}
