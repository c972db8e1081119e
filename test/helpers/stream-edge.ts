/**
 * For the stream's door tests: a listening edge on a stand-in engine with its admission charges
 * recorded, and a WebSocket client that hands out the frames it received, decoded, in order.
 */
import type { Test } from 'tap'
import type { FastifyInstance } from 'fastify'
import { WebSocket, type RawData } from 'ws'
import { Packr } from 'msgpackr'
import type { TrackedTransaction } from '../../engine/contract/transaction-tracking.js'
import { createInProcessEngineClient, type EngineClient } from '../../engine/client/engine-client.js'
import { createEdgeServer } from '../../edge/server.js'
import { STREAM_PATH } from '../../edge/ws/stream-route.js'
import type { AdmissionCharge } from '../../lib/limits/admission.js'
import type { TransactionUpdates } from '../../lib/transaction-updates.js'
import { quietLogger } from './stack.js'
import type { StandInTransactionEngine } from './stand-in-transaction-engine.js'
import type { TestUserService } from './user-service.js'
import { createChargedCallers } from './charged-callers.js'

const packr = new Packr({ useRecords: false })

export type StreamBody = Record<string, unknown> & {
  id?: unknown
  type?: unknown
  error?: { code?: unknown; message?: unknown; request_id?: unknown; retry_after?: unknown; bundle_lint?: unknown }
}

export interface StreamClient {
  socket: WebSocket
  /** The next `count` frames, decoded (JSON or MessagePack by frame type). */
  take(count: number): Promise<Array<{ binary: boolean; body: StreamBody }>>
}

function toBuffer(data: RawData): Buffer {
  return Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data)
}

/** Opens the stream with an API key; closed with the test. */
export async function openStream(t: Test, port: number, apiKey: string): Promise<StreamClient> {
  const socket = new WebSocket(`ws://127.0.0.1:${port}${STREAM_PATH}`, { headers: { 'x-api-key': apiKey } })
  t.teardown(() => socket.terminate())
  const waiting: Array<{ binary: boolean; body: StreamBody }> = []
  const takers: Array<{ count: number; resolve: (frames: typeof waiting) => void }> = []
  const serve = () => {
    while (takers.length > 0 && takers[0]!.count <= waiting.length) {
      const taker = takers.shift()!
      taker.resolve(waiting.splice(0, taker.count))
    }
  }
  socket.on('message', (data, isBinary) => {
    const buffer = toBuffer(data)
    waiting.push({ binary: isBinary, body: (isBinary ? packr.unpack(buffer) : JSON.parse(buffer.toString('utf8'))) as StreamBody })
    serve()
  })
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve())
    socket.once('error', reject)
  })
  return {
    socket,
    take: (count) =>
      new Promise((resolve) => {
        takers.push({ count, resolve })
        serve()
      }),
  }
}

export interface StreamEdge {
  app: FastifyInstance
  port: number
  /** Every admission charge, in order. */
  charges: AdmissionCharge[]
}

/** A listening edge on `standIn` (in-process, or through `engine` when given), its pushes from `updates`; closed with the test. */
export async function startStreamEdge(
  t: Test,
  users: TestUserService,
  standIn: StandInTransactionEngine,
  updates?: TransactionUpdates<TrackedTransaction>,
  engine: EngineClient = createInProcessEngineClient(standIn.engine),
): Promise<StreamEdge> {
  const { callers, charges } = createChargedCallers(users)
  const app = createEdgeServer({
    engine,
    userService: users.userService,
    signingKey: users.signingKey,
    callers,
    transactionUpdates: updates,
    logger: quietLogger,
    bodyLimitBytes: 256 * 1024,
    now: users.clock.now,
  })
  await app.listen({ host: '127.0.0.1', port: 0 })
  t.teardown(async () => {
    await app.close()
    await callers.close()
  })
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('no port')
  return { app, port: address.port, charges }
}
