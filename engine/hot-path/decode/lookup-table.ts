/**
 * The on-chain layout of an AddressLookupTab1e1111111111111111111111111 account, read in place.
 *
 * bincode `ProgramState::LookupTable(LookupTableMeta)` in the first 56 bytes
 * (`LOOKUP_TABLE_META_SIZE`), then the addresses, 32 bytes each:
 *   0  u32 discriminator (0 Uninitialized, 1 LookupTable)
 *   4  u64 deactivation_slot (u64::MAX while active)
 *  12  u64 last_extended_slot
 *  20  u8  last_extended_slot_start_index
 *  21  Option<Pubkey> authority: 0, or 1 then 32 bytes (None leaves zeroes up to byte 56)
 *  54  u16 padding
 *  56  addresses
 */
import { createServiceError } from '../../../lib/errors.js'
import { readU64 } from './little-endian.js'

export const LOOKUP_TABLE_META_SIZE = 56
export const LOOKUP_TABLE_MAX_ADDRESSES = 256
/** `deactivation_slot` of a table that has not been deactivated. */
export const LOOKUP_TABLE_ACTIVE_SLOT = 0xffff_ffff_ffff_ffffn

export interface LookupTable {
  deactivationSlot: bigint
  lastExtendedSlot: bigint
  lastExtendedSlotStartIndex: number
  authority: Uint8Array | null
  addressCount: number
  /** Address i = data.subarray(addressesOffset + 32 * i, + 32). */
  addressesOffset: number
  data: Uint8Array
}

/** Why `data` is not a usable lookup table, or undefined when it is (the runtime's checks). */
export function getLookupTableLayoutError(data: Uint8Array): string | undefined {
  if (data.length < LOOKUP_TABLE_META_SIZE) {
    return `lookup table account data is ${data.length} bytes, shorter than its ${LOOKUP_TABLE_META_SIZE}-byte header`
  }
  const discriminator = data[0]! | (data[1]! << 8) | (data[2]! << 16) | (data[3]! << 24)
  if (discriminator === 0) return 'lookup table account is not initialized'
  if (discriminator !== 1) return `lookup table account has unknown state ${discriminator >>> 0}`
  const authorityTag = data[21]!
  if (authorityTag > 1) return `lookup table authority has an invalid option tag ${authorityTag}`
  if ((data.length - LOOKUP_TABLE_META_SIZE) % 32 !== 0) {
    return 'lookup table addresses are not a whole number of 32-byte keys'
  }
  return undefined
}

/** Decodes lookup table account data in place; throws ServiceError `invalid_transaction`. */
export function decodeLookupTable(data: Uint8Array): LookupTable {
  const error = getLookupTableLayoutError(data)
  if (error !== undefined) throw createServiceError('invalid_transaction', error)
  return {
    deactivationSlot: readU64(data, 4),
    lastExtendedSlot: readU64(data, 12),
    lastExtendedSlotStartIndex: data[20]!,
    authority: data[21] === 1 ? data.subarray(22, 54) : null,
    addressCount: (data.length - LOOKUP_TABLE_META_SIZE) / 32,
    addressesOffset: LOOKUP_TABLE_META_SIZE,
    data,
  }
}

/** Address `i` of the table as a 32-byte view into its data. */
export function getLookupTableAddress(table: LookupTable, i: number): Uint8Array {
  const at = table.addressesOffset + 32 * i
  return table.data.subarray(at, at + 32)
}

/**
 * How many addresses a transaction in `currentSlot` may use: addresses appended in the current
 * slot are not visible until the next one (Agave `get_active_addresses_len`).
 */
export function getActiveAddressCount(table: LookupTable, currentSlot: bigint): number {
  return currentSlot > table.lastExtendedSlot ? table.addressCount : Math.min(table.lastExtendedSlotStartIndex, table.addressCount)
}
