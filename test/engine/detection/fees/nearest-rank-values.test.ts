// getNearestRankValues answers any percentiles, in the order asked, as a full sort would.
import t from 'tap'
import { getNearestRankPercentiles, getNearestRankValues } from '../../../../engine/hot-path/geyser/nearest-rank-percentiles.js'
import { createRandom } from './fee-window-model.js'

t.test('random values, repeated values, any order of percentiles: the ranks of a full sort', async (t) => {
  const random = createRandom(5)
  const percentileSets = [[25, 50, 75, 95, 99], [99, 1, 50], [50, 50], [100], [0.1, 99.9]]
  for (const count of [1, 2, 3, 7, 100, 1_001]) {
    for (const percentiles of percentileSets) {
      const values = Array.from({ length: count }, () => (random() < 0.4 ? 1_000 : Math.floor(random() * 1e9)))
      const sorted = [...values].sort((a, b) => a - b)
      const expected = percentiles.map((p) => sorted[Math.min(count, Math.max(1, Math.ceil((p * count) / 100))) - 1])
      t.same(getNearestRankValues(Float64Array.from(values), count, percentiles), expected, `${count} values, p${percentiles.join('/p')}`)
    }
  }
})

t.test('the same answers as getNearestRankPercentiles for the priority fee percentiles', async (t) => {
  const random = createRandom(9)
  const values = Array.from({ length: 333 }, () => Math.floor(random() * 5_000))
  const fees = getNearestRankPercentiles(Float64Array.from(values), values.length)
  t.same(getNearestRankValues(Float64Array.from(values), values.length, [25, 50, 75, 95]), [
    fees.low,
    fees.medium,
    fees.high,
    fees.very_high,
  ])
  t.throws(() => getNearestRankValues(new Float64Array(0), 0, [50]))
})
