// When a simulate may run on the serving thread itself: only while its event loop is mostly idle
// (measured over windows of at least SAMPLE_MS) and only the first call of a turn of the loop.
import t from 'tap'
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises'
import { createServingThreadLoad, SAMPLE_MS } from '../../../engine/workers/serving-thread-load.js'

/** Holds the event loop for `ms`, as a saturating door would. */
function busyFor(ms: number): void {
  const end = performance.now() + ms
  while (performance.now() < end) {
    // spin
  }
}

t.test('an idle loop takes one call a turn inline', async (t) => {
  const load = createServingThreadLoad()
  await sleep(SAMPLE_MS * 2)
  t.equal(load.takeInlineCall(), true, 'the first call of the turn')
  t.equal(load.takeInlineCall(), false, 'a second call of the same turn goes to a worker')
  await nextTurn()
  t.equal(load.takeInlineCall(), true, 'the next turn takes one again')
})

t.test('a busy loop sends calls to the workers until it has been idle a while', async (t) => {
  const load = createServingThreadLoad()
  await sleep(SAMPLE_MS * 2)
  t.equal(load.takeInlineCall(), true)
  await nextTurn()
  busyFor(SAMPLE_MS * 5)
  t.equal(load.takeInlineCall(), false, 'busy: to the workers')
  await sleep(SAMPLE_MS * 3)
  t.equal(load.takeInlineCall(), true, 'idle again: inline')
})
