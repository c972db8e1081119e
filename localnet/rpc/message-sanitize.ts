/**
 * Agave's `Message::sanitize` / `v0::Message::sanitize`, the check getFeeForMessage runs before it
 * prices a message: the header's counts fit the keys, the fee payer is a writable signer, every
 * instruction names a program among the static keys (never the fee payer) and accounts that
 * exist. A failure answers -32602 "invalid transaction message: index out of bounds".
 */
import type { LandedMessage } from '../chain/landed-message.js'
import { createInvalidParamsError } from './json-rpc-error.js'

function isSane(message: LandedMessage): boolean {
  const staticCount = message.staticKeys.length
  const lookupCount = message.lookups.reduce((sum, lookup) => sum + lookup.writableIndexes.length + lookup.readonlyIndexes.length, 0)
  const total = staticCount + lookupCount
  if (message.numRequiredSignatures + message.numReadonlyUnsignedAccounts > staticCount) return false
  if (message.numReadonlySignedAccounts >= message.numRequiredSignatures) return false
  return message.instructions.every(
    (instruction) =>
      instruction.programIdIndex > 0 && instruction.programIdIndex < staticCount && instruction.accounts.every((index) => index < total),
  )
}

/** Throws Agave's invalid-params error for a message that does not sanitize. */
export function assertSaneMessage(message: LandedMessage): void {
  if (!isSane(message)) throw createInvalidParamsError('invalid transaction message: index out of bounds')
}
