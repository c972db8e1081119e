/**
 * The pre-run check of the WebSocket paths: one socket sends each mix entry once, in the target's
 * encoding, and every answer is decoded in full, so the check sees what the load runs only count
 * (success and failure code, or an error frame).
 */
import { Packr } from 'msgpackr'
import { WebSocket } from 'ws'
import { LoadBenchError } from './load-bench-error.js'
import type { LoadTarget } from './load-run-spec.js'
import { encodeStreamMessage } from './stream-answer.js'

export interface Outcome {
  success: boolean
  /** undefined where the path reports none (JSON-RPC). */
  failureCode: string | null | undefined
  /** The service answered from its result cache (a running service with the cache on, with --url). */
  cached?: boolean
}

interface AnswerFrame {
  id?: unknown
  success?: boolean
  failure_code?: string | null
  cached?: boolean
  error?: { code: string; message: string }
}

const packr = new Packr({ useRecords: false, mapsAsObjects: true })
const TIMEOUT_MS = 10_000

/** Sends transactions 0 … count−1 of `target` with ids 0 … count−1 and returns their outcomes by id. */
export async function getWebSocketOutcomes(target: Extract<LoadTarget, { kind: 'websocket' }>, count: number): Promise<Outcome[]> {
  const socket = new WebSocket(target.url, { headers: target.headers, perMessageDeflate: false })
  const label = `websocket (${target.format})`
  try {
    return await new Promise<Outcome[]>((resolve, reject) => {
      const outcomes: Outcome[] = []
      let answered = 0
      const timer = setTimeout(
        () => reject(new LoadBenchError(`${label}: ${count - answered} of ${count} answers missing after ${TIMEOUT_MS} ms`)),
        TIMEOUT_MS,
      )
      const fail = (message: string) => {
        clearTimeout(timer)
        reject(new LoadBenchError(`${label}: ${message}`))
      }
      socket.once('unexpected-response', (_request, response) => fail(`handshake refused: HTTP ${response.statusCode}`))
      socket.on('error', (error) => fail(error.message))
      socket.once('open', () => {
        const options = target.replaceRecentBlockhash ? { replace_recent_blockhash: true } : {}
        for (let id = 0; id < count; id++) {
          socket.send(encodeStreamMessage({ id, transaction: target.transactions[id], ...options }, target.format), {
            binary: target.format === 'msgpack',
          })
        }
      })
      socket.on('message', (data: Buffer, isBinary) => {
        if (isBinary !== (target.format === 'msgpack'))
          return fail(`an answer came in the other encoding (${isBinary ? 'binary' : 'text'})`)
        const frame = (isBinary ? packr.unpack(data) : JSON.parse(data.toString('utf8'))) as AnswerFrame
        if (typeof frame.id !== 'number' || frame.id < 0 || frame.id >= count)
          return fail(`answer with an unknown id: ${JSON.stringify(frame).slice(0, 300)}`)
        if (frame.error) return fail(`message ${frame.id}: ${frame.error.code}: ${frame.error.message}`)
        outcomes[frame.id] = { success: frame.success === true, failureCode: frame.failure_code, cached: frame.cached === true }
        if (++answered === count) {
          clearTimeout(timer)
          resolve(outcomes)
        }
      })
    })
  } finally {
    socket.terminate()
  }
}
