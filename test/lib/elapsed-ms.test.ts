// latency_ms in answers is milliseconds to the microsecond: it prints as 1506.406, never as
// 1506.4061430000002 (what a raw performance.now() difference prints as).
import t from 'tap'
import { elapsedMs } from '../../lib/elapsed-ms.js'

t.test('at most three decimals, and within a microsecond of the real elapsed time', async (t) => {
  for (const ago of [0.0004, 1.23456789, 1506.406143, 86_400_000.123456]) {
    const before = performance.now()
    const value = elapsedMs(before - ago)
    const after = performance.now()
    t.match(String(value), /^\d+(\.\d{1,3})?$/, `${value}: no more than three decimals`)
    t.ok(value >= ago - 0.0005 && value <= ago + (after - before) + 0.0005, `${value} ≈ ${ago}`)
  }
})
