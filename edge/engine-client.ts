/**
 * How the edge reaches the engine: one interface, two transports. In-process (the default: edge and
 * engine share a process, no serialization) and gRPC (`ENGINE_URL`: edge and engine on different
 * hosts). Both pass test/edge/engine-client-contract.test.ts.
 */
import { credentials, Metadata, type ServiceError as GrpcServiceError } from '@grpc/grpc-js'
import { createServiceError } from '../lib/errors.js'
import { loadEngineProto } from '../lib/grpc/load-proto.js'
import { fromGrpcError } from '../lib/grpc/service-error-status.js'
import type { Engine } from '../engine/engine.js'
import type { EngineHealth } from '../engine/contract/engine-health.js'
import { fromApprovalsResponseMessage } from '../engine/grpc/approvals-message.js'
import { fromHealthResponseMessage } from '../engine/grpc/health-message.js'
import { fromSimulateResponseMessage } from '../engine/grpc/simulate-message.js'
import { fromExecuteResponseMessage } from '../engine/grpc/execute-message.js'
import { fromSendResponseMessage } from '../engine/grpc/send-message.js'
import { fromSubmitResponseMessage, toSubmitRequestMessage } from '../engine/grpc/submit-message.js'
import { fromTipFloorMessage } from '../engine/grpc/tips-message.js'
import { fromTrackedTransactionMessage } from '../engine/grpc/tracked-transaction-message.js'
import { INTERNAL_TOKEN_METADATA } from '../lib/grpc/internal-token.js'
import type { SimulateResponse } from '../engine/contract/simulate-response.js'
import type { ApprovalsResponse } from '../engine/contract/approvals-response.js'
import type { SimulateOptions } from '../engine/contract/simulate-request.js'
import type { ExecuteOptions, ExecuteResponse } from '../engine/contract/execute-response.js'
import { SEND_LIMITS, type SendOptions, type SendResponse } from '../engine/contract/send-response.js'
import type { TrackedTransaction } from '../engine/contract/transaction-tracking.js'
import type { SubmitOptions, SubmitResponse } from '../engine/contract/submit-response.js'
import type { TipFloor } from '../engine/contract/tips-response.js'
import type { HealthResponse__Output } from '../proto/gen/preflight/engine/v1/HealthResponse.js'
import type { ApprovalsResponse__Output } from '../proto/gen/preflight/engine/v1/ApprovalsResponse.js'
import type { SimulateResponse__Output } from '../proto/gen/preflight/engine/v1/SimulateResponse.js'
import type { ExecuteResponse__Output } from '../proto/gen/preflight/engine/v1/ExecuteResponse.js'
import type { SendResponse__Output } from '../proto/gen/preflight/engine/v1/SendResponse.js'
import type { SubmitResponse__Output } from '../proto/gen/preflight/engine/v1/SubmitResponse.js'
import type { TipFloor__Output } from '../proto/gen/preflight/engine/v1/TipFloor.js'
import type { TrackedTransaction__Output } from '../proto/gen/preflight/engine/v1/TrackedTransaction.js'
import type { WatchEvent__Output } from '../proto/gen/preflight/engine/v1/WatchEvent.js'
import type { WatchEndReason, WatchListener, WatchStart } from '../engine/contract/simulation-watch.js'

export interface EngineClient {
  /** Simulates wire-transaction bytes; rejects with a catalogue ServiceError. */
  simulate(transaction: Uint8Array, options: SimulateOptions): Promise<SimulateResponse>
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
  /** `tenantId`'s tracking record of `signature`; rejects with `not_found` for an unknown one or anyone else's. */
  getTransaction(tenantId: string, signature: string): Promise<TrackedTransaction>
  /** The engine's own view of its freshness; rejects with a catalogue ServiceError (engine_unavailable: no answer). */
  health(): Promise<EngineHealth>
  close(): Promise<void>
  readonly transport: 'in-process' | 'grpc'
}

