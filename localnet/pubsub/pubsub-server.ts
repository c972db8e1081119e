/**
 * Solana's PubSub JSON-RPC over WebSocket (what web3.js's Connection and kit's
 * createSolanaRpcSubscriptions open on the RPC port + 1): account, program, signature, logs, slot
 * and root subscriptions fed by the chain's events, within the bounds of pubsub-limits.ts.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { WebSocketServer } from 'ws'
import type { Logger } from '../../lib/logger.js'
import type { LocalChain } from '../chain.js'
import { toRpcUrl } from '../rpc/rpc-server.js'
import { createChainNotifier } from './chain-notifier.js'
import { servePubSubConnection } from './pubsub-connection.js'
import { CLOSE_GOING_AWAY, CLOSE_TRY_AGAIN_LATER, DEFAULT_PUBSUB_LIMITS, type PubSubLimits } from './pubsub-limits.js'
import { createSubscriptionRegistry } from './subscription-registry.js'

/** How long clients get to answer the server's close frame when localnet closes. */
const SHUTDOWN_GRACE_MS = 1_000

export type PubSubServerOptions = {
  host: string
  /** 0 picks a free port. */
  port: number
  chain: LocalChain
  logger: Logger
  limits?: Partial<PubSubLimits>
}

export type PubSubServer = {
  /** ws://host:port, what clients pass as their subscriptions URL. */
  readonly url: string
  readonly port: number
  /** Closes every connection and stops listening. */
  close(): Promise<void>
}

/** Starts the PubSub server and resolves once it listens. */
export async function createPubSubServer(options: PubSubServerOptions): Promise<PubSubServer> {
  const { chain, logger } = options
  const limits: PubSubLimits = { ...DEFAULT_PUBSUB_LIMITS, ...options.limits }
  const http = createServer((_req, res) => {
    // Agave's PubSub port answers only WebSocket upgrades.
    res.writeHead(426, { 'content-type': 'text/plain', upgrade: 'websocket' })
    res.end('WebSocket upgrade required')
  })
  const wss = new WebSocketServer({ server: http, maxPayload: limits.maxMessageBytes, clientTracking: true })
  const registry = createSubscriptionRegistry()
  const notifier = createChainNotifier(chain, registry, logger)

  wss.on('connection', (socket) => {
    // The new one is already counted in wss.clients.
    if (wss.clients.size > limits.maxConnections) {
      socket.on('error', () => {})
      return socket.close(CLOSE_TRY_AGAIN_LATER, 'too many connections')
    }
    servePubSubConnection(socket, { registry, notifier, limits, logger })
  })
  wss.on('error', (err) => logger.warn({ err }, 'pubsub server error'))
  http.on('clientError', (err, socket) => {
    logger.debug({ err }, 'pubsub client error')
    socket.destroy()
  })

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject)
    http.listen(options.port, options.host, () => {
      http.off('error', reject)
      resolve()
    })
  }).catch((error: unknown) => {
    notifier.stop()
    throw error
  })
  const port = (http.address() as AddressInfo).port
  return {
    url: toRpcUrl(options.host, port).replace(/^http:/, 'ws:'),
    port,
    async close() {
      notifier.stop()
      for (const socket of wss.clients) socket.close(CLOSE_GOING_AWAY, 'localnet closing')
      // A client that does not answer the close frame is cut after a short grace.
      const deadline = Date.now() + SHUTDOWN_GRACE_MS
      while (wss.clients.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20))
      for (const socket of wss.clients) socket.terminate()
      await new Promise<void>((resolve) => wss.close(() => resolve()))
      await new Promise<void>((resolve) => {
        http.close(() => resolve())
        http.closeAllConnections()
      })
    },
  }
}
