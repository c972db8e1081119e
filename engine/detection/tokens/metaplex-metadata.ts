/**
 * The name and symbol of a classic SPL mint from its Metaplex Token Metadata account.
 *
 * Layout (metaplex-foundation/mpl-token-metadata, programs/token-metadata/program/src/state/
 * metadata.rs `Metadata` and utils/metadata.rs `meta_deser_unchecked`): key u8 (4 = MetadataV1),
 * update_authority 32, mint 32, then `Data` whose name, symbol and uri are borsh strings (u32
 * length + UTF-8) that the program pads with NUL bytes to 32, 10 and 200 bytes
 * (`puff_out_data_fields`). Only those leading fields are read; what follows has changed over
 * versions and is not needed here.
 */
import { getAddressEncoder, getProgramDerivedAddress, type Address } from '@solana/kit'
import { fromBase58Address, toAccountKey } from '../../hot-path/state/account-key.js'
import { readU32String } from './mint-bytes.js'

export const METAPLEX_TOKEN_METADATA_PROGRAM = 'metaqbxxUerdq28cj1RbAWkYQm3ybzjb6a8bt518x1s' as Address
const PROGRAM_KEY = fromBase58Address(METAPLEX_TOKEN_METADATA_PROGRAM)
const KEY_METADATA_V1 = 4
const NAME_OFFSET = 65

export interface MetaplexMetadata {
  /** 32 raw bytes. */
  updateAuthority: Uint8Array
  /** 32 raw bytes: the mint the metadata describes (check it against the mint asked about). */
  mint: Uint8Array
  name: string
  symbol: string
  uri: string
}

const addressEncoder = getAddressEncoder()

/** The metadata account of a mint: PDA ["metadata", program id, mint] of the Token Metadata program (cold path). */
export async function getMetaplexMetadataAddress(mint: Address): Promise<Address> {
  const [address] = await getProgramDerivedAddress({
    programAddress: METAPLEX_TOKEN_METADATA_PROGRAM,
    seeds: ['metadata', addressEncoder.encode(METAPLEX_TOKEN_METADATA_PROGRAM), addressEncoder.encode(mint)],
  })
  return address
}

/** Decodes a Metaplex metadata account (owner = 32 raw bytes); null for any other account or garbled data. */
export function decodeMetaplexMetadata(owner: Uint8Array, data: Uint8Array): MetaplexMetadata | null {
  if (owner.length !== 32 || toAccountKey(owner) !== PROGRAM_KEY) return null
  if (data.length < NAME_OFFSET || data[0] !== KEY_METADATA_V1) return null
  const name = readU32String(data, NAME_OFFSET, data.length)
  const symbol = name && readU32String(data, name.end, data.length)
  const uri = symbol && readU32String(data, symbol.end, data.length)
  if (!name || !symbol || !uri) return null
  return {
    updateAuthority: data.slice(1, 33),
    mint: data.slice(33, 65),
    name: trimPadding(name.text),
    symbol: trimPadding(symbol.text),
    uri: trimPadding(uri.text),
  }
}

/** Drops the NUL padding the program appends (and the spaces some minting tools add). */
function trimPadding(text: string): string {
  let end = text.length
  while (end > 0 && (text.charCodeAt(end - 1) === 0 || text.charCodeAt(end - 1) === 32)) end--
  return text.slice(0, end)
}
