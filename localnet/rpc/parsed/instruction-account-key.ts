/**
 * An instruction's accounts as Agave's parsers read them (transaction-status parse_instruction.rs):
 * every account index must name a key (and there must be at least one), a variant needs a minimum
 * number of accounts, and each named account is the key its index points to.
 */
import { failNotParsable } from './instruction-not-parsable.js'

/** A compiled instruction: indexes into the transaction's keys (static, then loaded). */
export type CompiledInstructionView = {
  readonly programIdIndex: number
  readonly accounts: readonly number[]
  readonly data: Uint8Array
}

/** Agave's guard before parsing: the largest account index is in range (none at all fails too). */
export function assertAccountIndexesInRange(accounts: readonly number[], keys: readonly string[]): void {
  if (accounts.length === 0 || Math.max(...accounts) >= keys.length) failNotParsable('account index out of range')
}

/** Agave's `check_num_accounts`. */
export function assertAccountCount(accounts: readonly number[], count: number): void {
  if (accounts.length < count) failNotParsable(`needs ${count} accounts`)
}

/** The key of the instruction's `position`th account. */
export function getInstructionAccountKey(keys: readonly string[], accounts: readonly number[], position: number): string {
  const index = accounts[position]
  const key = index === undefined ? undefined : keys[index]
  return key ?? failNotParsable(`no account at position ${position}`)
}
