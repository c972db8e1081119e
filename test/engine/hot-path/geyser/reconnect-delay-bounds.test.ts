import t from 'tap'
import { getReconnectDelayMs } from '../../../../engine/hot-path/geyser/reconnect-delay.js'

t.test('the delay doubles per attempt up to the cap, jittered into [half, full)', async (t) => {
  t.same(
    [0, 1, 2, 3].map((attempt) => getReconnectDelayMs(attempt, 100, 5_000, () => 0.999999)),
    [100, 200, 400, 800],
  )
  t.equal(
    getReconnectDelayMs(0, 100, 5_000, () => 0),
    50,
    'jitter halves at most',
  )
  t.equal(
    getReconnectDelayMs(20, 100, 5_000, () => 0.999999),
    5_000,
    'capped',
  )
  t.equal(
    getReconnectDelayMs(10_000, 100, 5_000, () => 0.5),
    3_750,
    'no overflow on a long outage',
  )
})
