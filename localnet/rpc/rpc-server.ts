/**
 * The HTTP side of the RPC: POST any path with a JSON-RPC body (as Agave serves "/"), GET /health,
 * CORS for browser dApps, and a body size limit answered with an error instead of a crash.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Logger } from '../../lib/logger.js'
import { JSON_RPC_INVALID_REQUEST } from './json-rpc-error.js'
import type { JsonRpcDispatcher } from './json-rpc-dispatcher.js'
import { readRequestBody } from './request-body.js'
import { keepIdleConnections } from '../../lib/idle-keep-alive.js'

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024

export type RpcServerOptions = {
  host: string
  /** 0 picks a free port. */
  port: number
  dispatcher: JsonRpcDispatcher
  logger: Logger
  maxBodyBytes?: number
}

export type RpcServer = { readonly url: string; readonly port: number; close(): Promise<void> }

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, GET, OPTIONS',
  'access-control-allow-headers': 'content-type, solana-client',
}

/** The URL clients use for a listening address (wildcard hosts answer on loopback). */
export function toRpcUrl(host: string, port: number): string {
  const reachable = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`
}

function reply(res: ServerResponse, status: number, body: string, contentType = 'application/json'): void {
  res.writeHead(status, { ...CORS_HEADERS, 'content-type': contentType, 'content-length': Buffer.byteLength(body) })
  res.end(body)
}

/** Starts the HTTP server and resolves once it listens. */
export async function createRpcServer(options: RpcServerOptions): Promise<RpcServer> {
  const { dispatcher, logger } = options
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES

  function handlePost(req: IncomingMessage, res: ServerResponse): void {
    readRequestBody(req, res, {
      maxBodyBytes,
      logger,
      onTooLarge(res) {
        const error = { code: JSON_RPC_INVALID_REQUEST, message: `Request body exceeds ${maxBodyBytes} bytes` }
        reply(res, 413, JSON.stringify({ jsonrpc: '2.0', error, id: null }))
      },
      onBody(body) {
        const answer = dispatcher.handle(body)
        if (answer === undefined) {
          res.writeHead(204, CORS_HEADERS)
          res.end()
        } else reply(res, 200, answer)
      },
    })
  }

  const server = createServer((req, res) => {
    if (req.method === 'POST') return handlePost(req, res)
    if (req.method === 'OPTIONS') {
      res.writeHead(204, CORS_HEADERS)
      return res.end()
    }
    if (req.method === 'GET' && req.url === '/health') return reply(res, 200, 'ok', 'text/plain')
    reply(res, 405, 'Used HTTP Method is not allowed. POST or OPTIONS is required', 'text/plain')
  })
  keepIdleConnections(server)
  server.on('clientError', (err, socket) => {
    logger.debug({ err }, 'rpc client error')
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
