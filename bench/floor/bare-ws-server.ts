/**
 * The WebSocket floor: a bare `ws` server answering every text message with the service's own
 * answer frame, captured once, with no work but echoing the message's `id` (the service writes
 * `{"id":n,…}`, and clients match answers by it): the id's digits are read from the message's
 * first bytes and put in place of the captured answer's. The cost of ws framing + loopback + the
 * client alone.
 */
import type { AddressInfo } from 'node:net'
import { WebSocketServer } from 'ws'

export interface BareWsServer {
  readonly port: number
  close(): Promise<void>
}

const ID_PREFIX = '{"id":'

/** The id's digits at the start of a `{"id":n,…}` frame, or null. */
export function readFrameId(frame: string): string | null {
  if (!frame.startsWith(ID_PREFIX)) return null
  const end = frame.indexOf(',', ID_PREFIX.length)
  return end === -1 ? null : frame.slice(ID_PREFIX.length, end)
}

/** The captured answer after its id: what every answer ends with. */
export function getAnswerTail(answer: string): string {
  const id = readFrameId(answer)
  if (id === null) throw new Error(`the captured WebSocket answer does not start with {"id":n, : ${answer.slice(0, 40)}`)
  return answer.slice(ID_PREFIX.length + id.length)
}

/** Starts the server on 127.0.0.1 and a free port, answering like `answer` (a captured frame). */
export async function createBareWsServer(answer: string): Promise<BareWsServer> {
  const tail = getAnswerTail(answer)
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false })
  server.on('connection', (socket) => {
    socket.on('message', (data: Buffer) => {
      const id = readFrameId(data.toString('latin1', 0, Math.min(data.length, 32)) + ',') ?? 'null'
      socket.send(ID_PREFIX + id + tail)
    })
    socket.on('error', () => undefined)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.once('listening', resolve)
  })
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate()
        server.close(() => resolve())
      }),
  }
}
