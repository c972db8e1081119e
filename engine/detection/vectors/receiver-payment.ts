/**
 * Whether the signer who receives a token pays for it — that signer, not any signer: a seller's
 * tokens leaving it, or a sponsor paying the fee, is no purchase by the wallet that receives. It
 * pays when tokens leave an account it owns, or when SOL leaves what it holds (its wallet and the
 * accounts it controls: wrapped SOL, stake and nonce accounts) beyond the fee and some rent for
 * accounts made for others. Rent it puts into accounts it keeps (its new token account) stays its
 * own, so a claim or a gift costs it nothing.
 */
import { getControllerBefore, type ControllerLookup } from '../drains/account-state-roles.js'
import type { AccountKey } from '../../hot-path/state/account-key.js'
import type { VectorContext } from './vector-context.js'
import { WRAPPED_SOL_MINT } from '../../hot-path/svm/well-known-programs.js'

/** SOL a receiver may lose beyond the fee without paying for anything: rent of accounts made for others (0.01 SOL). */
export const RENT_ALLOWANCE_LAMPORTS = 10_000_000n

/** The lamports that leave what `signer` holds, net of what it holds after and of the fee it pays. */
export function getSpentLamports(context: VectorContext, controller: ControllerLookup, signer: AccountKey): bigint {
  const { keys, entries, post } = context
  if (!entries || !post) return 0n
  let spent = keys[0] === signer ? -context.fee.feeLamports : 0n
  // Only writable accounts change, and an unchanged account held before and after cancels out.
  for (let i = 0; i < keys.length; i++) {
    if (!context.writable[i]) continue
    const key = keys[i] as AccountKey
    const entry = entries[i]
    const before = entry?.exists ? entry.lamports : 0n
    const after = post.get(key)?.lamports() ?? before
    if (key === signer || getControllerBefore(entry) === signer) spent += before
    if (key === signer || controller.get(key) === signer) spent -= after
  }
  return spent
}

/** Whether `receiver` pays for what it receives: tokens out of its accounts, or SOL beyond the fee and the rent allowance. */
export function isReceiverPaying(context: VectorContext, controller: ControllerLookup, receiver: AccountKey): boolean {
  for (const delta of context.tokenDeltas) {
    // Wrapped SOL paid is counted as the lamports it is.
    if (delta.post < delta.pre && delta.owner === receiver && delta.mint !== WRAPPED_SOL_MINT) return true
  }
  return getSpentLamports(context, controller, receiver) > RENT_ALLOWANCE_LAMPORTS
}
