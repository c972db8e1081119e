/**
 * HTTP/1.1 over a bare TCP socket, for what `inject` cannot reach: Node's parser, its timeouts and
 * the connection cap act on real sockets only.
 */
import { connect, type Socket } from 'node:net'
import { once } from 'node:events'
import type { FastifyInstance } from 'fastify'

export interface RawResponse {
  status: number
  headers: Record<string, string>
  body: string
}

/** Listens on a free port of 127.0.0.1 and returns it. */
export async function listenOnFreePort(app: FastifyInstance): Promise<number> {
  await app.listen({ host: '127.0.0.1', port: 0 })
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('no port')
  return address.port
}

/** A connected socket to `port` that keeps everything it receives until the server closes it. */
export interface RawConnection {
  socket: Socket
  /** Resolves with all that was received once the socket closed (the server closed it, or reset it). */
  closed: Promise<string>
}

/** Connects to `port` and collects what arrives; nothing is sent. */
export async function openRawConnection(port: number): Promise<RawConnection> {
  const socket = connect({ host: '127.0.0.1', port })
  const chunks: Buffer[] = []
  socket.on('data', (chunk: Buffer) => chunks.push(chunk))
  // A reset (a dropped connection) is how the server may close; what arrived before it still counts.
  socket.on('error', () => undefined)
  const closed = once(socket, 'close').then(() => Buffer.concat(chunks).toString('latin1'))
  await once(socket, 'connect')
  return { socket, closed }
}

/** Sends `data` on a new connection, never ends it, and resolves with what arrived once the server closed it. */
export async function sendRaw(port: number, data: string): Promise<string> {
  const { socket, closed } = await openRawConnection(port)
  socket.write(data, 'latin1')
  return closed
}

/** The first HTTP/1.1 response in `raw` (Content-Length framed); undefined if there is none. */
export function parseRawResponse(raw: string): RawResponse | undefined {
  const headEnd = raw.indexOf('\r\n\r\n')
  if (headEnd < 0) return undefined
  const [statusLine = '', ...lines] = raw.slice(0, headEnd).split('\r\n')
  const headers: Record<string, string> = {}
  for (const line of lines) {
    const colon = line.indexOf(':')
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  const length = Number(headers['content-length'] ?? 0)
  return { status: Number(statusLine.split(' ')[1]), headers, body: raw.slice(headEnd + 4, headEnd + 4 + length) }
}
