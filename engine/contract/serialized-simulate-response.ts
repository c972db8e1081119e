/**
 * A simulate answer already written as its JSON text, with the few fields the serving side reads
 * itself. A simulate worker answers REST and JSON WebSocket calls this way: a string crosses
 * between threads for a copy, where the answer's object graph costs a structured clone on both
 * sides (≈30 µs together for a 2 KB answer) and the serving thread would then serialize it again.
 * JSON doors send the text as it is; gRPC and MessagePack ask for the object.
 */
import { stringifyAscii } from './ascii-json.js'
import type { SimulateResponse } from './simulate-response.js'

/** What the serving side reads of an answer it does not parse: the history record's fields (callers/to-simulation-record.ts). */
export type SimulateSummary = Pick<
  SimulateResponse,
  'success' | 'decision' | 'failure_code' | 'failure_reason' | 'compute_units' | 'fee_estimate_sol' | 'latency_ms' | 'cached'
> & { risk: Pick<SimulateResponse['risk'], 'risk_level' | 'mev_score' | 'mev_level'> }

export interface SerializedSimulateResponse {
  /** `JSON.stringify` of the SimulateResponse: the very bytes a JSON door sends. */
  json: string
  summary: SimulateSummary
}

/** The summary alone, as a small object of its own (what crosses beside the text). */
export function toSimulateSummary(response: SimulateResponse): SimulateSummary {
  const { risk } = response
  return {
    success: response.success,
    decision: response.decision,
    failure_code: response.failure_code,
    failure_reason: response.failure_reason,
    compute_units: response.compute_units,
    fee_estimate_sol: response.fee_estimate_sol,
    latency_ms: response.latency_ms,
    cached: response.cached,
    risk: { risk_level: risk.risk_level, mev_score: risk.mev_score, mev_level: risk.mev_level },
  }
}

/**
 * Serializes an answer where it is (the serving thread's own engine, a remote engine's decoded
 * answer): the response itself is its summary, no copy is made.
 */
export function serializeSimulateResponse(response: SimulateResponse): SerializedSimulateResponse {
  return { json: stringifyAscii(response), summary: response }
}

/**
 * `{"key":value,` + the answer's own fields: what `{ ...fields, ...response }` serializes to, without
 * parsing the answer. The fields come first, as in the spread; the answer never names them.
 */
export function prefixSerializedFields(fields: Record<string, unknown>, json: string): string {
  const head = JSON.stringify(fields)
  if (head === '{}') return json
  // json is an object with fields (a SimulateResponse always has them): '{"success":…'.
  return `${head.slice(0, -1)},${json.slice(1)}`
}
