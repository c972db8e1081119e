/**
 * The lightest HTTP/1.1 client: one kept-alive socket, the request bytes built once per body, the
 * response read only far enough to know its status and where it ends (Content-Length). What it
 * costs the process is close to nothing, so its timings are the server's, not the client's.
 */
import { connect, type Socket } from 'node:net'
import type { HttpAnswer, KeepAliveClient } from './keep-alive-client.js'

const HEADER_END = Buffer.from('\r\n\r\n')
const CONTENT_LENGTH = /\r\ncontent-length: *(\d+)/i

/** A raw keep-alive client POSTing JSON to http://host:port{path}, with `headers` on every request. */
export async function createRawHttpClient(
  host: string,
  port: number,
  path: string,
  headers: Readonly<Record<string, string>> = {},
): Promise<KeepAliveClient> {
  const socket: Socket = connect({ host, port, noDelay: true })
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve)
    socket.once('error', reject)
  })
  const requests = new Map<Buffer, Buffer>()
  const extraHeaders = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')
  let pending: { resolve: (answer: HttpAnswer) => void; keepBody: boolean } | undefined
  let received: Buffer = Buffer.alloc(0)

  socket.on('data', (chunk: Buffer) => {
    received = received.length === 0 ? chunk : Buffer.concat([received, chunk])
    const headerEnd = received.indexOf(HEADER_END)
    if (headerEnd < 0) return
    const head = received.toString('latin1', 0, headerEnd)
    const length = Number(CONTENT_LENGTH.exec(head)?.[1] ?? 0)
    const total = headerEnd + 4 + length
    if (received.length < total) return
    const body = received.subarray(headerEnd + 4, total)
    received = received.subarray(total)
    const request = pending
    pending = undefined
    request?.resolve({ status: Number(head.slice(9, 12)), body: request.keepBody ? Buffer.from(body) : Buffer.alloc(0) })
  })

  function getRequest(body: Buffer): Buffer {
    let request = requests.get(body)
    if (!request) {
      const head = `POST ${path} HTTP/1.1\r\nhost: ${host}:${port}\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n${extraHeaders}\r\n`
      request = Buffer.concat([Buffer.from(head, 'latin1'), body])
      requests.set(body, request)
    }
    return request
  }

  return {
    post(body, keepBody = false) {
      return new Promise<HttpAnswer>((resolve) => {
        pending = { resolve, keepBody }
        socket.write(getRequest(body))
      })
    },
    socketsOpened: 1,
    close() {
      socket.destroy()
    },
  }
}
