/**
 * The shape of a load-run result file (bench/results/<date>-<commit>.json): what the load runner
 * writes, and what the chart and `bench:compare` read. Latencies are milliseconds.
 */

/**
 * Where a request goes: REST simulate, the engine's gRPC port (with the API key, through its gate),
 * localnet's JSON-RPC, the WebSocket stream (JSON text frames, or `websocket-msgpack`: the same
 * messages as MessagePack binary frames), and REST simulate-batch (one request of many transactions).
 */
export type LoadPath = 'rest' | 'grpc' | 'json-rpc' | 'websocket' | 'websocket-msgpack' | 'batch'

/** How load is applied. */
export type LoadMode =
  /** Open loop at a fixed rate; latency is measured from each request's intended start (coordinated omission accounted for). */
  | 'open'
  /** Closed loop: `concurrency` callers, each sending its next request when the last answers. */
  | 'saturation'
  /** Every account comes from RPC behind injected latency. */
  | 'cold'
  /** One WebSocket client sending a fixed number of messages as fast as the socket takes them (back-pressure applies). */
  | 'stream'

export interface LatencySummary {
  count: number
  errors: number
  meanMs: number
  p50Ms: number
  p90Ms: number
  p99Ms: number
  p999Ms: number
  maxMs: number
  /** Points of the latency distribution, for the chart: [percentile 0–100, ms], ascending. */
  distribution: Array<[number, number]>
}

export interface ServerUsage {
  /** CPU of the serving process during the run, in % of one core (200 = both cores of this box). */
  cpuPct: number
  /** Largest resident set size seen during the run, MB. */
  rssMaxMb: number
}

export interface LoadRun {
  path: LoadPath
  mode: LoadMode
  /** Open loop: the rate asked for (requests/s); null otherwise. */
  targetRatePerS: number | null
  /** Closed loop: callers in flight; null otherwise. */
  concurrency: number | null
  durationS: number
  /** Answers per second actually completed. */
  achievedRatePerS: number
  latency: LatencySummary
  server: ServerUsage
  /** p50 of this run over the JSON-RPC path's and the raw LiteSVM floor's p50 at the same rate/mode, where measured. */
  ratios: { toJsonRpc: number | null; toFloor: number | null }
  /** Batch runs: transactions per request, so simulations/s = achievedRatePerS × this (latency is per batch). */
  simulationsPerRequest?: number
  /** Stream runs: messages sent on the one socket, and the most sent but not yet answered at once. */
  stream?: { messages: number; peakUnanswered: number }
}

export interface MixEntry {
  name: string
  description: string
  /** What the engine reports for it (checked before any run). */
  success: boolean
  computeUnits: number
}

export interface LoadBenchResult {
  benchmark: 'load'
  startedAt: string
  durationS: number
  git: { commit: string; dirty: boolean }
  machine: { cpuModel: string; cpus: number; memoryGb: number; node: string; platform: string }
  versions: Record<string, string>
  settings: Record<string, unknown>
  mix: MixEntry[]
  /** Raw LiteSVM on the same wire bytes, in process: per-call latency over the mix. */
  floor: LatencySummary
  /**
   * The result cache's hits over the mix (an engine of its own with the cache on; the serving one
   * runs with it off), and the same requests simulated by the serving engine, turn by turn, in
   * process. Absent in results from before the cache.
   */
  cached?: { hits: LatencySummary; simulated: LatencySummary; misses: number }
  runs: LoadRun[]
  /** Highest open-loop rate each path held with p99 under 10 ms (requests/s). */
  maxRateUnder10MsP99: Partial<Record<LoadPath, number>>
  cold: {
    injectedRpcLatencyMs: number
    /** Sequential cold simulates, each touching accounts the engine has never seen. */
    latency: LatencySummary
    /** `concurrent` simulates of one never-seen set of accounts at once, and the RPC calls they made. */
    coalescing: { concurrent: number; rpcCalls: number; keysFetched: number }
  }
  /** Paths of the issue that this build cannot run yet, and why. */
  unavailable: Array<{ path: LoadPath | string; reason: string }>
}
