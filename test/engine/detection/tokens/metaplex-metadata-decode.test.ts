/**
 * The Metaplex metadata decoder and PDA on real mainnet accounts (two dumps kept in other projects'
 * tests) and on an account built with the program's exact layout.
 */
import { address, getAddressEncoder, getBase58Decoder } from '@solana/kit'
import t from 'tap'
import {
  decodeMetaplexMetadata,
  getMetaplexMetadataAddress,
  METAPLEX_TOKEN_METADATA_PROGRAM,
} from '../../../../engine/detection/tokens/metaplex-metadata.js'

const base58 = getBase58Decoder()
const PROGRAM = new Uint8Array(getAddressEncoder().encode(METAPLEX_TOKEN_METADATA_PROGRAM))

/**
 * getAccountInfo of the metadata of mint 5ZXToo7froykjvjnpHtTLYr9u2tW3USMwPg3sNkiaQVh ("SPECIAL
 * SAUCE"), mainnet slot 161,038,284: brave/brave-core,
 * components/brave_wallet/browser/nft_metadata_fetcher_unittest.cc (GetSolTokenMetadata).
 */
const SPECIAL_SAUCE =
  'BGUN5hJf2zSue3S0I/fCq16UREt5NxP6mQdaq4cdGPs3Q8PG/R6KFUSgce78Nwk9Frvkd9bMbvTIKCRSDy88nZQgAAAAU1BFQ0lB' +
  'TCBTQVVDRQAAAAAAAAAAAAAAAAAAAAAAAAAKAAAAAAAAAAAAAAAAAMgAAABodHRwczovL2JhZmtyZWlmNHd4NTR3anI3cGdmdWcz' +
  'd2xhdHIzbmZudHNmd25ndjZldXNlYmJxdWV6cnhlbmo2Y2s0LmlwZnMuZHdlYi5saW5rP2V4dD0AAAAAAAAAAAAAAAAAAAAAAAAA' +
  'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' +
  'AAAAAAAAAAAAAAAAAAAAAAAAAOgDAQIAAABlDeYSX9s0rnt0tCP3wqtelERLeTcT+pkHWquHHRj7NwFiDUmu+U8sXOOZQXL36xmk' +
  'nL+Zzd/z3uw2G0ERMo8Eth4BAgABAf8BAAEBoivvbAzLh2kD2cSu6IQIqGQDGeoh/UEDizyp6mLT1tUAAAAAAAAAAAAAAAAAAAAA' +
  'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' +
  'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' +
  'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' +
  'AAAAAA=='

/**
 * Metadata of mint DFR3KjTso6PFCyUtq48a2aPZQpMMoaFgtbdxtaLxF2TR ("Pesky Penguins #8060"), whose
 * creators array is corrupted on chain: metaplex-foundation/mpl-token-metadata,
 * programs/token-metadata/program/src/utils/metadata.rs (tests::pesky_data), as base64.
 */
const PESKY_PENGUIN =
  'BAwZ+mfyA4GPrW7MnQsB99OKx9tPjrfDYM4/0GaYfz4rtf2Ofl9gLsoaTIXk279AuotzWNhMfZAM2MY2xIBmv2AgAAAAUGVza3kg' +
  'UGVuZ3VpbnMgIzgwNjAAAAAAAAAAAAAAAAAKAAAATk9PVAAAAAAAAMgAAABodHRwczovL2Fyd2VhdmUubmV0L0h6T25mTk1XUUJI' +
  'VDl2MERXOEVyOVlGd2RpR0pYNC11SzlSU1lBUjhmeEUAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' +
  'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' +
  'AAAAAAAAAAAAAAAAAAAAAAAAAPQBAQMAAACHI4YbU5mtSabVSQ3+AZxxIhjNKunyia2tw9ZsbipZ5QEADBn6Z/IDgY+tbsydCwH3' +
  '04rH20+Ot8Ngzj/QZph/PisBKAw/9emQf81FTeE4PGu4VPDCiDd52YD234xAKHqREcs8ADwBAQH/lfh7ieZNywh8kT+E3OBAPP0R' +
  'IRJRULoP+Pf58wEUGvQvXiPoQER8KGQkXb5SJiSV+DhIX0QynQGbX3Ex97ABFAEBAf8AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' +
  'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' +
  'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' +
  'AAAAAA=='

const fromBase64 = (text: string) => new Uint8Array(Buffer.from(text, 'base64'))
const toAddress = (bytes: Uint8Array | undefined) => bytes && base58.decode(bytes)

