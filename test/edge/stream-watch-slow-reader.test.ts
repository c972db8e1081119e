/**
 * A watch's updates to a client that reads too slowly (a fake socket drives ws's bufferedAmount,
 * as the stream's back-pressure test does; the watch's listener is driven by hand): while the
 * buffer is over the cap each watch keeps only its latest update, which goes out once the client
 * has read; an end replaces a waiting update. Memory stays one frame per watch.
 */
import t from 'tap'
import type { SimulateResponse } from '../../engine/contract/simulate-response.js'
import type { WatchListener } from '../../engine/contract/simulation-watch.js'
import { createFakeStreamConnection, FakeStreamSocket } from '../helpers/fake-stream-socket.js'
import { waitUntil } from '../helpers/wait-until.js'

t.test('a slow reader gets each watch’s latest update, not every one', async (t) => {
  const socket = new FakeStreamSocket()
  t.teardown(() => socket.terminate())
  const listeners: WatchListener[] = []
  let cancelled = 0
  const connection = createFakeStreamConnection(socket, {
    simulator: {
      simulate: () => Promise.reject(new Error('this test only watches')),
      simulateSerialized: () => Promise.reject(new Error('this test only watches')),
      watch: async (_principal, _input, listener) => {
        listeners.push(listener)
        const watchId = `w_${String(listeners.length).padStart(24, '0')}`
        return { response: { success: true } as SimulateResponse, watchId, cancel: () => cancelled++ }
      },
    },
  })
  const frames = () => socket.sent.map(({ data }) => JSON.parse(data as string) as Record<string, unknown>)
  const read = () => {
    socket.bufferedAmount = 0
    for (const { callback } of socket.sent.splice(0)) callback()
  }
  const update = (listener: WatchListener, step: number) =>
    listener.update({ success: step % 2 === 0, step } as unknown as SimulateResponse)

  socket.emit('message', Buffer.from(JSON.stringify({ id: 1, transaction: 'tx', watch: true })), false)
  socket.emit('message', Buffer.from(JSON.stringify({ id: 2, transaction: 'tx', watch: true })), false)
  await waitUntil(() => socket.sent.length === 2, 2_000, 'both answers')
  const [a, b] = listeners as [WatchListener, WatchListener]
  t.equal(socket.bufferedAmount, 1200, 'the client has not read: over the cap')

  for (let step = 1; step <= 5; step++) update(a, step)
  update(b, 1)
  b.end('time_limit')
  t.equal(socket.sent.length, 2, 'nothing more is sent while over the cap')
  t.equal(connection.getStats().watchUpdatesReplaced, 4, "four of a's updates were replaced by a newer one")

  read()
  await waitUntil(() => socket.sent.length === 2, 2_000, 'the waiting frames')
  t.same(
    frames().map(({ type, subscription, step, reason }) => ({ type, subscription, step, reason })),
    [
      { type: 'simulation_update', subscription: 'w_000000000000000000000001', step: 5, reason: undefined },
      { type: 'watch_end', subscription: 'w_000000000000000000000002', step: undefined, reason: 'time_limit' },
    ],
    "a's latest update; b's end, which replaced its waiting update",
  )
  t.equal(connection.getStats().watches, 1, 'b ended, a goes on')
  read()
  update(a, 6)
  t.equal(frames()[0]?.step, 6, 'under the cap an update goes out at once')
  t.equal(cancelled, 0, 'the engine ended b itself; nothing was cancelled')
  socket.terminate()
  t.equal(cancelled, 1, 'a closed socket cancels its open watch')
})

t.test('with an admission that answers later (Redis), watches being admitted count against the limit', async (t) => {
  const socket = new FakeStreamSocket()
  t.teardown(() => socket.terminate())
  let admitted = 0
  const connection = createFakeStreamConnection(socket, {
    simulator: {
      simulate: () => Promise.reject(new Error('this test only watches')),
      simulateSerialized: () => Promise.reject(new Error('this test only watches')),
      watch: async () => ({
        response: { success: true } as SimulateResponse,
        watchId: `w_${'0'.repeat(23)}${admitted}`,
        cancel: () => undefined,
      }),
    },
    admission: {
      admit: () =>
        new Promise((resolve) =>
          setTimeout(() => {
            admitted++
            resolve({ headers: {}, meteredSimulations: 0 })
          }, 20),
        ),
    },
    limits: { pingIntervalMs: 60_000, maxInFlight: 8, maxBufferedBytes: 1_000_000, maxWatches: 2 },
  })
  for (const id of [1, 2, 3]) socket.emit('message', Buffer.from(JSON.stringify({ id, transaction: 'tx', watch: true })), false)
  await waitUntil(() => socket.sent.length === 3, 2_000, 'three frames')
  const frames = socket.sent.map(({ data }) => JSON.parse(data as string) as { id: number; error?: { code: string } })
  t.equal(frames.find((frame) => frame.id === 3)?.error?.code, 'watch_limit_exceeded', 'the third is refused while two are being admitted')
  t.equal(admitted, 2, 'and never charged')
  t.equal(connection.getStats().watches, 2)
})
