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
    }
  | {
      kind: 'grpc'
      /** host:port of the engine's gRPC server. */
      address: string
      /** Wire transactions (base64), cycled request by request. */
      transactions: readonly string[]
      replaceRecentBlockhash: boolean
    }

interface RunTiming {
  /** Unmeasured lead-in at the same load (connections, JIT, caches), ms. */
  warmupMs: number
  durationS: number
}

export type LoadRunSpec = RunTiming & { target: LoadTarget } & (
    | {
        mode: 'open'
        ratePerS: number
        /** After the schedule ends, how long answers may still come; later ones count as errors. */
        drainTimeoutMs: number
        /** HTTP: connections of the undici Pool (opened as needed). */
        connections: number
      }
    | { mode: 'saturation'; concurrency: number }
  )

export interface WorkerRunResult {
  /** Which generator ran: e.g. `undici Pool, open loop`, `autocannon 9, closed loop`. */
  generator: string
  /** Measured requests sent. */
  sent: number
  /** Latency of the measured requests (open loop: from each one's intended start). */
  latency: LatencySummary
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
}

export type WorkerMessage =
  | { type: 'measuring' }
  | { type: 'measured' }
  | { type: 'result'; result: WorkerRunResult }
  | { type: 'error'; message: string }

/** Hooks a generator calls at the edges of its measured window. */
export interface WindowHooks {
  onMeasuring(): void
  onMeasured(): void
}