/** The engine called directly in this process. */
export function createInProcessEngineClient(engine: Engine): EngineClient {
  return {
    simulate: (transaction, options) => engine.simulate(transaction, options),
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

/** Extra time a gRPC call may take beyond the request's own timeout, for the transport itself. */
const TRANSPORT_MARGIN_MS = 250
const DEFAULT_TIMEOUT_MS = 800
/** A health check answers from memory; an engine silent this long is as good as down to a probe. */
const HEALTH_DEADLINE_MS = 1_000
/** An approval scan reads RPC (the engine bounds it at 10 s), plus the transport. */
const APPROVALS_DEADLINE_MS = 12_000
/**
 * A send fails over across endpoints (each bounded by RPC_TIMEOUT_MS) before it answers; execute
 * simulates first. Waiting for confirmation adds its 30 s.
 */
const SEND_DEADLINE_MS = 20_000
/** A tracking record is read from the engine's store. */
const TRACKING_DEADLINE_MS = 5_000
/** The tips are the engine's own percentiles, and the relay's tip accounts it keeps. */
const TIPS_DEADLINE_MS = 5_000
/**
 * What a submit may wait for the relay's rate limit when the caller names no deadline_ms: the
 * blockhash's remaining life, at most 150 blocks (about 60 s, longer when slots are slow).
 */
const SUBMIT_DEFAULT_RELAY_WAIT_MS = 90_000

/** The deadline of an execute or a send: longer when it waits for confirmation. */
function getSendDeadline(waitConfirmation: boolean | undefined): number {
  return Date.now() + SEND_DEADLINE_MS + (waitConfirmation ? SEND_LIMITS.confirmationWaitMs : 0)
}

/** The deadline of a submit: a send's, plus the wait for the relay's rate limit the caller allowed. */
function getSubmitDeadline(options: SubmitOptions): number {
  return getSendDeadline(options.waitConfirmation) + (options.deadlineMs ?? SUBMIT_DEFAULT_RELAY_WAIT_MS)
}

/**
 * The engine over gRPC at `address` (host:port, grpc://host:port or dns:///name:port), on one
 * kept-alive channel. `internalToken` (ENGINE_INTERNAL_TOKEN) tells the engine's gate that this
 * edge already authenticated and charged the caller named by `tenant_id`; a co-located client
 * sends its `apiKey` instead and is its own tenant.
 */
export function createGrpcEngineClient(address: string, options: { internalToken?: string; apiKey?: string } = {}): EngineClient {
  const target = address.replace(/^grpc:\/\//, '')
  const proto = loadEngineProto()
  const client = new proto.preflight.engine.v1.Engine(target, credentials.createInsecure(), {
    'grpc.keepalive_time_ms': 30_000,
    'grpc.keepalive_permit_without_calls': 1,
    // With a dns:/// target naming several engines, spread calls over all of them.
    'grpc.service_config': JSON.stringify({ loadBalancingConfig: [{ round_robin: {} }] }),
  })
  const metadata = new Metadata()
  if (options.internalToken) metadata.set(INTERNAL_TOKEN_METADATA, options.internalToken)
  if (options.apiKey) metadata.set('x-api-key', options.apiKey)
  /** The SimulateRequest of a simulate or a watch. */
  const toSimulateRequest = (transaction: Uint8Array, options: SimulateOptions) => ({
    transaction,
    vectors: options.vectors ? [...options.vectors] : [],
    timeout_ms: options.timeoutMs ?? 0,
    replace_recent_blockhash: options.replaceRecentBlockhash ?? false,
    tenant_id: options.tenantId ?? '',
    policy_json: options.policy === undefined ? '' : JSON.stringify(options.policy),
  })
  return {
    watch(transaction, options, listener) {
      return new Promise<WatchStart>((resolve, reject) => {
        // No deadline: the watch lasts until it ends or is cancelled (the engine bounds it by WATCH_MAX_MS).
        const call = client.Watch(toSimulateRequest(transaction, options), metadata)
        let started = false
        let ended = false
        const cancel = () => {
          if (ended) return
          ended = true
          call.cancel()
        }
        const finish = (reason: Exclude<WatchEndReason, 'unsubscribed'>) => {
          if (ended) return
          ended = true
          listener.end(reason)
        }
        call.on('data', (event: WatchEvent__Output) => {
          if (ended) return
          if (event.simulation) {
            const response = fromSimulateResponseMessage(event.simulation)
            if (started) return listener.update(response)
            started = true
            resolve({ response, watchId: event.watch_id, cancel })
          } else if (event.end_reason) {
            finish(event.end_reason as Exclude<WatchEndReason, 'unsubscribed'>)
          }
        })
        call.on('error', (error: GrpcServiceError) => {
          if (!started) return reject(fromGrpcError(error))
          // After our own cancel finish() does nothing; anything else lost the engine's stream.
          finish('interrupted')
        })
        call.on('end', () => {
          if (!started) reject(createServiceError('engine_unavailable', 'the engine ended the watch without an answer'))
          else finish('interrupted')
        })
      })
    },
    simulate(transaction, options) {
      const deadline = Date.now() + (options.timeoutMs ?? DEFAULT_TIMEOUT_MS) + TRANSPORT_MARGIN_MS
      return new Promise<SimulateResponse>((resolve, reject) => {
        client.Simulate(
          toSimulateRequest(transaction, options),
          metadata,
          { deadline },
          (error: GrpcServiceError | null, message?: SimulateResponse__Output) => {
            if (error) reject(fromGrpcError(error))
            else if (!message) reject(createServiceError('engine_unavailable', 'the engine sent an empty response'))
            else resolve(fromSimulateResponseMessage(message))
          },
        )
      })
    },
    scanApprovals(wallet) {
      return new Promise<ApprovalsResponse>((resolve, reject) => {
        const deadline = Date.now() + APPROVALS_DEADLINE_MS
        client.ScanApprovals({ wallet }, metadata, { deadline }, (error: GrpcServiceError | null, message?: ApprovalsResponse__Output) => {
          if (error) reject(fromGrpcError(error))
          else if (!message) reject(createServiceError('engine_unavailable', 'the engine sent an empty response'))
          else resolve(fromApprovalsResponseMessage(message))
        })
      })
    },
    execute(transaction, options) {
      return new Promise<ExecuteResponse>((resolve, reject) => {
        client.Execute(
          {
            transaction,
            tenant_id: options.tenantId ?? '',
            card_on_file: options.cardOnFile ?? false,
            policy_json: options.policy === undefined ? '' : JSON.stringify(options.policy),
            wait_confirmation: options.waitConfirmation ?? false,
          },
          metadata,
          { deadline: getSendDeadline(options.waitConfirmation) },
          (error: GrpcServiceError | null, message?: ExecuteResponse__Output) => {
            if (error) reject(fromGrpcError(error))
            else if (!message) reject(createServiceError('engine_unavailable', 'the engine sent an empty response'))
            else resolve(fromExecuteResponseMessage(message))
          },
        )
      })
    },
    send(transaction, options) {
      return new Promise<SendResponse>((resolve, reject) => {
        client.Send(
          {
            transaction,
            tenant_id: options.tenantId ?? '',
            card_on_file: options.cardOnFile ?? false,
            use_relay: options.useRelay ?? false,
            wait_confirmation: options.waitConfirmation ?? false,
            // Unset (not 0) when not given: the engine's default applies.
            ...(options.maxRetries === undefined ? {} : { max_retries: options.maxRetries }),
          },
          metadata,
          { deadline: getSendDeadline(options.waitConfirmation) },
          (error: GrpcServiceError | null, message?: SendResponse__Output) => {
            if (error) reject(fromGrpcError(error))
            else if (!message) reject(createServiceError('engine_unavailable', 'the engine sent an empty response'))
            else resolve(fromSendResponseMessage(message))
          },
        )
      })
    },
    submit(transaction, options) {
      return new Promise<SubmitResponse>((resolve, reject) => {
        client.Submit(
          toSubmitRequestMessage(transaction, options),
          metadata,
          { deadline: getSubmitDeadline(options) },
          (error: GrpcServiceError | null, message?: SubmitResponse__Output) => {
            if (error) reject(fromGrpcError(error))
            else if (!message) reject(createServiceError('engine_unavailable', 'the engine sent an empty response'))
            else resolve(fromSubmitResponseMessage(message))
          },
        )
      })
    },
    getTips() {
      return new Promise<TipFloor>((resolve, reject) => {
        const deadline = Date.now() + TIPS_DEADLINE_MS
        client.GetTips({}, metadata, { deadline }, (error: GrpcServiceError | null, message?: TipFloor__Output) => {
          if (error) reject(fromGrpcError(error))
          else if (!message) reject(createServiceError('engine_unavailable', 'the engine sent an empty response'))
          else resolve(fromTipFloorMessage(message))
        })
      })
    },
    getTransaction(tenantId, signature) {
      return new Promise<TrackedTransaction>((resolve, reject) => {
        const deadline = Date.now() + TRACKING_DEADLINE_MS
        client.GetTransaction(
          { tenant_id: tenantId, signature },
          metadata,
          { deadline },
          (error: GrpcServiceError | null, message?: TrackedTransaction__Output) => {
            if (error) reject(fromGrpcError(error))
            else if (!message) reject(createServiceError('engine_unavailable', 'the engine sent an empty response'))
            else resolve(fromTrackedTransactionMessage(message))
          },
        )
      })
    },
    health() {
      return new Promise<EngineHealth>((resolve, reject) => {
        const deadline = Date.now() + HEALTH_DEADLINE_MS
        client.Health({}, { deadline }, (error: GrpcServiceError | null, message?: HealthResponse__Output) => {
          if (error) reject(fromGrpcError(error))
          else if (!message) reject(createServiceError('engine_unavailable', 'the engine sent an empty response'))
          else resolve(fromHealthResponseMessage(message))
        })
      })
    },
    close: async () => client.close(),
    transport: 'grpc',
  }
}
