import { createHash } from 'node:crypto'
import { generateKeyPairSigner, getAddressDecoder, type Address } from '@solana/kit'
import { WHIRLPOOL_DISCRIMINATOR, getWhirlpoolDecoder, getWhirlpoolSize } from '@orca-so/whirlpools-client'
import t, { type Test } from 'tap'
import { POOL_VENUES, getVenueSlice, type PoolVenue, type PoolVenueLayout } from '../../../../engine/detection/tokens/pool-venues.js'
import { ORCA_ACCOUNTS_DIR, readAccountDumps } from '../../../helpers/fixtures.js'
import { encodePumpSwapPool, encodeRaydiumAmmV4, encodeRaydiumCpmm, type CpPoolFields } from './pool-test-chain.js'

const addressDecoder = getAddressDecoder()
const venue = (name: PoolVenue): PoolVenueLayout => POOL_VENUES.find((layout) => layout.venue === name)!
const keyAt = (data: Uint8Array, offset: number) => addressDecoder.decode(data.subarray(offset, offset + 32))
const u64At = (data: Uint8Array, offset: number) => Buffer.from(data).readBigUInt64LE(offset)
const anchorDiscriminator = (name: string) => [...createHash('sha256').update(`account:${name}`).digest().subarray(0, 8)]

async function distinctFields(): Promise<CpPoolFields> {
  const [mintA, mintB, vaultA, vaultB, lpMint] = (await Promise.all(
    [0, 1, 2, 3, 4].map(async () => (await generateKeyPairSigner()).address),
  )) as [Address, Address, Address, Address, Address]
  return { mintA, mintB, vaultA, vaultB, lpMint, lpReserve: 123_456_789_012n }
}

function checkLayout(t: Test, layout: PoolVenueLayout, data: Uint8Array, fields: CpPoolFields) {
  t.equal(keyAt(data, layout.mintOffsets[0]), fields.mintA, `${layout.venue}: side A mint`)
  t.equal(keyAt(data, layout.mintOffsets[1]), fields.mintB, `${layout.venue}: side B mint`)
  t.equal(keyAt(data, layout.vaultOffsets[0]), fields.vaultA, `${layout.venue}: side A vault`)
  t.equal(keyAt(data, layout.vaultOffsets[1]), fields.vaultB, `${layout.venue}: side B vault`)
  t.equal(keyAt(data, layout.lpMintOffset!), fields.lpMint, `${layout.venue}: LP mint`)
  t.equal(u64At(data, layout.lpReserveOffset!), fields.lpReserve, `${layout.venue}: ${layout.lpReserveField}`)
  const slice = getVenueSlice(layout)
  t.ok(slice.offset + slice.length <= layout.minDataLength, `${layout.venue}: the slice read fits the smallest account`)
}

t.test('Whirlpool offsets and size agree with the official client decoding a real pool', async (t) => {
  const layout = venue('orca_whirlpool')
  t.equal(layout.dataSize, getWhirlpoolSize())
  t.same([...layout.discriminator!], [...WHIRLPOOL_DISCRIMINATOR], 'discriminator')
  const dumps = readAccountDumps(ORCA_ACCOUNTS_DIR).filter(
    (dump) =>
      dump.pubkey === 'HJPjoWUrhoZzkNfRpHuieeFk9WcZWjwy6PBjZ81ngndJ' || dump.pubkey === '9vqYJjDUFecLL2xPUC4Rc7hyCtZ6iJ4mDiVZX7aFXoAe',
  )
  t.equal(dumps.length, 2, 'the two whirlpool dumps')
  for (const dump of dumps) {
    const data = new Uint8Array(Buffer.from(dump.account.data[0], 'base64'))
    const decoded = getWhirlpoolDecoder().decode(data)
    t.equal(keyAt(data, layout.mintOffsets[0]), decoded.tokenMintA)
    t.equal(keyAt(data, layout.mintOffsets[1]), decoded.tokenMintB)
    t.equal(keyAt(data, layout.vaultOffsets[0]), decoded.tokenVaultA)
    t.equal(keyAt(data, layout.vaultOffsets[1]), decoded.tokenVaultB)
  }
  t.equal(layout.lpMintOffset, null, 'concentrated liquidity: no LP mint')
})

t.test('Raydium AMM v4 offsets match AmmInfo field by field', async (t) => {
  const fields = await distinctFields()
  const data = encodeRaydiumAmmV4(fields)
  t.equal(data.length, 752, 'size_of::<AmmInfo>()')
  t.equal(venue('raydium_amm_v4').dataSize, data.length)
  checkLayout(t, venue('raydium_amm_v4'), data, fields)
})

t.test('Raydium CPMM offsets match PoolState field by field', async (t) => {
  const fields = await distinctFields()
  const data = encodeRaydiumCpmm(fields)
  t.equal(data.length, 8 + 10 * 32 + 5 + 8 * 7 + 8 * 31, 'PoolState::LEN')
  t.equal(venue('raydium_cpmm').dataSize, data.length)
  t.same([...venue('raydium_cpmm').discriminator!], anchorDiscriminator('PoolState'))
  checkLayout(t, venue('raydium_cpmm'), data, fields)
})

t.test('PumpSwap offsets match the IDL Pool, for the shortest and the extended accounts', async (t) => {
  const fields = await distinctFields()
  const layout = venue('pumpswap')
  t.equal(layout.dataSize, null, 'no single size identifies a PumpSwap pool')
  t.same([...layout.discriminator!], anchorDiscriminator('Pool'))
  for (const size of [211, 244, 301]) checkLayout(t, layout, encodePumpSwapPool(fields, size), fields)
  t.equal(layout.minDataLength, 211, 'the first layout ends at lp_supply')
})
