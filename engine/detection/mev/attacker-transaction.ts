/**
 * The sandwich fork's attacker transactions (sandwich-venues/), built by hand as legacy
 * transactions: a ComputeBudget SetComputeUnitLimit of the most a transaction may use (an attacker
 * buys what it needs; a large front-run crosses many ticks), then the swap. The payer comes first
 * (the only signer), then the writable accounts, then the read-only ones and the programs. The
 * signature is left zeroed: the fork does not verify signatures, and kit's builders would cost
 * base58 on every key (docs/architecture.md#hot-path-rules).
 */
import { fromBase58Address, fromAccountKey } from '../../hot-path/state/account-key.js'
import { isSameKey } from '../swaps/instruction-bytes.js'
import { pushShortU16 } from '../../../lib/short-u16.js'

const COMPUTE_BUDGET_PROGRAM = fromAccountKey(fromBase58Address('ComputeBudget111111111111111111111111111111'))
/** SetComputeUnitLimit (tag 2) of 1,400,000 units, the most a transaction may ask. */
const SET_COMPUTE_UNIT_LIMIT = new Uint8Array([2, 0xc0, 0x5c, 0x15, 0x00])

export interface InstructionAccount {
  key: Uint8Array
  writable: boolean
}

function indexOfKey(keys: readonly Uint8Array[], key: Uint8Array): number {
  for (let i = 0; i < keys.length; i++) if (isSameKey(keys[i] as Uint8Array, key)) return i
  return -1
}

/** The wire bytes of a legacy transaction `payer` signs, raising its compute limit and running `program` with `accounts` and `data`. */
export function buildAttackerTransaction(
  payer: Uint8Array,
  program: Uint8Array,
  accounts: readonly InstructionAccount[],
  data: Uint8Array,
  blockhash: Uint8Array,
): Uint8Array {
  const writable: Uint8Array[] = [payer]
  const readonly: Uint8Array[] = []
  for (const account of accounts) {
    if (indexOfKey(writable, account.key) !== -1) continue
    const seen = indexOfKey(readonly, account.key)
    if (account.writable) {
      if (seen !== -1) readonly.splice(seen, 1)
      writable.push(account.key)
    } else if (seen === -1) readonly.push(account.key)
  }
  if (indexOfKey(writable, program) === -1 && indexOfKey(readonly, program) === -1) readonly.push(program)
  readonly.push(COMPUTE_BUDGET_PROGRAM)
  const keys = [...writable, ...readonly]
  const head: number[] = [1]
  const signatureBytes = 64
  const message: number[] = [1, 0, readonly.length]
  pushShortU16(message, keys.length)
  const instruction: number[] = [2, indexOfKey(keys, COMPUTE_BUDGET_PROGRAM), 0, SET_COMPUTE_UNIT_LIMIT.length, ...SET_COMPUTE_UNIT_LIMIT]
  instruction.push(indexOfKey(keys, program))
  pushShortU16(instruction, accounts.length)
  for (const account of accounts) instruction.push(indexOfKey(keys, account.key))
  pushShortU16(instruction, data.length)
  const size = head.length + signatureBytes + message.length + 32 * keys.length + 32 + instruction.length + data.length
  const bytes = new Uint8Array(size)
  let offset = 0
  bytes.set(head, offset)
  offset += head.length + signatureBytes
  bytes.set(message, offset)
  offset += message.length
  for (const key of keys) {
    bytes.set(key.subarray(0, 32), offset)
    offset += 32
  }
  bytes.set(blockhash.subarray(0, 32), offset)
  offset += 32
  bytes.set(instruction, offset)
  offset += instruction.length
  bytes.set(data, offset)
  return bytes
}
