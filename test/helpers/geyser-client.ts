/** The real Yellowstone client package against a test localnet's geyser server, with a waitable update queue. */
import type { Test } from 'tap'
import type { ClientDuplexStream, SubscribeRequest, SubscribeUpdate } from '@triton-one/yellowstone-grpc'

import { yellowstone } from '../../lib/yellowstone.js'

const Client = yellowstone.default
/** The package's decoder of bincode transaction errors. */
export const txErrDecode = yellowstone.txErrDecode
type Client = InstanceType<typeof Client>

/** A SubscribeRequest in part (the codec's fromPartial fills the rest). */
export type DeepRequest = Record<string, unknown>
const toRequest = yellowstone.SubscribeRequest.fromPartial as (partial: DeepRequest) => SubscribeRequest

export type GeyserSubscription = {
  readonly stream: ClientDuplexStream
  /** Every update received so far, in order. */
  readonly received: SubscribeUpdate[]
  /** The first update (received or to come) after those already taken that matches `match`. */
  next(match: (update: SubscribeUpdate) => boolean, timeoutMs?: number): Promise<SubscribeUpdate>
  /** Sends a request on the open stream (replacing its filters unless it is a ping). */
  send(request: DeepRequest): Promise<void>
  /** Sends `request`, then a ping, and waits for its pong: the server handles requests in order, so the filters are in place. */
  apply(request: DeepRequest): Promise<void>
  /** Resolves with the stream's error, if it fails. */
  readonly failed: Promise<Error>
}

/** A connected client that the test closes. */
export async function connectGeyserClient(url: string): Promise<Client> {
  const client = new Client(url, undefined, {})
  await client.connect()
  return client
}

/** The ping subscribeGeyser sends after the request; its pong is not kept among the updates. */
const SUBSCRIBED_PING_ID = 2_147_483_647

/**
 * Opens a Subscribe stream with `request`, and resolves once the server has taken it (or failed the
 * stream on it): the server reads requests asynchronously, so a change made on the chain at once
 * could otherwise pass before the filters are in place. The test destroys the stream at teardown.
 */
export async function subscribeGeyser(t: Test, client: Client, request: DeepRequest): Promise<GeyserSubscription> {
  const stream = await client.subscribe(toRequest(request))
  const received: SubscribeUpdate[] = []
  let taken = 0
  let pingId = 0
  const waiters = new Set<() => void>()
  let markSubscribed: () => void = () => undefined
  const subscribed = new Promise<void>((resolve) => (markSubscribed = resolve))
  stream.on('data', (update: SubscribeUpdate) => {
    if (update.pong?.id === SUBSCRIBED_PING_ID) return markSubscribed()
    received.push(update)
    for (const wake of waiters) wake()
  })
  const failed = new Promise<Error>((resolve) => stream.on('error', resolve))
  const ended = new Promise<void>((resolve) => stream.on('close', resolve))
  t.teardown(() => {
    stream.destroy()
  })

  function waitFor(match: (update: SubscribeUpdate) => boolean, timeoutMs = 5_000): Promise<SubscribeUpdate> {
    return new Promise((resolve, reject) => {
      const check = () => {
        while (taken < received.length) {
          const update = received[taken++] as SubscribeUpdate
          if (match(update)) {
            waiters.delete(check)
            clearTimeout(timer)
            resolve(update)
            return
          }
        }
      }
      const timer = setTimeout(() => {
        waiters.delete(check)
        reject(new Error(`no matching update within ${timeoutMs} ms (received ${received.length})`))
      }, timeoutMs)
      waiters.add(check)
      check()
    })
  }

  function send(next: DeepRequest): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      stream.write(toRequest(next), (error?: Error | null) => (error ? reject(error) : resolve()))
    })
  }

  // The server handles a stream's requests in order: the ping's pong means the request was taken.
  await send({ ping: { id: SUBSCRIBED_PING_ID } }).catch(() => undefined)
  await Promise.race([subscribed, failed, ended])

  return {
    stream,
    received,
    failed,
    next: waitFor,
    send,
    async apply(next) {
      const id = ++pingId
      await send(next)
      await send({ ping: { id } })
      await waitFor((update) => update.pong?.id === id)
    },
  }
}
