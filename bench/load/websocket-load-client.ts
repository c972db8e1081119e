/**
 * The WebSocket side of the load worker: `sockets` connections to the edge's stream (ws), each
 * message given a fresh integer id, each answer matched back to its message by that id (answers
 * may come out of order). Messages are prebuilt per mix entry, so a send costs one string
 * concatenation (JSON) or one small MessagePack pack; answers are never decoded beyond their id.
 */
import { WebSocket } from 'ws'
import type { LoadTarget } from './load-run-spec.js'
import { describeStreamFrame, encodeStreamMessage, readStreamAnswer } from './stream-answer.js'

type WebSocketTarget = Extract<LoadTarget, { kind: 'websocket' }>

/** What an answer settles: undefined for a good answer, else what was wrong. */
type Settle = (problem: string | undefined) => void

export interface WebSocketLoadClient {
  /** Sends message `index` (the mix entry index % n) on socket `socket`; resolves when its answer arrives. */
  send(index: number, socket: number, onWritten?: () => void): Promise<string | undefined>
  /** Bytes socket `socket` holds unsent (ws's bufferedAmount). */
  getBufferedBytes(socket: number): number
  /** Frames no message could be matched to (an error without an id), for the log. */
  readonly strayProblem: string | null
  /** Drops the sockets at once (answers still due are never awaited). */
  terminate(): void
  /** Closes the sockets (normal closure) and waits for them. */
  close(): Promise<void>
}

/** How long a socket may take to open. */
const OPEN_TIMEOUT_MS = 5_000

function openSocket(target: WebSocketTarget): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(target.url, { headers: target.headers, perMessageDeflate: false, handshakeTimeout: OPEN_TIMEOUT_MS })
    // An error is always followed by 'close', which settles what the socket still owes.
    socket.on('error', () => undefined)
    socket.once('open', () => {
      socket.off('error', reject)
      resolve(socket)
    })
    socket.once('error', reject)
    // A refused handshake (a 401) is an error event carrying the status.
    socket.once('unexpected-response', (_request, response) => {
      socket.terminate()
      reject(new Error(`WebSocket handshake: HTTP ${response.statusCode}`))
    })
  })
}

/** Builds message `index`'s frame for id `id`. */
function createFrameBuilder(target: WebSocketTarget): (index: number, id: number) => string | Buffer {
  const options = target.replaceRecentBlockhash ? { replace_recent_blockhash: true } : {}
  if (target.format === 'msgpack') {
    const bodies = target.transactions.map((transaction) => ({ transaction, ...options }))
    return (index, id) => encodeStreamMessage({ id, ...bodies[index % bodies.length] }, 'msgpack')
  }
  // `{"id":` + id + the rest of the message, prebuilt: the id is the only part that changes.
  const tails = target.transactions.map((transaction) => JSON.stringify({ transaction, ...options }).replace(/^\{/, ','))
  return (index, id) => `{"id":${id}${tails[index % tails.length]}`
}

/** Opens `target.sockets` sockets (all or none) and returns the client. */
export async function createWebSocketLoadClient(target: WebSocketTarget, sockets = target.sockets): Promise<WebSocketLoadClient> {
  if (target.transactions.length === 0) throw new Error('no WebSocket message to send')
  const opening = Array.from({ length: sockets }, () => openSocket(target))
  const settled = await Promise.allSettled(opening)
  const opened = settled.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []))
  const failed = settled.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected')
  if (failed) {
    for (const socket of opened) socket.terminate()
    throw failed.reason
  }
  const buildFrame = createFrameBuilder(target)
  const binary = target.format === 'msgpack'
  const pending = new Map<number, Settle>()
  let nextId = 1
  let strayProblem: string | null = null

  for (const socket of opened) {
    socket.on('message', (data: Buffer) => {
      const answer = readStreamAnswer(data, target.format)
      const settle = answer?.id == null ? undefined : pending.get(answer.id)
      if (!answer || !settle) {
        strayProblem ??= `unmatched answer: ${describeStreamFrame(data, target.format)}`
        return
      }
      pending.delete(answer.id as number)
      settle(answer.isError ? describeStreamFrame(data, target.format) : undefined)
    })
    // Messages still waiting on a socket that closed will get no answer: they fail now, not at the drain timeout.
    socket.on('close', (code, reason) => {
      const problem = `WebSocket closed (${code}${reason.length > 0 ? ` ${reason.toString()}` : ''})`
      for (const [id, settle] of pending) {
        pending.delete(id)
        settle(problem)
      }
    })
  }

  return {
    send(index, socket, onWritten) {
      const ws = opened[socket % opened.length] as WebSocket
      const id = nextId++
      return new Promise<string | undefined>((resolve) => {
        if (ws.readyState !== WebSocket.OPEN) return resolve(`WebSocket not open (state ${ws.readyState})`)
        pending.set(id, resolve)
        ws.send(buildFrame(index, id), { binary }, onWritten)
      })
    },
    getBufferedBytes: (socket) => (opened[socket % opened.length] as WebSocket).bufferedAmount,
    get strayProblem() {
      return strayProblem
    },
    terminate() {
      for (const socket of opened) socket.terminate()
    },
    async close() {
      await Promise.all(
        opened.map(
          (socket) =>
            new Promise<void>((resolve) => {
              if (socket.readyState === WebSocket.CLOSED) return resolve()
              socket.once('close', () => resolve())
              socket.close(1000)
              // A server that never answers the close handshake: drop the socket.
              setTimeout(() => socket.terminate(), 2_000).unref()
            }),
        ),
      )
    },
  }
}
