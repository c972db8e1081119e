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
import { INTERNAL_TOKEN_METADATA } from '../lib/grpc/internal-token.js'
import type { SimulateResponse } from '../engine/contract/simulate-response.js'
import type { ApprovalsResponse } from '../engine/contract/approvals-response.js'
import type { SimulateOptions } from '../engine/contract/simulate-request.js'
import type { HealthResponse__Output } from '../proto/gen/preflight/engine/v1/HealthResponse.js'
import type { ApprovalsResponse__Output } from '../proto/gen/preflight/engine/v1/ApprovalsResponse.js'
import type { SimulateResponse__Output } from '../proto/gen/preflight/engine/v1/SimulateResponse.js'

export interface EngineClient {
  /** Simulates wire-transaction bytes; rejects with a catalogue ServiceError. */
  simulate(transaction: Uint8Array, options: SimulateOptions): Promise<SimulateResponse>
  /** A wallet's standing token approvals, scored, with a revoke transaction; rejects with a catalogue ServiceError (validation_error: not an address). */
  scanApprovals(wallet: string): Promise<ApprovalsResponse>
  /** The engine's own view of its freshness; rejects with a catalogue ServiceError (engine_unavailable: no answer). */
  health(): Promise<EngineHealth>
  close(): Promise<void>
  readonly transport: 'in-process' | 'grpc'
}

/** The engine called directly in this process. */
export function createInProcessEngineClient(engine: Engine): EngineClient {
  return {
    simulate: (transaction, options) => engine.simulate(transaction, options),
    scanApprovals: (wallet) => engine.scanApprovals(wallet),
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
  return {
    simulate(transaction, options) {
      const deadline = Date.now() + (options.timeoutMs ?? DEFAULT_TIMEOUT_MS) + TRANSPORT_MARGIN_MS
      return new Promise<SimulateResponse>((resolve, reject) => {
        client.Simulate(
          {
            transaction,
            vectors: options.vectors ? [...options.vectors] : [],
            timeout_ms: options.timeoutMs ?? 0,
            replace_recent_blockhash: options.replaceRecentBlockhash ?? false,
            tenant_id: options.tenantId ?? '',
            policy_json: options.policy === undefined ? '' : JSON.stringify(options.policy),
          },
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
