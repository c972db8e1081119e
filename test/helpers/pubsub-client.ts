/**
 * A raw `ws` client of localnet's PubSub WebSocket for tests: JSON-RPC requests answered by id,
 * notifications collected per subscription, and the close code and reason when the server closes.
 */
import type { Test } from 'tap'
import { WebSocket } from 'ws'
import { waitUntil } from './wait-until.js'

export type PubSubAnswer = {
  jsonrpc: string
  id: unknown
  // Tests read whatever a method answers; the assertions check it.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
  result?: any
  error?: { code: number; message: string }
}

export type PubSubNotification = {
  jsonrpc: string
  method: string
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
  params: { subscription: number; result: any }
}

export type PubSubClient = {
  readonly socket: WebSocket
  /** Sends a request and resolves with its answer. */
  request(method: string, params?: unknown[]): Promise<PubSubAnswer>
  /** Sends raw text; resolves with the next message that is not a notification. */
  sendRaw(text: string): Promise<unknown>
  /** Subscribes and resolves with the id (fails the test on an error answer). */
  subscribe(method: string, params?: unknown[]): Promise<number>
  /** Every notification received so far for `subscription`, in order. */
  notifications(subscription: number): PubSubNotification[]
  /** Waits until `subscription` has at least `count` notifications; resolves with them. */
  waitForNotifications(subscription: number, count?: number, timeoutMs?: number): Promise<PubSubNotification[]>
  /** Resolves with the close code and reason once the connection closes. */
  closed: Promise<{ code: number; reason: string }>
}

/** Opens a client on `url`, closed at teardown. */
export async function openPubSubClient(t: Test, url: string): Promise<PubSubClient> {
  const socket = new WebSocket(url)
  const byId = new Map<unknown, (answer: unknown) => void>()
  const rawWaiters: Array<(answer: unknown) => void> = []
  const received = new Map<number, PubSubNotification[]>()
  let nextId = 1
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  )
  socket.on('error', () => {})
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString()) as Record<string, unknown>
    if (!Array.isArray(message) && message.method !== undefined && message.id === undefined) {
      const notification = message as unknown as PubSubNotification
      const list = received.get(notification.params.subscription) ?? []
      list.push(notification)
      received.set(notification.params.subscription, list)
      return
    }
    const waiter = Array.isArray(message) ? undefined : byId.get(message.id)
    if (waiter && !Array.isArray(message)) {
      byId.delete(message.id)
      return waiter(message)
    }
    rawWaiters.shift()?.(message)
  })
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve())
    socket.once('error', reject)
  })
  t.teardown(() => {
    if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING) socket.terminate()
  })

  const client: PubSubClient = {
    socket,
    closed,
    request(method, params) {
      const id = nextId++
      const answer = new Promise<PubSubAnswer>((resolve) => byId.set(id, resolve as (answer: unknown) => void))
      socket.send(JSON.stringify({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) }))
      return answer
    },
    sendRaw(text) {
      const answer = new Promise<unknown>((resolve) => rawWaiters.push(resolve))
      socket.send(text)
      return answer
    },
    async subscribe(method, params) {
      const answer = await client.request(method, params)
      if (typeof answer.result !== 'number') throw new Error(`${method} answered ${JSON.stringify(answer)}`)
      return answer.result as number
    },
    notifications: (subscription) => received.get(subscription) ?? [],
    async waitForNotifications(subscription, count = 1, timeoutMs = 5_000) {
      await waitUntil(() => client.notifications(subscription).length >= count, timeoutMs, `${count} notification(s) of ${subscription}`)
      return client.notifications(subscription)
    },
  }
  return client
}
