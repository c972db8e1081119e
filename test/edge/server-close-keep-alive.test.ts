/**
 * Closing the edge under keep-alive load (issue 28, item 7b): clients that keep their connections
 * alive and send request after request while the server closes must never see a connection reset
 * or a hang-up. A request written on a kept-alive connection during the drain is answered in full,
 * with `Connection: close`; once the listener is closed, a client's next request opens a new
 * connection and is refused before anything is sent (ECONNREFUSED, which a client can always retry
 * elsewhere). Closing an idle kept-alive socket at once raced with the clients writing on it.
 */
import { Agent, request } from 'node:http'
import t from 'tap'
import type { EngineClient } from '../../engine/client/engine-client.js'
import type { EngineHealth } from '../../engine/contract/engine-health.js'
import { createTestEdgeWithUser } from '../helpers/edge-inject.js'

const CLIENTS = 24
/** Requests answered before the close begins: every client is in its loop by then. */
const ANSWERED_BEFORE_CLOSE = 600

const HEALTH: EngineHealth = { status: 'operational', slot: 1, freshness: 'rpc', geyser: null, workers: null }

/** An engine that answers health at once and nothing else (the test is about connections, not the engine). */
const engine = new Proxy({ transport: 'in-process', health: async () => HEALTH, close: async () => undefined } as Partial<EngineClient>, {
  get: (target, name) => target[name as keyof EngineClient] ?? (() => Promise.reject(new Error(`not in this test: ${String(name)}`))),
}) as EngineClient

interface Answer {
  status: number
  connection: string | undefined
}

/** GET /health on `agent`'s kept-alive sockets; rejects with the socket's error code. */
function getHealth(port: number, agent: Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/health', agent }, (response) => {
      response.resume()
      response.on('end', () => resolve({ status: response.statusCode ?? 0, connection: response.headers.connection }))
      response.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

t.test('close() under keep-alive load: no client sees a reset; each request is answered or refused before it is sent', async (t) => {
  const { app } = await createTestEdgeWithUser(t, engine)
  await app.listen({ host: '127.0.0.1', port: 0 })
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('no port')
  const { port } = address
  const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS })
  t.teardown(() => agent.destroy())

  let answered = 0
  let startClose!: () => void
  const enoughAnswered = new Promise<void>((resolve) => (startClose = resolve))
  const answers: Answer[] = []
  const failures: string[] = []
  let refused = 0
  const client = async () => {
    for (;;) {
      try {
        const answer = await getHealth(port, agent)
        answers.push(answer)
        if (++answered === ANSWERED_BEFORE_CLOSE) startClose()
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message
        // The listener is closed: the next request's new connection is refused, nothing was sent.
        if (code === 'ECONNREFUSED') {
          refused++
          return
        }
        failures.push(code)
        return
      }
    }
  }
  const clients = Array.from({ length: CLIENTS }, client)
  await enoughAnswered
  await app.close()
  await Promise.all(clients)

  t.same(failures, [], 'no client saw a reset, a hang-up or a broken pipe')
  t.equal(refused, CLIENTS, 'every client ended on a refused new connection, once the listener had closed')
  t.same(
    answers.filter((answer) => answer.status !== 200),
    [],
    'every request that was sent was answered 200',
  )
  // Only the server knows when an answer left relative to the close; the header says it was during the drain.
  const closing = answers.filter((answer) => answer.connection === 'close')
  t.ok(closing.length > 0, `requests on kept-alive connections were answered during the drain, with Connection: close (${closing.length})`)
})
