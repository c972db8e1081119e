/**
 * How the edge (or a co-located client) reaches the engine: one interface, two transports.
 * In-process (the default: edge and engine share a process, no serialization) and gRPC
 * (`ENGINE_URL`: edge and engine on different hosts; grpc-engine-client.ts, built from the
 * service's method table). Both pass test/edge/engine-client-contract.test.ts.
 */
import type { ApprovalsResponse } from '../contract/approvals-response.js'
import type { EngineHealth } from '../contract/engine-health.js'
import type { ExecuteOptions, ExecuteResponse } from '../contract/execute-response.js'
import type { SendOptions, SendResponse } from '../contract/send-response.js'
import type { SimulateOptions } from '../contract/simulate-request.js'
import type { SimulateResponse } from '../contract/simulate-response.js'
import type { SerializedSimulateResponse } from '../contract/serialized-simulate-response.js'
import type { WatchListener, WatchStart } from '../contract/simulation-watch.js'
import type { SubmitOptions, SubmitResponse } from '../contract/submit-response.js'
import type { TipFloor } from '../contract/tips-response.js'
import type { TrackedTransaction } from '../contract/transaction-tracking.js'
import type { Engine } from '../engine.js'

export interface EngineClient {
  /** Simulates wire-transaction bytes; rejects with a catalogue ServiceError. */
  simulate(transaction: Uint8Array, options: SimulateOptions): Promise<SimulateResponse>
  /**
   * The same answer as its JSON text and the summary history needs, for a door that sends JSON: an
   * in-process engine with workers writes the text on the worker (engine/contract/serialized-simulate-response.ts).
   * Both transports have it; a stand-in engine without it is asked for the object, which the edge serializes.
   */
  simulateSerialized?(transaction: Uint8Array, options: SimulateOptions): Promise<SerializedSimulateResponse>
  /**
   * Simulates and watches the transaction (docs/api.md#watching-a-simulation): resolves with the
   * first answer and the watch's id; `listener` then hears each update and the end. Rejects as
   * simulate does, or with `watch_limit_exceeded` (the engine's process limit), `not_implemented`
   * (no geyser stream).
   */
  watch(transaction: Uint8Array, options: SimulateOptions, listener: WatchListener): Promise<WatchStart>
  /** A wallet's standing token approvals, scored, with a revoke transaction; rejects with a catalogue ServiceError (validation_error: not an address). */
  scanApprovals(wallet: string): Promise<ApprovalsResponse>
  /**
   * Verifies, simulates, applies the policy and, when it passes, sends and tracks a signed
   * transaction (`options.tenantId` owns the tracking); rejects with a catalogue ServiceError
   * (`invalid_transaction`, `invalid_signature`, `validation_error`, `upstream_unavailable`, ...).
   */
  execute(transaction: Uint8Array, options: ExecuteOptions): Promise<ExecuteResponse>
  /** Verifies, sends with fail-over and tracks a signed transaction; rejects with a catalogue ServiceError. */
  send(transaction: Uint8Array, options: SendOptions): Promise<SendResponse>
  /**
   * Lands a signed transaction with `options.strategy` and tracks it; rejects with a catalogue
   * ServiceError (`bundle_rejected` with its `bundle_lint` details, `relay_busy` with Retry-After,
   * `relay_unavailable`, ...).
   */
  submit(transaction: Uint8Array, options: SubmitOptions): Promise<SubmitResponse>
  /** The tip percentiles and the bundle lint's floor. */
  getTips(): Promise<TipFloor>
  /** `tenantId`'s tracking record of `signature` (undefined: a trusted internal call's tenantless one); rejects with `not_found` for an unknown one or anyone else's. */
  getTransaction(tenantId: string | undefined, signature: string): Promise<TrackedTransaction>
  /** The engine's own view of its freshness; rejects with a catalogue ServiceError (engine_unavailable: no answer). */
  health(): Promise<EngineHealth>
  close(): Promise<void>
  readonly transport: 'in-process' | 'grpc'
}

/** The engine called directly in this process. */
export function createInProcessEngineClient(engine: Engine): EngineClient {
  return {
    simulate: (transaction, options) => engine.simulate(transaction, options),
    simulateSerialized: (transaction, options) => engine.simulateSerialized(transaction, options),
    watch: (transaction, options, listener) => engine.watch(transaction, options, listener),
    scanApprovals: (wallet) => engine.scanApprovals(wallet),
    execute: (transaction, options) => engine.execute(transaction, options),
    send: (transaction, options) => engine.send(transaction, options),
    submit: (transaction, options) => engine.submit(transaction, options),
    getTips: () => engine.getTips(),
    getTransaction: (tenantId, signature) => engine.getTransaction(tenantId, signature),
    health: async () => engine.getHealth(),
    close: async () => undefined,
    transport: 'in-process',
  }
}
