// Whirlpool quotes on the real SOL/USDC pool state. The a→b figure, 4,028,149 USDC base units for
// 0.1 SOL, is what the real Whirlpool program paid for this swap on this state in LiteSVM
// (test/fixtures/PROVENANCE.md).
import { getTickArrayDecoder, getWhirlpoolDecoder } from '@orca-so/whirlpools-client'
import t from 'tap'
import { getSwapTickArrays, getWhirlpoolSwapQuote } from '../../../../engine/detection/swaps/whirlpool-quote.js'
import { ORCA_ACCOUNTS_DIR, readAccountDumps } from '../../../helpers/fixtures.js'

const all = readAccountDumps(ORCA_ACCOUNTS_DIR).map((dump) => ({
  dump,
  data: new Uint8Array(Buffer.from(dump.account.data[0], 'base64')),
}))
const whirlpoolData = all.find(({ dump }) => dump.pubkey === 'HJPjoWUrhoZzkNfRpHuieeFk9WcZWjwy6PBjZ81ngndJ')!.data
const whirlpool = getWhirlpoolDecoder().decode(whirlpoolData)
const tickArrayData = all
  .filter(
    ({ data }) => data.length === 9988 && getTickArrayDecoder().decode(data).whirlpool === 'HJPjoWUrhoZzkNfRpHuieeFk9WcZWjwy6PBjZ81ngndJ',
  )
  .map(({ data }) => data)
const timestampSec = whirlpool.rewardLastUpdatedTimestamp

t.test('the fixture: seven tick arrays, −50688 … −16896, current tick −32101', async (t) => {
  t.equal(tickArrayData.length, 7)
  t.same(
    tickArrayData.map((data) => getTickArrayDecoder().decode(data).startTickIndex).sort((a, b) => a - b),
    [-50688, -45056, -39424, -33792, -28160, -22528, -16896],
  )
  t.equal(whirlpool.tickCurrentIndex, -32101)
})

t.test('0.1 SOL a→b exact in gives exactly 4,028,149 USDC base units', async (t) => {
  // All seven arrays, unordered: the quote picks the path itself (seven handed to the WASM abort it).
  const quote = getWhirlpoolSwapQuote({ whirlpoolData, tickArrayData, timestampSec, aToB: true, mode: 'exact_in', amount: 100_000_000n })
  t.same(quote, { mode: 'exact_in', amountIn: 100_000_000n, amountOut: 4_028_149n, feeAmount: 200_000n })
  const later = getWhirlpoolSwapQuote({
    whirlpoolData,
    tickArrayData: [...tickArrayData].reverse(),
    timestampSec: timestampSec + 86_400n,
    aToB: true,
    mode: 'exact_in',
    amount: 100_000_000n,
  })
  t.equal(later?.amountOut, 4_028_149n, 'a later timestamp and another order: same swap (no adaptive fee on this pool)')
})

t.test('exact out a→b: 4,028,149 USDC costs at most the 0.1 SOL that bought it', async (t) => {
  const quote = getWhirlpoolSwapQuote({ whirlpoolData, tickArrayData, timestampSec, aToB: true, mode: 'exact_out', amount: 4_028_149n })!
  t.equal(quote.mode, 'exact_out')
  t.equal(quote.amountOut, 4_028_149n)
  t.ok(quote.amountIn <= 100_000_000n && quote.amountIn > 99_990_000n, `input ${quote.amountIn} within 0.01 % below 0.1 SOL`)
})

t.test('b→a: 4 USDC buys ≈ 0.0989 SOL, just under the pool price less the 0.2 % fee', async (t) => {
  const quote = getWhirlpoolSwapQuote({ whirlpoolData, tickArrayData, timestampSec, aToB: false, mode: 'exact_in', amount: 4_000_000n })!
  t.ok(quote)
  t.equal(quote.amountIn, 4_000_000n)
  // The pool price is ≈ 40.3 USDC/SOL (sqrtPrice² / 2^128 × 10^(9−6)); less the 0.2 % fee,
  // 4 USDC is ≈ 0.0991 SOL: the quote must land within 1 % of that and below it.
  const priceUsdcPerSol = (Number(whirlpool.sqrtPrice) / 2 ** 64) ** 2 * 1_000
  const ideal = (4 / priceUsdcPerSol) * (1 - 0.002) * 1e9
  t.ok(priceUsdcPerSol > 40 && priceUsdcPerSol < 40.5, `price ${priceUsdcPerSol}`)
  t.ok(Number(quote.amountOut) < ideal, `${quote.amountOut} lamports below the ideal ${ideal}`)
  t.ok(Number(quote.amountOut) > ideal * 0.99, `${quote.amountOut} within 1 % of ${ideal}`)
  t.equal(quote.feeAmount, 8_000n, '0.2 % of the input')
})

t.test('the path: current array first, in swap order, consecutive, at most five', async (t) => {
  const decoded = tickArrayData.map((data) => {
    const tickArray = getTickArrayDecoder().decode(data)
    return { startTickIndex: tickArray.startTickIndex, ticks: tickArray.ticks }
  })
  const down = getSwapTickArrays(decoded, -32101, 64, true).map((tickArray) => tickArray.startTickIndex)
  t.same(down, [-33792, -39424, -45056, -50688])
  const up = getSwapTickArrays(decoded, -32101, 64, false).map((tickArray) => tickArray.startTickIndex)
  t.same(up, [-33792, -28160, -22528, -16896])
  const capped = getSwapTickArrays(decoded, -50000, 64, false).map((tickArray) => tickArray.startTickIndex)
  t.same(capped, [-50688, -45056, -39424, -33792, -28160], 'five of the six above')
  const gap = getSwapTickArrays(
    decoded.filter((tickArray) => tickArray.startTickIndex !== -39424),
    -32101,
    64,
    true,
  )
  t.same(
    gap.map((tickArray) => tickArray.startTickIndex),
    [-33792],
    'stops at a missing array',
  )
})

t.test('no quote rather than a wrong one', async (t) => {
  const base = { whirlpoolData, tickArrayData, timestampSec, aToB: true, mode: 'exact_in' as const, amount: 100_000_000n }
  t.equal(getWhirlpoolSwapQuote({ ...base, amount: 0n }), null, 'zero amount')
  t.equal(getWhirlpoolSwapQuote({ ...base, tickArrayData: [] }), null, 'no tick arrays')
  t.equal(getWhirlpoolSwapQuote({ ...base, whirlpoolData: tickArrayData[0]! }), null, 'not a whirlpool')
  t.equal(getWhirlpoolSwapQuote({ ...base, whirlpoolData: whirlpoolData.subarray(0, 100) }), null, 'truncated whirlpool')
  t.equal(
    getWhirlpoolSwapQuote({ ...base, tickArrayData: tickArrayData.map((data) => data.subarray(0, 500)) }),
    null,
    'truncated tick arrays',
  )
  t.equal(
    getWhirlpoolSwapQuote({ ...base, amount: 100_000_000_000_000_000n }),
    null,
    'more than the path holds (the quote would run past the last array)',
  )
  // The module still quotes correctly after all of the above.
  t.equal(getWhirlpoolSwapQuote(base)?.amountOut, 4_028_149n)
})
