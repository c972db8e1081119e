/**
 * The mints a transaction makes its signers receive: token balances of signer-owned accounts that
 * grow in the simulation, the mints of associated token accounts it creates for a signer, and the
 * output mints of the swaps it decodes (so a swap that could not be simulated is still screened).
 * Wrapped SOL is SOL, not a token to screen.
 */
import { type AccountKey, fromBase58Address } from '../state/account-key.js'
import { isSignerKey, type VectorContext } from './vector-context.js'

const ASSOCIATED_TOKEN_PROGRAM = fromBase58Address('ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL')
const WRAPPED_SOL = fromBase58Address('So11111111111111111111111111111111111111112')
/** Screening more than this many mints per transaction would cost more than it tells. */
export const MAX_SCREENED_MINTS = 5

function addMint(out: AccountKey[], mint: AccountKey | null | undefined): void {
  if (mint === null || mint === undefined || mint === WRAPPED_SOL || out.includes(mint) || out.length >= MAX_SCREENED_MINTS) return
  out.push(mint)
}

/** Received mints in order of discovery, at most MAX_SCREENED_MINTS. */
export function getReceivedMints(context: VectorContext, swapOutputMints: ReadonlyArray<AccountKey | null> = []): AccountKey[] {
  const { keys, signerCount } = context
  const out: AccountKey[] = []
  for (const delta of context.tokenDeltas) {
    if (delta.post <= delta.pre) continue
    if (isSignerKey(context, delta.owner)) addMint(out, delta.mint)
  }
  for (const instruction of context.tx.instructions) {
    if (keys[instruction.programIdIndex] !== ASSOCIATED_TOKEN_PROGRAM) continue
    // Create / CreateIdempotent: [payer, associated account, wallet, mint, system, token program].
    const wallet = instruction.accountIndexes[2]
    const mint = instruction.accountIndexes[3]
    if (wallet !== undefined && wallet < signerCount && mint !== undefined) addMint(out, keys[mint])
  }
  for (const mint of swapOutputMints) addMint(out, mint)
  return out
}
