// The worker pool's table of calls in flight (pending-calls.ts): each held call has its own id, a
// call is taken once, an id is reused only after its call was taken, and a worker's exit takes all.
import t from 'tap'
import { createPendingCalls } from '../../../../engine/hot-path/workers/pending-calls.js'

t.test('each held call has an id of its own, and is taken once', async (t) => {
  const calls = createPendingCalls<string>()
  const ids = ['a', 'b', 'c'].map((call) => calls.add(call))
  t.equal(new Set(ids).size, 3, 'three calls, three ids')
  t.equal(calls.size, 3)
  t.equal(calls.take(ids[1] as number), 'b')
  t.equal(calls.take(ids[1] as number), undefined, 'taken already')
  t.equal(calls.take(99), undefined, 'an id never given')
  t.equal(calls.size, 2)
  t.same(calls.values().sort(), ['a', 'c'])
})

t.test('an id is reused only once its call was taken', async (t) => {
  const calls = createPendingCalls<number>()
  const held = new Map<number, number>()
  // Calls come and go as under load: at most 8 in flight, 1,000 in all.
  for (let call = 0; call < 1_000; call++) {
    const id = calls.add(call)
    t.notOk(held.has(id), `call ${call}: id ${id} is not another held call's`)
    held.set(id, call)
    if (held.size === 8) {
      const [oldest] = held.keys()
      t.equal(calls.take(oldest as number), held.get(oldest as number))
      held.delete(oldest as number)
    }
  }
  t.equal(calls.size, held.size)
  t.ok(Math.max(...held.keys()) < 8, 'the ids stay as few as the calls in flight')
})

t.test("takeAll: every held call, none held afterwards (a worker's exit)", async (t) => {
  const calls = createPendingCalls<string>()
  const first = calls.add('a')
  calls.add('b')
  calls.take(first)
  calls.add('c')
  t.same(calls.takeAll().sort(), ['b', 'c'])
  t.equal(calls.size, 0)
  t.same(calls.values(), [])
  t.same(calls.takeAll(), [])
  t.equal(calls.take(first), undefined)
})
