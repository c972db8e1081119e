/**
 * Errors Node's HTTP parser raises before fastify sees a request (a malformed request line, a
 * duplicate Content-Length, oversized headers, a request that did not arrive in time) answered with
 * the Error envelope on the raw socket, as fastify's routes answer everything else.
 */
import { randomUUID } from 'node:crypto'
import { STATUS_CODES, type ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import type { ConnectionError } from 'fastify'
import { ERROR_CATALOGUE, type ErrorCode } from '../lib/errors.js'
import type { Logger } from '../lib/logger.js'
import type { ErrorEnvelope } from './http-errors.js'

/** Node's parser and server error codes that have a code of their own; any other parse error is bad_request. */
const CLIENT_ERRORS: Readonly<Record<string, ErrorCode>> = {
  ERR_HTTP_REQUEST_TIMEOUT: 'request_timeout',
  HPE_HEADER_OVERFLOW: 'headers_too_large',
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 'payload_too_large',
}

/** `_httpMessage`: where Node keeps the response in flight on a socket (undocumented; its own clientError default reads it). */
type HttpSocket = Socket & { _httpMessage?: ServerResponse | null }

/** Creates fastify's `clientErrorHandler`: the envelope with a fresh request id, then the socket closes. */
export function createClientErrorHandler(logger: Logger): (error: ConnectionError, socket: Socket) => void {
  return (error, socket) => {
    // The peer is gone (or the socket already is): there is no one to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) {
      socket.destroy()
      return
    }
    const code = CLIENT_ERRORS[error.code] ?? 'bad_request'
    const requestId = randomUUID()
    // A client's fault, and a probe can raise thousands a second: below the level a service runs at.
    // Node's code and message only: the error also holds the raw bytes that failed to parse.
    logger.debug({ reqId: requestId, code, parserCode: error.code }, error.message)
    // Bytes of a response already on the wire: a second status line would corrupt it (Node's own guard).
    const response = (socket as HttpSocket)._httpMessage
    if (socket.writable && !response?.headersSent) socket.write(toRawResponse(code, requestId))
    socket.destroy(error)
  }
}

/** A whole HTTP/1.1 response carrying the envelope; the connection closes after it. */
function toRawResponse(code: ErrorCode, requestId: string): string {
  const { http, message } = ERROR_CATALOGUE[code]
  const body = JSON.stringify({ error: { code, message, request_id: requestId } } satisfies ErrorEnvelope)
  return (
    `HTTP/1.1 ${http} ${STATUS_CODES[http] ?? ''}\r\n` +
    'Content-Type: application/json; charset=utf-8\r\n' +
    `Content-Length: ${Buffer.byteLength(body)}\r\n` +
    `X-Request-Id: ${requestId}\r\n` +
    'Connection: close\r\n\r\n' +
    body
  )
}
