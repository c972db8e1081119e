/** One line per window, counting what was held back; the first occurrence always gets through. */
import t from 'tap'
import { createLogThrottle } from '../../lib/log-throttle.js'

t.test('a line per window, with how many occurred since the last one', async (t) => {
  let nowMs = 0
  const throttle = createLogThrottle(1_000, () => nowMs)
  t.equal(throttle(), 1, 'the first occurrence is let through')
  nowMs = 500
  t.equal(throttle(), 0, 'held back inside the window')
  t.equal(throttle(), 0)
  nowMs = 1_000
  t.equal(throttle(), 3, 'the next line counts the two held back and itself')
  nowMs = 5_000
  t.equal(throttle(), 1)
})
