/**
 * The engine's gRPC server: `Simulate`, `ScanApprovals`, `Execute`, `Send`, `Submit`, `GetTips`,
 * `GetTransaction`, `Watch` (server streaming) and `Health` for the edge (when it runs apart) and co-located clients. With a gate, every call but
 * `Health` passes it first: a co-located client sends its API key as `x-api-key` metadata and gets
 * the same authentication, limits, quota and history as REST (its tenant comes from the key, never
 * from the request); an edge running apart presents the internal token instead and names the
 * tenant it authenticated. Without a gate (tests, a private network) calls are trusted as sent.
 */
import { Metadata, Server, type sendUnaryData, type ServerUnaryCall, type UntypedServiceImplementation } from '@grpc/grpc-js'
import { createServiceError } from '../lib/errors.js'
import { bindGrpcServer } from '../lib/grpc/bind-grpc-server.js'
import { loadEngineProto } from '../lib/grpc/load-proto.js'
import { shutDownGrpcServer } from '../lib/grpc/shut-down-grpc-server.js'
import { toGrpcError } from '../lib/grpc/service-error-status.js'
import { toListenError } from '../lib/listen-error.js'
import type { HealthRequest__Output } from '../proto/gen/preflight/engine/v1/HealthRequest.js'
import type { HealthResponse } from '../proto/gen/preflight/engine/v1/HealthResponse.js'
import type { ApprovalsResponse } from '../proto/gen/preflight/engine/v1/ApprovalsResponse.js'
import type { ScanApprovalsRequest__Output } from '../proto/gen/preflight/engine/v1/ScanApprovalsRequest.js'
import type { SimulateRequest__Output } from '../proto/gen/preflight/engine/v1/SimulateRequest.js'
import type { SimulateResponse } from '../proto/gen/preflight/engine/v1/SimulateResponse.js'
import type { ExecuteRequest__Output } from '../proto/gen/preflight/engine/v1/ExecuteRequest.js'
import type { ExecuteResponse } from '../proto/gen/preflight/engine/v1/ExecuteResponse.js'
import type { SendRequest__Output } from '../proto/gen/preflight/engine/v1/SendRequest.js'
import type { SendResponse } from '../proto/gen/preflight/engine/v1/SendResponse.js'
import type { SubmitRequest__Output } from '../proto/gen/preflight/engine/v1/SubmitRequest.js'
import type { SubmitResponse } from '../proto/gen/preflight/engine/v1/SubmitResponse.js'
import type { GetTipsRequest__Output } from '../proto/gen/preflight/engine/v1/GetTipsRequest.js'
import type { TipFloor } from '../proto/gen/preflight/engine/v1/TipFloor.js'
import type { GetTransactionRequest__Output } from '../proto/gen/preflight/engine/v1/GetTransactionRequest.js'
import type { TrackedTransaction } from '../proto/gen/preflight/engine/v1/TrackedTransaction.js'
import type { ExecuteOptions } from './contract/execute-response.js'
import { SEND_LIMITS, type SendOptions } from './contract/send-response.js'
import type { SubmitOptions } from './contract/submit-response.js'
import { engineConfigSchema } from './config.js'
import type { Engine } from './engine.js'
import { toApprovalsResponseMessage } from './grpc/approvals-message.js'
import { toHealthResponseMessage } from './grpc/health-message.js'
import { toSimulateResponseMessage } from './grpc/simulate-message.js'
import { toExecuteResponseMessage } from './grpc/execute-message.js'
import { toSendResponseMessage } from './grpc/send-message.js'
import { toSubmitOptions, toSubmitResponseMessage } from './grpc/submit-message.js'
import { toTipFloorMessage } from './grpc/tips-message.js'
import { toTrackedTransactionMessage } from './grpc/tracked-transaction-message.js'
import type { SimulateOptions } from './contract/simulate-request.js'
import { parsePolicyJson, toSimulateOptions } from './grpc/simulate-request-options.js'
import { createWatchHandler, type OpenWatchCalls } from './grpc/watch-call.js'
import type { DirectCall, DirectCallGate } from './grpc/direct-call.js'

export interface EngineServerOptions {
  gate?: DirectCallGate
  /** How long close() waits for the calls in flight before it ends every connection (default 10 s). */
  closeGraceMs?: number
}

function toMetadata(headers: Readonly<Record<string, string>>): Metadata {
  const metadata = new Metadata()
  for (const [name, value] of Object.entries(headers)) metadata.set(name, value)
  return metadata
}

/** The tenant a request names (empty: none). */
function getRequestTenant(tenantId: string): string | undefined {
  return tenantId === '' ? undefined : tenantId
}