t.test('a mainnet metadata account: name, symbol (empty here), uri, update authority, mint', async (t) => {
  const data = fromBase64(SPECIAL_SAUCE)
  t.equal(data.length, 679, 'MAX_METADATA_LEN')
  const metadata = decodeMetaplexMetadata(PROGRAM, data)
  t.equal(metadata?.name, 'SPECIAL SAUCE')
  t.equal(metadata?.symbol, '')
  t.equal(metadata?.uri, 'https://bafkreif4wx54wjr7pgfug3wlatr3nfntsfwngv6eusebbquezrxenj6ck4.ipfs.dweb.link?ext=')
  t.equal(toAddress(metadata?.updateAuthority), '7oUUEdptZnZVhSet4qobU9PtpPfiNUEJ8ftPnrC6YEaa')
  t.equal(toAddress(metadata?.mint), '5ZXToo7froykjvjnpHtTLYr9u2tW3USMwPg3sNkiaQVh')
})

t.test('a mainnet account with corrupted trailing fields still gives its name and symbol', async (t) => {
  const metadata = decodeMetaplexMetadata(PROGRAM, fromBase64(PESKY_PENGUIN))
  t.equal(metadata?.name, 'Pesky Penguins #8060')
  t.equal(metadata?.symbol, 'NOOT')
  t.equal(metadata?.uri, 'https://arweave.net/HzOnfNMWQBHT9v0DW8Er9YFwdiGJX4-uK9RSYAR8fxE')
  t.equal(toAddress(metadata?.updateAuthority), 'pEsKYABNARLiDFYrjbjHDieD5h6gHrvYf9Vru62NX9k')
  t.equal(toAddress(metadata?.mint), 'DFR3KjTso6PFCyUtq48a2aPZQpMMoaFgtbdxtaLxF2TR')
})

t.test('the metadata PDA of a mint matches addresses known on mainnet', async (t) => {
  // brave/brave-core, components/brave_wallet/browser/solana_keyring_unittest.cc (GetAssociatedMetadataAccount).
  t.equal(
    await getMetaplexMetadataAddress(address('5ZXToo7froykjvjnpHtTLYr9u2tW3USMwPg3sNkiaQVh')),
    '6L255rMB19d544HLNumpvbdTKkTgiQ3fgMszzX6F9VAL',
  )
  t.equal(
    await getMetaplexMetadataAddress(address('8q5qbP8xu1TgDWYXokwFjgTqoSNe6W3Ljj3phwqhDKqe')),
    '586XgHr69ZhbUkkGJsQqGt16mf7jpFS6uhnvCAwb68Qq',
  )
})

/** An account in the program's layout: key, update authority, mint, then the padded Data strings. */
function buildMetadata(name: string, symbol: string, uri: string, key = 4): Uint8Array {
  const padded = (text: string, size: number) => {
    const bytes = Buffer.alloc(4 + size)
    bytes.writeUInt32LE(size, 0)
    Buffer.from(text, 'utf8').copy(bytes, 4)
    return bytes
  }
  const data = Buffer.alloc(679)
  Buffer.concat([
    Buffer.from([key]),
    Buffer.alloc(32, 1),
    Buffer.alloc(32, 2),
    // seller_fee_basis_points 500, no creators, primary sale false, mutable true.
    padded(name, 32),
    padded(symbol, 10),
    padded(uri, 200),
    Buffer.from([0xf4, 0x01, 0, 0, 1]),
  ]).copy(data)
  return new Uint8Array(data)
}

t.test('an account built with the exact layout: padding dropped, UTF-8 kept', async (t) => {
  t.strictSame(decodeMetaplexMetadata(PROGRAM, buildMetadata('Bonk ☀', 'BONK', 'https://x.test/b.json')), {
    updateAuthority: new Uint8Array(32).fill(1),
    mint: new Uint8Array(32).fill(2),
    name: 'Bonk ☀',
    symbol: 'BONK',
    uri: 'https://x.test/b.json',
  })
})

t.test('anything else is null, never a throw', async (t) => {
  const good = buildMetadata('A', 'B', 'C')
  const hugeName = good.slice()
  new DataView(hugeName.buffer).setUint32(65, 0xffffffff, true)
  t.equal(decodeMetaplexMetadata(new Uint8Array(32), good), null, 'not owned by the metadata program')
  t.equal(decodeMetaplexMetadata(PROGRAM, buildMetadata('A', 'B', 'C', 6)), null, 'a master edition (key 6), not metadata')
  t.equal(decodeMetaplexMetadata(PROGRAM, new Uint8Array(0)), null, 'empty')
  t.equal(decodeMetaplexMetadata(PROGRAM, good.subarray(0, 64)), null, 'shorter than key + keys')
  t.equal(decodeMetaplexMetadata(PROGRAM, good.subarray(0, 65 + 36 + 4 + 5)), null, 'symbol runs past the data')
  t.equal(decodeMetaplexMetadata(PROGRAM, hugeName), null, 'a name length of 4 GiB')
})
