/**
 * Address lookup table account data, encoded with kit's codecs: the bincode layout of
 * `ProgramState::LookupTable(LookupTableMeta)` zero-padded to 56 bytes, then the addresses. For
 * seeding a table into localnet without running the lookup table program (tests, benchmarks).
 */
import {
  type Address,
  getAddressEncoder,
  getNullableEncoder,
  getStructEncoder,
  getU16Encoder,
  getU32Encoder,
  getU64Encoder,
  getU8Encoder,
} from '@solana/kit'

export const ADDRESS_LOOKUP_TABLE_PROGRAM = 'AddressLookupTab1e1111111111111111111111111' as Address

const LOOKUP_TABLE_META_BYTES = 56

const metaEncoder = getStructEncoder([
  ['discriminator', getU32Encoder()],
  ['deactivationSlot', getU64Encoder()],
  ['lastExtendedSlot', getU64Encoder()],
  ['lastExtendedSlotStartIndex', getU8Encoder()],
  ['authority', getNullableEncoder(getAddressEncoder())],
  ['padding', getU16Encoder()],
])

export interface LookupTableFields {
  authority: Address | null
  addresses: readonly Address[]
  /** Default: never deactivated (u64::MAX). */
  deactivationSlot?: bigint
  /** Default 0: every address usable from slot 1 on. */
  lastExtendedSlot?: bigint
  lastExtendedSlotStartIndex?: number
}

/** The account data of a lookup table holding `addresses`. */
export function encodeLookupTableData(fields: LookupTableFields): Uint8Array {
  const meta = metaEncoder.encode({
    discriminator: 1,
    deactivationSlot: fields.deactivationSlot ?? 0xffff_ffff_ffff_ffffn,
    lastExtendedSlot: fields.lastExtendedSlot ?? 0n,
    lastExtendedSlotStartIndex: fields.lastExtendedSlotStartIndex ?? 0,
    authority: fields.authority,
    padding: 0,
  })
  const data = new Uint8Array(LOOKUP_TABLE_META_BYTES + 32 * fields.addresses.length)
  data.set(meta)
  const addressEncoder = getAddressEncoder()
  fields.addresses.forEach((address, i) => data.set(addressEncoder.encode(address), LOOKUP_TABLE_META_BYTES + 32 * i))
  return data
}
