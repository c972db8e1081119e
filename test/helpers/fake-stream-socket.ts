/**
 * A WebSocket stand-in that a stream connection (edge/ws/stream-connection.ts) can be driven with
 * by hand: each send adds 600 bytes to `bufferedAmount` and keeps its callback until the test
 * "reads" it, so back-pressure is the test's to decide. And that connection over it, with
 * collaborators that refuse whatever the test did not give.
 */
import { EventEmitter } from 'node:events'
import { WebSocket } from 'ws'
import {
  createStreamConnection,
  type StreamConnection,
  type StreamConnectionOptions,
  type StreamSocket,
} from '../../edge/ws/stream-connection.js'
import { quietLogger } from './stack.js'

export class FakeStreamSocket extends EventEmitter {
  readyState: number = WebSocket.OPEN
  bufferedAmount = 0
  paused = false
  sent: Array<{ data: unknown; callback: () => void }> = []
  closeCode: number | undefined
  send(data: unknown, _options: unknown, callback: () => void) {
    this.sent.push({ data, callback })
    this.bufferedAmount += 600
  }
  ping() {}
  pause() {
    this.paused = true
  }
  resume() {
    this.paused = false
  }
  close(code: number) {
    this.closeCode = code
    this.readyState = WebSocket.CLOSING
  }
  terminate() {
    this.readyState = WebSocket.CLOSED
    this.emit('close', 1006, Buffer.alloc(0))
  }
}

const refuse = (what: string) => () => Promise.reject(new Error(`this test does not ${what}`))

/** A stream connection over `socket` for user `u`; `options` replace the collaborators and limits a test uses. */
export function createFakeStreamConnection(
  socket: FakeStreamSocket,
  options: Partial<Pick<StreamConnectionOptions, 'simulator' | 'admission' | 'limits'>>,
): StreamConnection {
  return createStreamConnection({
    socket: socket as unknown as StreamSocket,
    principal: { userId: 'u', role: 'user', apiKeyId: null, hasCard: false },
    requestId: 'fake',
    simulator: options.simulator ?? { simulate: refuse('simulate'), simulateSerialized: refuse('simulate'), watch: refuse('watch') },
    transactions: { execute: refuse('execute'), send: refuse('send'), submit: refuse('submit'), getTips: refuse('ask for tips') },
    admission: options.admission ?? { admit: () => ({ headers: {}, meteredSimulations: 0 }) },
    keyUsage: { record: () => undefined },
    validate: () => null,
    logger: quietLogger,
    now: Date.now,
    limits: options.limits ?? { pingIntervalMs: 60_000, maxInFlight: 8, maxBufferedBytes: 1000, maxWatches: 8 },
  })
}