/** The send options of a gRPC request, the limits checked here as REST's schema checks them; throws `validation_error`. */
function toSendOptions(request: SendRequest__Output): SendOptions {
  const maxRetries = request.max_retries
  if (maxRetries !== undefined && maxRetries > SEND_LIMITS.maxRetries) {
    throw createServiceError('validation_error', `max_retries: must be <= ${SEND_LIMITS.maxRetries}`)
  }
  return {
    useRelay: request.use_relay,
    waitConfirmation: request.wait_confirmation,
    // Unset is the default (3); 0 is no fail-over, which proto3 `optional` keeps apart.
    ...(maxRetries === undefined ? {} : { maxRetries }),
    ...(request.tenant_id === '' ? {} : { tenantId: request.tenant_id }),
    ...(request.card_on_file ? { cardOnFile: true } : {}),
  }
}

/**
 * Who a call that sends acts for: an API-key caller's own user and card, whatever the request
 * says; a trusted internal call (the edge, which authenticated its caller) as the request names.
 */
function actFor(direct: DirectCall | undefined, options: { tenantId?: string; cardOnFile?: boolean }): void {
  if (!direct || direct.tenantId === undefined) return
  options.tenantId = direct.tenantId
  if (direct.cardOnFile) options.cardOnFile = true
  else delete options.cardOnFile
}

export interface EngineServer {
  /** The bound address, e.g. 127.0.0.1:50051. */
  readonly address: string
  /** Stops accepting calls, lets those in flight answer (at most closeGraceMs), then ends every connection. */
  close(): Promise<void>
}

/**
 * The handlers of the Engine service's methods (grpc-js handlers), behind `gate` when given;
 * `openWatches` holds how to end each Watch call still streaming (the server's close ends them first).
 */
