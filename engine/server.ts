/**
 * The engine's gRPC server: `Simulate`, `ScanApprovals` and `Health` for the edge (when it runs
 * apart) and co-located clients. With a gate, every `Simulate` and `ScanApprovals` passes it first:
 * a co-located client sends its API key as `x-api-key` metadata and gets the same authentication,
 * limits, quota and history as REST (its tenant comes from the key, never from the request); an
 * edge running apart presents the internal token instead and names the tenant it authenticated.
 * Without a gate (tests, a private network) calls are trusted as sent.
 */
import { Metadata, Server, type sendUnaryData, type ServerUnaryCall } from '@grpc/grpc-js'
import { createServiceError } from '../lib/errors.js'
import { bindGrpcServer } from '../lib/grpc/bind-grpc-server.js'
import { loadEngineProto } from '../lib/grpc/load-proto.js'
import { toGrpcError } from '../lib/grpc/service-error-status.js'
import { toListenError } from '../lib/listen-error.js'
import type { HealthRequest__Output } from '../proto/gen/preflight/engine/v1/HealthRequest.js'
import type { HealthResponse } from '../proto/gen/preflight/engine/v1/HealthResponse.js'
import type { ApprovalsResponse } from '../proto/gen/preflight/engine/v1/ApprovalsResponse.js'
import type { ScanApprovalsRequest__Output } from '../proto/gen/preflight/engine/v1/ScanApprovalsRequest.js'
import type { SimulateRequest__Output } from '../proto/gen/preflight/engine/v1/SimulateRequest.js'
import type { SimulateResponse } from '../proto/gen/preflight/engine/v1/SimulateResponse.js'
import { engineConfigSchema } from './config.js'
import type { Engine } from './engine.js'
import { toApprovalsResponseMessage } from './grpc/approvals-message.js'
import { toHealthResponseMessage } from './grpc/health-message.js'
import { toSimulateResponseMessage } from './grpc/simulate-message.js'
import type { PolicyInput } from './policy/policy.js'
import type { SimulateOptions, SimulateResponse as SimulateResponseValue, Vector } from './simulate/simulate-types.js'

/** The policy a gRPC request carries as JSON (empty: none); malformed JSON is a validation error. */
function parsePolicyJson(json: string): PolicyInput {
  try {
    return JSON.parse(json) as PolicyInput
  } catch {
    throw createServiceError('validation_error', 'policy_json: not valid JSON')
  }
}

/** A `Simulate` call let in by the gate. */
export interface DirectCall {
  /** The tenant to simulate for; undefined for a trusted internal call, whose `tenant_id` stands. */
  tenantId: string | undefined
  /** Headers for the caller (`ratelimit-*`), sent as initial metadata. */
  headers: Readonly<Record<string, string>>
  /** Records the answer (history, usage); called once the simulation answered. */
  record(transaction: Uint8Array, response: SimulateResponseValue): void
}

/**
 * Decides who a direct call is for and charges it one request and `simulations` simulations
 * (default 1: a Simulate; 0 for a read such as ScanApprovals); throws or rejects with a catalogue
 * ServiceError (`unauthorized`, `rate_limited`, ...).
 */
export interface DirectCallGate {
  admit(metadata: Metadata, simulations?: number): DirectCall | Promise<DirectCall>
}

export interface EngineServerOptions {
  gate?: DirectCallGate
}

function toMetadata(headers: Readonly<Record<string, string>>): Metadata {
  const metadata = new Metadata()
  for (const [name, value] of Object.entries(headers)) metadata.set(name, value)
  return metadata
}

export interface EngineServer {
  /** The bound address, e.g. 127.0.0.1:50051. */
  readonly address: string
  /** Stops accepting calls and waits for the ones in flight. */
  close(): Promise<void>
}

/** Serves `engine` over gRPC on host:port (port 0 picks a free one). */
export async function startEngineServer(
  engine: Engine,
  host: string,
  port: number,
  serverOptions: EngineServerOptions = {},
): Promise<EngineServer> {
  const { gate } = serverOptions
  const proto = loadEngineProto()
  const server = new Server()
  server.addService(proto.preflight.engine.v1.Engine.service, {
    Simulate(call: ServerUnaryCall<SimulateRequest__Output, SimulateResponse>, callback: sendUnaryData<SimulateResponse>) {
      const request = call.request
      let options: SimulateOptions
      try {
        if (request.transaction.length === 0) throw createServiceError('invalid_transaction', 'transaction is empty')
        options = {
          ...(request.vectors.length === 0 ? {} : { vectors: request.vectors as Vector[] }),
          ...(request.timeout_ms === 0 ? {} : { timeoutMs: request.timeout_ms }),
          replaceRecentBlockhash: request.replace_recent_blockhash,
          ...(request.policy_json === '' ? {} : { policy: parsePolicyJson(request.policy_json) }),
          ...(request.tenant_id === '' ? {} : { tenantId: request.tenant_id }),
        }
      } catch (error) {
        callback(toGrpcError(error))
        return
      }
      const transaction = request.transaction
      const run = (direct: DirectCall | undefined) => {
        if (direct && direct.tenantId !== undefined) options.tenantId = direct.tenantId
        if (direct && Object.keys(direct.headers).length > 0) call.sendMetadata(toMetadata(direct.headers))
        // The engine validates the options (vectors, timeout, policy) as for every transport.
        engine.simulate(transaction, options).then(
          (response) => {
            direct?.record(transaction, response)
            callback(null, toSimulateResponseMessage(response))
          },
          (error: unknown) => callback(toGrpcError(error)),
        )
      }
      if (!gate) return run(undefined)
      let admitted: DirectCall | Promise<DirectCall>
      try {
        admitted = gate.admit(call.metadata)
      } catch (error) {
        callback(toGrpcError(error))
        return
      }
      if (admitted instanceof Promise) admitted.then(run, (error: unknown) => callback(toGrpcError(error)))
      else run(admitted)
    },
    ScanApprovals(call: ServerUnaryCall<ScanApprovalsRequest__Output, ApprovalsResponse>, callback: sendUnaryData<ApprovalsResponse>) {
      const run = (direct: DirectCall | undefined) => {
        if (direct && Object.keys(direct.headers).length > 0) call.sendMetadata(toMetadata(direct.headers))
        // The engine validates the address as for every transport; a read charges no simulation.
        engine.scanApprovals(call.request.wallet).then(
          (response) => callback(null, toApprovalsResponseMessage(response)),
          (error: unknown) => callback(toGrpcError(error)),
        )
      }
      if (!gate) return run(undefined)
      let admitted: DirectCall | Promise<DirectCall>
      try {
        admitted = gate.admit(call.metadata, 0)
      } catch (error) {
        callback(toGrpcError(error))
        return
      }
      if (admitted instanceof Promise) admitted.then(run, (error: unknown) => callback(toGrpcError(error)))
      else run(admitted)
    },
    Health(_call: ServerUnaryCall<HealthRequest__Output, HealthResponse>, callback: sendUnaryData<HealthResponse>) {
      try {
        callback(null, toHealthResponseMessage(engine.getHealth()))
      } catch (error) {
        callback(toGrpcError(error))
      }
    },
  })
  const boundPort = await bindGrpcServer(server, host, port).catch((error: unknown) => {
    throw toListenError(error, engineConfigSchema.grpcPort.env, `${host}:${port}`)
  })
  return {
    address: `${host}:${boundPort}`,
    close: () => new Promise<void>((resolve) => server.tryShutdown(() => resolve())),
  }
}
