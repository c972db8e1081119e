/**
 * The mints a transaction makes its signers receive, each with the signers that receive it: token
 * balances of signer-owned accounts that grow in the simulation, the mints of associated token
 * accounts it creates for a signer, and the output mints of the swaps it decodes (so a swap that
 * could not be simulated is still screened). Wrapped SOL is SOL, not a token to screen. Who
 * receives a token matters: only that signer's authority makes it its own token, and only what
 * that signer pays makes it a purchase (rug-vector.ts).
 */
import { type AccountKey, fromBase58Address } from '../../hot-path/state/account-key.js'
import { isSignerKey, type VectorContext } from './vector-context.js'
import { WRAPPED_SOL_MINT } from '../../hot-path/svm/well-known-programs.js'

const ASSOCIATED_TOKEN_PROGRAM = fromBase58Address('ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL')
/** Screening more than this many mints per transaction would cost more than it tells. */
export const MAX_SCREENED_MINTS = 5

export interface ReceivedMint {
  mint: AccountKey
  /** The signers that receive it; empty when only a decoded swap names it (its simulation showed nothing). */
  receivers: AccountKey[]
}

function addMint(out: ReceivedMint[], mint: AccountKey | null | undefined, receiver: AccountKey | null): void {
  if (mint === null || mint === undefined || mint === WRAPPED_SOL_MINT) return
  let received = out.find((entry) => entry.mint === mint)
  if (received === undefined) {
    if (out.length >= MAX_SCREENED_MINTS) return
    received = { mint, receivers: [] }
    out.push(received)
  }
  if (receiver !== null && !received.receivers.includes(receiver)) received.receivers.push(receiver)
}

/** Received mints in order of discovery, at most MAX_SCREENED_MINTS. */
export function getReceivedMints(context: VectorContext, swapOutputMints: ReadonlyArray<AccountKey | null> = []): ReceivedMint[] {
  const { keys, signerCount } = context
  const out: ReceivedMint[] = []
  for (const delta of context.tokenDeltas) {
    if (delta.post <= delta.pre) continue
    if (isSignerKey(context, delta.owner)) addMint(out, delta.mint, delta.owner)
  }
  for (const instruction of context.tx.instructions) {
    if (keys[instruction.programIdIndex] !== ASSOCIATED_TOKEN_PROGRAM) continue
    // Create / CreateIdempotent: [payer, associated account, wallet, mint, system, token program].
    const wallet = instruction.accountIndexes[2]
    const mint = instruction.accountIndexes[3]
    if (wallet !== undefined && wallet < signerCount && mint !== undefined) addMint(out, keys[mint], keys[wallet] ?? null)
  }
  for (const mint of swapOutputMints) addMint(out, mint, null)
  return out
}
