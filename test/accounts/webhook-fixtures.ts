/**
 * What the webhook delivery tests share: a delivery worker on fast test timings, raw TCP listeners that count the connections they get (a
 * listener that never hears from the service proves nothing was sent), users registered on a test
 * user service, and endpoints stored as if registered earlier, when their URL still passed.
 */
import { randomUUID } from 'node:crypto'
import { createServer, type Socket } from 'node:net'
import type { Test } from 'tap'
import type { TestUserService } from '../helpers/user-service.js'
import { quietLogger } from '../helpers/stack.js'
import { startWebhookDeliveryWorker, type WebhookDeliveryWorkerOptions } from '../../accounts/webhooks/webhook-delivery-worker.js'

export interface CountingListener {
  host: string
  port: number
  /** Connections accepted so far. */
  connections: number
}

/**
 * A TCP listener on `host` (port 0) that counts connections and hands each to `onConnection`
 * (default: left open, never answered); null when the host cannot be listened on. Closed, with
 * every connection, when `t` ends.
 */
export async function startCountingListener(
  t: Test,
  host: string,
  onConnection: (socket: Socket) => void = () => undefined,
): Promise<CountingListener | null> {
  const sockets = new Set<Socket>()
  const listener: CountingListener = { host, port: 0, connections: 0 }
  const server = createServer({ pauseOnConnect: true }, (socket) => {
    listener.connections++
    sockets.add(socket)
    socket.on('error', () => undefined)
    socket.on('close', () => sockets.delete(socket))
    onConnection(socket)
  })
  const listening = await new Promise<boolean>((resolve) => {
    server.once('error', () => resolve(false))
    server.listen(0, host, () => resolve(true))
  })
  if (!listening) return null
  const address = server.address()
  listener.port = typeof address === 'object' && address ? address.port : 0
  t.teardown(
    () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  )
  return listener
}

/** A delivery worker on `users`' database, private URLs allowed and fast retries and polls, stopped when `t` ends. */
export function startTestDeliveryWorker(t: Test, users: TestUserService, options: Partial<WebhookDeliveryWorkerOptions> = {}) {
  const worker = startWebhookDeliveryWorker({
    db: users.db,
    logger: quietLogger,
    urlPolicy: { allowPrivateUrls: true },
    retryBaseMs: 20,
    pollIntervalMs: 10,
    ...options,
  })
  t.teardown(() => worker.stop())
  return worker
}

/** Registers a user on `users`; answers its id. */
export async function registerWebhookUser(users: TestUserService, label: string): Promise<string> {
  const email = `${label}-${process.pid}-${randomUUID()}@example.com`
  await users.userService.register({ email, password: 'correct horse battery staple' })
  const [row] = await users.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email])
  if (!row) throw new Error('no user')
  return row.id
}

/**
 * An endpoint of `userId` with `url`, written straight to the table: as if registered while its
 * name still resolved to a public address, so only the delivery's own checks stand in the way.
 */
export async function insertWebhookEndpoint(users: TestUserService, userId: string, url: string, events: string[]): Promise<string> {
  const id = randomUUID()
  await users.db.query(
    `INSERT INTO webhook_endpoints (id, user_id, url, events, secret, created_at) VALUES ($1, $2, $3, $4::text[], $5, $6)`,
    [id, userId, url, events, `whsec_${randomUUID()}`, new Date(users.clock.now())],
  )
  return id
}
