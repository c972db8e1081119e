// A transaction paying less than the median for its accounts is told the `high` price.
import t from 'tap'
import { getPriorityFeeRecommendation } from '../../../../engine/detection/fees/priority-fee-recommendation.js'
import { createPriorityFeeWindow } from '../../../../engine/hot-path/geyser/priority-fee-window.js'
import { createKeys, createRandom } from './fee-window-model.js'

const fees = { low: 1_000, medium: 5_000, high: 20_000, very_high: 250_000, samples: 40 }

t.test('below the median: set_compute_unit_price naming the high value', async (t) => {
  const advice = getPriorityFeeRecommendation(4_999n, fees, 'accounts')
  t.match(advice, { code: 'set_compute_unit_price', message: /20000 \(the 75th percentile\)/ })
  t.match(advice!.message, /below the median of 5000 paid by 40 recently landed transactions writing the same accounts/)
  t.same(
    Object.keys(advice!).sort(),
    ['code', 'compute_unit_price_micro_lamports', 'message', 'priority_level'],
    '{code, message} plus the price and level it names',
  )
  t.equal(advice!.compute_unit_price_micro_lamports, 20_000)
  t.equal(advice!.priority_level, 'high')
  t.match(getPriorityFeeRecommendation(0, fees, 'global')!.message, /40 recently landed transactions;/)
  t.match(getPriorityFeeRecommendation(0, fees), { code: 'set_compute_unit_price' }, 'plain PriorityFees too')
})

t.test('at or above the median, or with nothing to compare: no advice', async (t) => {
  t.equal(getPriorityFeeRecommendation(5_000n, fees), null)
  t.equal(getPriorityFeeRecommendation(5_001, fees), null)
  t.equal(getPriorityFeeRecommendation(0n, { low: 0, medium: 0, high: 0, very_high: 0, samples: 0 }), null)
  t.equal(
    getPriorityFeeRecommendation(0n, { low: 0, medium: 0, high: 0, very_high: 0, samples: 12 }),
    null,
    'a median of 0 is met by any price',
  )
  t.equal(getPriorityFeeRecommendation(0xffff_ffff_ffff_ffffn, fees), null, 'a u64 price compares exactly')
})

t.test('from the window: the accounts a transaction writes set the bar', async (t) => {
  const [pool, quiet] = createKeys(2, createRandom(41))
  const window = createPriorityFeeWindow({ minSamples: 4 })
  for (let i = 1; i <= 8; i++) window.record({ slot: 5, priceMicroLamports: BigInt(i * 1_000), writableAccounts: [pool!] })
  for (let i = 0; i < 8; i++) window.record({ slot: 5, priceMicroLamports: 1n, writableAccounts: [quiet!] })
  window.advance(5)
  const poolFees = window.getPriorityFees([pool!])
  t.match(poolFees, { medium: 4_000, high: 6_000, source: 'accounts' })
  t.match(getPriorityFeeRecommendation(2_000n, poolFees, poolFees.source), { message: /set it to 6000/ })
  t.equal(getPriorityFeeRecommendation(2_000n, window.getPriorityFees([quiet!])), null)
})
