/**
 * The relay's HTTP side: POST a JSON-RPC call to one of the block engine's paths (relay-routes.ts),
 * with, in this order: 404 for another path, 405 for another verb, 413 for a body over the limit,
 * 401 when an auth token is configured and `x-jito-auth` does not carry it, 429 when the call's
 * rate limit bucket is empty (Jito's -32097 body: submissions and reads have a bucket each), then
 * the call itself (HTTP 200).
 */
import { timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Logger } from '../../lib/logger.js'
import { JSON_RPC_INVALID_REQUEST, JSON_RPC_METHOD_NOT_FOUND } from '../rpc/json-rpc-error.js'
import { keepIdleConnections } from '../../lib/idle-keep-alive.js'
import { readRequestBody } from '../rpc/request-body.js'
import { toRpcUrl } from '../rpc/rpc-server.js'
import { dispatchRelayCall, getRequestId, getRequestMethod, parseRelayBody, toErrorText, type JsonRpcId } from './relay-dispatcher.js'
import type { RelayMethods } from './relay-method.js'
import { RELAY_METHOD_NAMES, RELAY_ROUTES, RELAY_SUBMISSION_METHODS } from './relay-routes.js'
import type { RelayStats } from './relay-stats.js'
import type { TokenBucket } from './token-bucket.js'

/** Jito's block engine answers an exhausted rate limit with this JSON-RPC code. */
export const JSON_RPC_RATE_LIMITED = -32097
/** localnet's code for a call without the configured x-jito-auth token (a JSON-RPC server error). */
export const JSON_RPC_UNAUTHORIZED = -32001
export const AUTH_HEADER = 'x-jito-auth'

export type RelayServerOptions = {
  host: string
  /** 0 picks a free port. */
  port: number
  methods: RelayMethods
  /** When set, every call must carry it in x-jito-auth. */
  authToken: string | undefined
  /** sendBundle and sendTransaction take from `submissions`; every other call from `reads`. */
  buckets: { submissions: TokenBucket; reads: TokenBucket }
  stats: RelayStats
  nowMs: () => number
  maxBodyBytes: number
  logger: Logger
}

export type RelayServer = { readonly url: string; readonly port: number; close(): Promise<void> }

function reply(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) })
  res.end(body)
}

function isAuthorized(req: IncomingMessage, token: string | undefined): boolean {
  if (token === undefined) return true
  const given = req.headers[AUTH_HEADER]
  if (typeof given !== 'string') return false
  const [a, b] = [Buffer.from(given), Buffer.from(token)]
  return a.length === b.length && timingSafeEqual(a, b)
}

/** The body of a 429, as Jito's block engine writes it, with the configured rate of the call's kind. */
export function toRateLimitedText(perSecond: number, id: JsonRpcId, kind: 'txn' | 'read' = 'txn'): string {
  return toErrorText(
    { code: JSON_RPC_RATE_LIMITED, message: `Rate limit exceeded. Limit: ${perSecond} per second for ${kind} requests` },
    id,
  )
}

/** Starts the relay's HTTP server and resolves once it listens. */
export async function createRelayServer(options: RelayServerOptions): Promise<RelayServer> {
  const { buckets, stats, logger, maxBodyBytes } = options

  function handleCall(req: IncomingMessage, res: ServerResponse, allowed: ReadonlySet<string>, query: URLSearchParams, text: string): void {
    const receivedAtMs = options.nowMs()
    const body = parseRelayBody(text)
    const id = getRequestId(body)
    if (!isAuthorized(req, options.authToken)) {
      stats.recordUnauthorized()
      const message = `Unauthorized: the ${AUTH_HEADER} header is missing or wrong`
      return reply(res, 401, toErrorText({ code: JSON_RPC_UNAUTHORIZED, message }, id))
    }
    const method = getRequestMethod(body)
    const submission = method !== undefined && RELAY_SUBMISSION_METHODS.has(method)
    const bucket = submission ? buckets.submissions : buckets.reads
    if (!bucket.tryTake(receivedAtMs)) {
      stats.recordRateLimited(receivedAtMs)
      return reply(res, 429, toRateLimitedText(bucket.getRate(), id, submission ? 'txn' : 'read'))
    }
    // Only the relay's own names are counted, so that a client's made-up names cannot grow the table.
    stats.recordAccepted(receivedAtMs, method !== undefined && RELAY_METHOD_NAMES.has(method) ? method : '')
    const headers: Record<string, string> = {}
    const answer = dispatchRelayCall(body, options.methods, allowed, { query, setHeader: (name, value) => (headers[name] = value) }, logger)
    reply(res, 200, answer, headers)
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://relay')
    const allowed = RELAY_ROUTES.get(url.pathname)
    if (!allowed) {
      return reply(res, 404, toErrorText({ code: JSON_RPC_METHOD_NOT_FOUND, message: `Not found: ${url.pathname}` }, null))
    }
    if (req.method !== 'POST') {
      res.setHeader('allow', 'POST')
      return reply(res, 405, toErrorText({ code: JSON_RPC_INVALID_REQUEST, message: 'Method not allowed: use POST' }, null))
    }
    readRequestBody(req, res, {
      maxBodyBytes,
      logger,
      onTooLarge: (res) =>
        reply(res, 413, toErrorText({ code: JSON_RPC_INVALID_REQUEST, message: `Request body exceeds ${maxBodyBytes} bytes` }, null)),
      onBody: (text) => handleCall(req, res, allowed, url.searchParams, text),
    })
  })
  keepIdleConnections(server)
  server.on('clientError', (err, socket) => {
    logger.debug({ err }, 'relay client error')
    socket.destroy()
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, options.host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const port = (server.address() as AddressInfo).port
  return {
    url: toRpcUrl(options.host, port),
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()))
        // Keep-alive connections would hold close() open until they time out.
        server.closeAllConnections()
      }),
  }
}
