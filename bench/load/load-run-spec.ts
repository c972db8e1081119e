/**
 * The protocol between the orchestrator (bench/load/load-bench.ts) and the load worker
 * (bench/load/load-worker.ts): one JSON line per run spec on the worker's stdin, JSON lines back
 * on its stdout (`measuring`, `measured`, then `result` or `error`).
 */
import type { GcPauseStats } from './gc-pauses.js'
import type { LatencySummary } from './load-results.js'

export type LoadTarget =
  | {
      kind: 'http'
      /** http://host:port */
      origin: string
      path: string
      /** Request bodies (JSON text), cycled request by request. */
      bodies: readonly string[]
      /** What makes an answer an error: REST wants HTTP 200; JSON-RPC also wants a `result`. */
      answer: 'rest' | 'json-rpc'
      /** Sent with every request besides the content type: REST's `x-api-key`. */
      headers?: Record<string, string>
      /** What every good answer's body ends with (a batch's `"succeeded":N,"failed":M}`); else only the status counts. */
      expectEnd?: string
    }
  | {
      kind: 'grpc'
      /** host:port of the engine's gRPC server. */
      address: string
      /** Wire transactions (base64), cycled request by request. */
      transactions: readonly string[]
      replaceRecentBlockhash: boolean
      /** Sent as `x-api-key` metadata: the engine's gate authenticates and records the call. */
      apiKey?: string
    }
  | {
      kind: 'websocket'
      /** ws://host:port/api/v1/solana/stream */
      url: string
      /** The handshake's headers: `x-api-key`. */
      headers: Record<string, string>
      /** Wire transactions (base64), cycled message by message. */
      transactions: readonly string[]
      replaceRecentBlockhash: boolean
      /** JSON text frames, or the same messages as MessagePack binary frames. */
      format: 'json' | 'msgpack'
      /** Sockets opened for a run: open-loop requests go round-robin, closed-loop callers are spread evenly. */
      sockets: number
    }

interface RunTiming {
  /** Unmeasured lead-in at the same load (connections, JIT, caches), ms. */
  warmupMs: number
  durationS: number
}

export type LoadRunSpec = { target: LoadTarget } & (
  | (RunTiming & {
      mode: 'open'
      ratePerS: number
      /** After the schedule ends, how long answers may still come; later ones count as errors. */
      drainTimeoutMs: number
      /** HTTP: connections of the undici Pool (opened as needed). */
      connections: number
    })
  | (RunTiming & { mode: 'saturation'; concurrency: number })
  | {
      /** WebSocket only: `count` messages on one socket, sent as fast as the socket takes them. */
      mode: 'stream'
      count: number
      /** After the last message is sent, how long answers may still come; later ones count as errors. */
      drainTimeoutMs: number
    }
)

export interface WorkerRunResult {
  /** Which generator ran: e.g. `undici Pool, open loop`, `autocannon 9, closed loop`. */
  generator: string
  /** Measured requests sent. */
  sent: number
  /** Latency of the measured requests (open loop: from each one's intended start). */
  latency: LatencySummary
  /** The same latencies as an encoded histogram (µs, latency-histogram.ts): several workers' runs are merged from it. */
  histogram: string
  /** Of `latency.errors`: requests still unanswered when the drain timed out. */
  timeouts: number
  /** The measured window, s. */
  durationS: number
  achievedRatePerS: number
  /** CPU of the worker process over the measured window, % of one core: is the generator the bottleneck? */
  generatorCpuPct: number
  /** The worker's GC pauses in the measured window: its own share of the tail. */
  generatorGc: GcPauseStats
  /** The first error seen, for the log. */
  firstError: string | null
  /** Stream runs: the most messages sent and not yet answered at once. */
  peakUnanswered?: number
}

export type WorkerMessage =
  { type: 'measuring' } | { type: 'measured' } | { type: 'result'; result: WorkerRunResult } | { type: 'error'; message: string }

/** Hooks a generator calls at the edges of its measured window. */
export interface WindowHooks {
  onMeasuring(): void
  onMeasured(): void
}
