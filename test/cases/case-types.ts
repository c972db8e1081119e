/**
 * One case of the drain/benign set: a real transaction over real localnet state, the technique it
 * stands for with the public write-up it comes from, and the verdict a wallet needs under the
 * `default` policy (`block` for a drain, `approve` for a benign transaction, `warn` for a benign
 * one whose risk the user should see).
 */
import type { Address } from '@solana/kit'
import type { Decision } from '../../engine/contract/simulate-response.js'
import type { CaseContext } from './case-context.js'

export type CaseKind = 'drain' | 'benign'

/** What a case's build returns (what it landed and checked on the way is kept by its CaseContext). */
export interface BuiltCase {
  /** Wire bytes; the victim's signature slot stays empty (a wallet asks before the user signs), co-signers have signed. */
  transaction: Uint8Array
  /** The wallet whose user is asked to sign: always a signer of `transaction`. */
  victim: Address
}

export interface TransactionCase {
  /** Stable kebab-case id, unique in the set. */
  id: string
  title: string
  kind: CaseKind
  /** The technique in a few words (the family's name for it). */
  technique: string
  /** Public URL of the write-up, incident report or documentation the case follows. */
  source: string
  /**
   * The verdict under the `default` policy: `block` for drains, `approve` for benign transactions;
   * `warn` for a benign transaction that carries a risk its user should see without being stopped
   * (a token with a trap extension received for nothing).
   */
  expected: Decision
  /** Programs the transaction runs that localnet must have loaded (LOCALNET_PROGRAMS_DIR); without them the case is skipped. */
  requiresPrograms?: readonly Address[]
  /** Prepares the state on localnet (setup transactions land through sendTransaction) and returns the transaction. */
  build(context: CaseContext): Promise<BuiltCase>
}
