/**
 * Address lookup table accounts in Agave's jsonParsed form (anza-xyz/agave account-decoder
 * parse_address_lookup_table.rs), which kit reads tables with (fetchAddressesForLookupTables,
 * decompileTransactionMessageFetchingLookupTables): `{program: "address-lookup-table", parsed:
 * {type: "lookupTable", info: {deactivationSlot, lastExtendedSlot, lastExtendedSlotStartIndex,
 * authority?, addresses}}, space}`, slots as strings, or `{type: "uninitialized"}`.
 */
import type { LocalAccount } from '../chain/local-account.js'
import { fromAddressBytes } from '../chain/local-account.js'
import { ADDRESS_LOOKUP_TABLE_PROGRAM } from '../seed/lookup-table-account.js'

export type ParsedLookupTableData = {
  program: 'address-lookup-table'
  parsed: { type: 'lookupTable'; info: Record<string, unknown> } | { type: 'uninitialized' }
  space: number
}

// solana-address-lookup-table-interface state.rs: ProgramState (u32 tag) padded to 56 bytes, then addresses.
const META_BYTES = 56
const TAG_UNINITIALIZED = 0
const TAG_LOOKUP_TABLE = 1

/** The table in jsonParsed form; null for another program's account or data that does not deserialize. */
export function toParsedLookupTable(account: LocalAccount): ParsedLookupTableData | null {
  if (account.owner !== ADDRESS_LOOKUP_TABLE_PROGRAM) return null
  const data = account.data
  if (data.length < 4) return null
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
  const tag = view.getUint32(0, true)
  const space = data.length
  if (tag === TAG_UNINITIALIZED) return { program: 'address-lookup-table', parsed: { type: 'uninitialized' }, space }
  if (tag !== TAG_LOOKUP_TABLE || data.length < META_BYTES || (data.length - META_BYTES) % 32 !== 0) return null
  const info: Record<string, unknown> = {
    deactivationSlot: view.getBigUint64(4, true).toString(),
    lastExtendedSlot: view.getBigUint64(12, true).toString(),
    lastExtendedSlotStartIndex: data[20],
  }
  if (data[21] === 1) info.authority = fromAddressBytes(data.subarray(22, 54))
  const addresses: string[] = []
  for (let offset = META_BYTES; offset < data.length; offset += 32) addresses.push(fromAddressBytes(data.subarray(offset, offset + 32)))
  info.addresses = addresses
  return { program: 'address-lookup-table', parsed: { type: 'lookupTable', info }, space }
}
