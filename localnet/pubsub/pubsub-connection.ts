/**
 * One PubSub client: its frames go through the JSON-RPC dispatcher the HTTP side uses (Agave's
 * -32700 / -32600 / -32601 / -32602 answers, batches), over a method table of its own; its
 * notifications are sent as long as it reads them. A client that stops reading — its unsent bytes
 * past `maxBufferedBytes`, or too many notifications held for their commitment — is closed with
 * 1008 rather than let the server's memory grow.
 */
import type { RawData, WebSocket } from 'ws'
import type { Logger } from '../../lib/logger.js'
import { createJsonRpcDispatcher } from '../rpc/json-rpc-dispatcher.js'
import { toJsonText } from '../rpc/json-text.js'
import type { ChainNotifier } from './chain-notifier.js'
import { createPubSubMethods } from './pubsub-methods.js'
import { CLOSE_POLICY_VIOLATION, type PubSubLimits } from './pubsub-limits.js'
import type { SubscriptionOwner } from './subscription.js'
import type { SubscriptionRegistry } from './subscription-registry.js'

/** How long a connection closed for its backlog may take to say goodbye before it is cut. */
const CLOSE_GRACE_MS = 5_000

export type PubSubConnectionContext = {
  registry: SubscriptionRegistry
  notifier: ChainNotifier
  limits: PubSubLimits
  logger: Logger
}

function toText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8')
  return Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.from(data).toString('utf8')
}

/** Serves `socket` until it closes; its subscriptions end with it. */
export function servePubSubConnection(socket: WebSocket, context: PubSubConnectionContext): void {
  const { registry, limits, logger } = context
  let held = 0
  let closing = false

  function closeForBacklog(reason: string): void {
    if (closing) return
    closing = true
    logger.debug({ reason }, 'pubsub client closed for its backlog')
    registry.removeOwner(owner)
    socket.close(CLOSE_POLICY_VIOLATION, reason)
    // The close frame waits behind what the client does not read: cut it if it never does.
    setTimeout(() => socket.terminate(), CLOSE_GRACE_MS).unref()
  }

  function send(text: string): void {
    if (closing || socket.readyState !== socket.OPEN) return
    if (socket.bufferedAmount + text.length > limits.maxBufferedBytes) return closeForBacklog('send buffer full')
    socket.send(text)
  }

  const owner: SubscriptionOwner = {
    notify(method, subscription, result) {
      send(toJsonText({ jsonrpc: '2.0', method, params: { result, subscription } }))
    },
    holdOne() {
      if (held >= limits.maxHeldNotifications) {
        closeForBacklog('too many notifications held')
        return false
      }
      held++
      return true
    },
    releaseOne() {
      held--
    },
  }

  const dispatcher = createJsonRpcDispatcher(
    createPubSubMethods({ registry, notifier: context.notifier, owner, maxSubscriptions: limits.maxSubscriptionsPerConnection }),
    logger,
  )

  socket.on('message', (data) => {
    if (closing) return
    const answer = dispatcher.handle(toText(data))
    if (answer !== undefined) send(answer)
  })
  socket.on('close', () => {
    closing = true
    registry.removeOwner(owner)
  })
  socket.on('error', (err) => logger.debug({ err }, 'pubsub client error'))
}