export function createEngineHandlers(
  engine: Engine,
  gate: DirectCallGate | undefined,
  openWatches: OpenWatchCalls = new Set(),
): UntypedServiceImplementation {
  /**
   * Lets `call` through the gate, charged `simulations`, then runs `work` with what the gate
   * decided (undefined without a gate); a refusal answers the call with its catalogue error.
   */
  const admitThen = <Response>(
    call: ServerUnaryCall<unknown, Response>,
    callback: sendUnaryData<Response>,
    simulations: number,
    work: (direct: DirectCall | undefined) => void,
  ): void => {
    const run = (direct: DirectCall | undefined) => {
      if (direct && Object.keys(direct.headers).length > 0) call.sendMetadata(toMetadata(direct.headers))
      work(direct)
    }
    if (!gate) return run(undefined)
    let admitted: DirectCall | Promise<DirectCall>
    try {
      admitted = gate.admit(call.metadata, simulations)
    } catch (error) {
      callback(toGrpcError(error))
      return
    }
    if (admitted instanceof Promise) admitted.then(run, (error: unknown) => callback(toGrpcError(error)))
    else run(admitted)
  }

  /**
   * Runs a call that leaves a history record: refused before any work while the record could not
   * be kept, and answered only once `record` kept it (a refusal then answers the call instead).
   */
  const runRecorded = <Value, Message>(
    callback: sendUnaryData<Message>,
    direct: DirectCall | undefined,
    work: () => Promise<Value>,
    record: (value: Value) => void,
    toMessage: (value: Value) => Message,
  ): void => {
    try {
      direct?.assertRecordable()
    } catch (error) {
      callback(toGrpcError(error))
      return
    }
    work().then(
      (value) => {
        try {
          record(value)
        } catch (error) {
          callback(toGrpcError(error))
          return
        }
        callback(null, toMessage(value))
      },
      (error: unknown) => callback(toGrpcError(error)),
    )
  }

  return {
    Simulate(call: ServerUnaryCall<SimulateRequest__Output, SimulateResponse>, callback: sendUnaryData<SimulateResponse>) {
      const request = call.request
      let options: SimulateOptions
      try {
        options = toSimulateOptions(request)
      } catch (error) {
        callback(toGrpcError(error))
        return
      }
      const transaction = request.transaction
      admitThen(call, callback, 1, (direct) => {
        if (direct && direct.tenantId !== undefined) options.tenantId = direct.tenantId
        // The engine validates the options (vectors, timeout, policy) as for every transport.
        runRecorded(
          callback,
          direct,
          () => engine.simulate(transaction, options),
          (response) => direct?.record(transaction, response),
          toSimulateResponseMessage,
        )
      })
    },
    ScanApprovals(call: ServerUnaryCall<ScanApprovalsRequest__Output, ApprovalsResponse>, callback: sendUnaryData<ApprovalsResponse>) {
      // The engine validates the address as for every transport; a read charges no simulation.
      admitThen(call, callback, 0, () => {
        engine.scanApprovals(call.request.wallet).then(
          (response) => callback(null, toApprovalsResponseMessage(response)),
          (error: unknown) => callback(toGrpcError(error)),
        )
      })
    },
    Execute(call: ServerUnaryCall<ExecuteRequest__Output, ExecuteResponse>, callback: sendUnaryData<ExecuteResponse>) {
      const request = call.request
      let options: ExecuteOptions
      try {
        if (request.transaction.length === 0) throw createServiceError('invalid_transaction', 'transaction is empty')
        options = {
          waitConfirmation: request.wait_confirmation,
          ...(request.policy_json === '' ? {} : { policy: parsePolicyJson(request.policy_json) }),
          ...(request.tenant_id === '' ? {} : { tenantId: request.tenant_id }),
          ...(request.card_on_file ? { cardOnFile: true } : {}),
        }
      } catch (error) {
        callback(toGrpcError(error))
        return
      }
      const transaction = request.transaction
      // An execute simulates: one simulation toward the quota, as on REST.
      admitThen(call, callback, 1, (direct) => {
        actFor(direct, options)
        runRecorded(
          callback,
          direct,
          () => engine.execute(transaction, options),
          (response) => direct?.recordTransactionCall('execute', transaction, response),
          toExecuteResponseMessage,
        )
      })
    },
    Send(call: ServerUnaryCall<SendRequest__Output, SendResponse>, callback: sendUnaryData<SendResponse>) {
      const request = call.request
      let options: SendOptions
      try {
        if (request.transaction.length === 0) throw createServiceError('invalid_transaction', 'transaction is empty')
        options = toSendOptions(request)
      } catch (error) {
        callback(toGrpcError(error))
        return
      }
      const transaction = request.transaction
      // A send simulates nothing: one request, no simulation.
      admitThen(call, callback, 0, (direct) => {
        actFor(direct, options)
        runRecorded(
          callback,
          direct,
          () => engine.send(transaction, options),
          (response) => direct?.recordTransactionCall('send', transaction, response),
          toSendResponseMessage,
        )
      })
    },
    Submit(call: ServerUnaryCall<SubmitRequest__Output, SubmitResponse>, callback: sendUnaryData<SubmitResponse>) {
      const request = call.request
      let options: SubmitOptions
      try {
        if (request.transaction.length === 0) throw createServiceError('invalid_transaction', 'transaction is empty')
        options = toSubmitOptions(request)
      } catch (error) {
        callback(toGrpcError(error))
        return
      }
      const transaction = request.transaction
      // As a send: one request, no simulation toward the quota.
      admitThen(call, callback, 0, (direct) => {
        actFor(direct, options)
        // A refusal's details (bundle_rejected's lint) and Retry-After (relay_busy) travel as trailers.
        runRecorded(
          callback,
          direct,
          () => engine.submit(transaction, options),
          (response) => direct?.recordTransactionCall('submit', transaction, response),
          toSubmitResponseMessage,
        )
      })
    },
    GetTips(call: ServerUnaryCall<GetTipsRequest__Output, TipFloor>, callback: sendUnaryData<TipFloor>) {
      // A read: one request, the same answer for every tenant.
      admitThen(call, callback, 0, () => {
        engine.getTips().then(
          (floor) => callback(null, toTipFloorMessage(floor)),
          (error: unknown) => callback(toGrpcError(error)),
        )
      })
    },
    GetTransaction(call: ServerUnaryCall<GetTransactionRequest__Output, TrackedTransaction>, callback: sendUnaryData<TrackedTransaction>) {
      const request = call.request
      admitThen(call, callback, 0, (direct) => {
        // An API key reads its own user's records only, whatever tenant_id the request names.
        const tenantId = direct && direct.tenantId !== undefined ? direct.tenantId : getRequestTenant(request.tenant_id)
        engine.getTransaction(tenantId, request.signature).then(
          (tracked) => callback(null, toTrackedTransactionMessage(tracked)),
          (error: unknown) => callback(toGrpcError(error)),
        )
      })
    },
    Watch: createWatchHandler(engine, gate, openWatches),
    Health(_call: ServerUnaryCall<HealthRequest__Output, HealthResponse>, callback: sendUnaryData<HealthResponse>) {
      try {
        callback(null, toHealthResponseMessage(engine.getHealth()))
      } catch (error) {
        callback(toGrpcError(error))
      }
    },
  }
}

/** Serves `engine` over gRPC on host:port (port 0 picks a free one). */
export async function startEngineServer(
  engine: Engine,
  host: string,
  port: number,
  serverOptions: EngineServerOptions = {},
): Promise<EngineServer> {
  const proto = loadEngineProto()
  const server = new Server()
  const openWatches: OpenWatchCalls = new Set()
  server.addService(proto.preflight.engine.v1.Engine.service, createEngineHandlers(engine, serverOptions.gate, openWatches))
  const boundPort = await bindGrpcServer(server, host, port).catch((error: unknown) => {
    throw toListenError(error, engineConfigSchema.grpcPort.env, `${host}:${port}`)
  })
  return {
    address: `${host}:${boundPort}`,
    close: () => {
      // A watch streams until it ends: left open it would hold the close for the whole grace period.
      for (const end of [...openWatches]) end()
      return shutDownGrpcServer(server, serverOptions.closeGraceMs)
    },
  }
}
