/**
 * What the serving thread and a simulate worker (simulate-worker.ts) say to each other. Everything
 * here crosses by structured clone: plain data only, errors as their catalogue fields.
 */
import type { ErrorCode, ErrorDetails } from '../../../lib/errors.js'
import type { EngineConfig } from '../../config.js'
import type { AccountKey } from '../state/account-key.js'
import type { SimulateOptions } from '../../contract/simulate-request.js'
import type { SimulateResponse } from '../../contract/simulate-response.js'
import type { SerializedSimulateResponse } from '../../contract/serialized-simulate-response.js'
import type { EncodedSimulateResponse } from '../../messages/simulate-response-encoding.js'

export interface SimulateWorkerData {
  /** The serving engine's configuration: each worker is a replica with its own SVM, cache and geyser subscription. */
  config: EngineConfig
  /** Which worker (0-based), for its log lines. */
  index: number
  /**
   * LOG_FORMAT as the serving thread resolved it: `auto` asks whether stdout is a terminal, and a
   * worker's stdout is a pipe to the serving thread, so a worker deciding for itself would write
   * JSON under a terminal's readable lines.
   */
  logFormat: 'json' | 'pretty'
}

/** A tenant's program blocks as the serving thread read them, or why they could not be read. */
export type TenantBlocksUpdate = { tenantId: string; blocks: AccountKey[] } | { tenantId: string; error: TransportedError }

/**
 * Serving thread → worker: one simulate. The transaction's buffer is transferred, not copied.
 * Calls travel in batches (WorkerInboxItem[]): one message per turn of the event loop, not per call.
 */
export interface SimulateCall {
  id: number
  transaction: Uint8Array
  options: SimulateOptions
  /**
   * How to answer, when not with the object: `json`, the response's JSON text and summary (a JSON
   * door's call); `protobuf`, its gRPC message bytes and summary (the engine's gRPC port's call).
   */
  form?: 'json' | 'protobuf'
  /** Sent when the worker has not seen the tenant's current blocks (they change rarely). */
  tenantBlocks?: TenantBlocksUpdate
  /**
   * The serving thread is still reading the tenant's blocks (`options.tenantId`): the call is sent
   * at once so that its accounts load meanwhile, and its program vector waits for the
   * TenantBlocksRead that follows.
   */
  awaitsTenantBlocks?: true
}

/**
 * Serving thread → worker: a tenant's blocks read that calls awaited (`awaitsTenantBlocks`); without
 * `update` the worker holds this very set already.
 */
export interface TenantBlocksRead {
  tenantBlocksRead: string
  update?: TenantBlocksUpdate
}

/** One message's items, in the order the serving thread queued them: a read follows the calls that await it. */
export type WorkerInboxItem = SimulateCall | TenantBlocksRead

/** A thrown error, as it crosses: a ServiceError keeps its code, headers and details. */
export type TransportedError =
  | { kind: 'service'; code: ErrorCode; message: string; headers?: Record<string, string>; details?: ErrorDetails }
  | { kind: 'other'; message: string }

/** One call's outcome. */
export type SimulateOutcome =
  | { id: number; response: SimulateResponse }
  | { id: number; serialized: SerializedSimulateResponse }
  /** The message's buffer is transferred with the outcomes, not copied. */
  | { id: number; encoded: EncodedSimulateResponse }
  | { id: number; error: TransportedError }

/** Worker → serving thread; outcomes in batches, as calls. */
export type SimulateWorkerMessage =
  { type: 'ready' } | { type: 'failed-to-start'; error: string } | { type: 'outcomes'; outcomes: SimulateOutcome[] }
