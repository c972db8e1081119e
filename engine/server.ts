/**
 * The engine's gRPC server for the edge (when it runs apart) and co-located clients: a handler per
 * unary method of the service's table (grpc/engine-methods.ts: `Simulate`, `ScanApprovals`,
 * `Execute`, `Send`, `Submit`, `GetTips`, `GetTransaction`, `Health`), and `Watch` (server
 * streaming, grpc/watch-call.ts). With a gate, every call but
 * `Health` passes it first: a co-located client sends its API key as `x-api-key` metadata and gets
 * the same authentication, limits, quota and history as REST (its tenant comes from the key, never
 * from the request); an edge running apart presents the internal token instead and names the
 * tenant it authenticated. Without a gate (tests, a private network) calls are trusted as sent.
 */
import {
  Metadata,
  Server,
  type sendUnaryData,
  type ServerUnaryCall,
  type ServiceDefinition,
  type UntypedServiceImplementation,
} from '@grpc/grpc-js'
import { bindGrpcServer } from '../lib/grpc/bind-grpc-server.js'
import { keepStreamMapsYoung } from '../lib/grpc/young-stream-maps.js'
import { loadEngineProto } from '../lib/grpc/load-proto.js'
import { shutDownGrpcServer } from '../lib/grpc/shut-down-grpc-server.js'
import { toGrpcError } from '../lib/grpc/service-error-status.js'
import { toListenError } from '../lib/listen-error.js'
import { engineConfigSchema } from './config.js'
import type { Engine } from './engine.js'
import type { DirectCall, DirectCallGate } from './grpc/direct-call.js'
import { ENGINE_METHODS, type EngineMethod } from './grpc/engine-methods.js'
import { createWatchHandler, type OpenWatchCalls } from './grpc/watch-call.js'
import { addStandardHealth } from './grpc/standard-health.js'

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
  // No closure is made per call below (each step takes what it needs as arguments): tsx, which
  // `npm start` runs, names every named closure with an Object.defineProperty call (esbuild's
  // keepNames), ≈0.4 µs each, and a call went through seven of them (bench/README.md).
  type AnyMethod = EngineMethod<unknown[], unknown, never, never>

  /**
   * Runs `method` for what the gate decided (undefined without a gate), recorded when it leaves a
   * record: refused before any work while the record could not be kept, and answered only once it
   * was kept (a refusal then answers the call instead).
   */
  function runMethod(callback: sendUnaryData<unknown>, method: AnyMethod, direct: DirectCall | undefined, requested: unknown[]): void {
    const args = method.actFor(direct, requested)
    if (!method.record || !direct) {
      method.run(engine, ...args).then(
        (answer) => callback(null, method.toResponse(answer)),
        (error: unknown) => callback(toGrpcError(error)),
      )
      return
    }
    try {
      direct.assertRecordable()
    } catch (error) {
      callback(toGrpcError(error))
      return
    }
    method.run(engine, ...args).then(
      (answer) => {
        try {
          method.record?.(direct, args, answer)
        } catch (error) {
          callback(toGrpcError(error))
          return
        }
        callback(null, method.toResponse(answer))
      },
      (error: unknown) => callback(toGrpcError(error)),
    )
  }

  /** `call` let in as `direct`: the gate's headers (rate limits) go out as metadata first. */
  function runAdmitted(
    call: ServerUnaryCall<unknown, unknown>,
    callback: sendUnaryData<unknown>,
    method: AnyMethod,
    direct: DirectCall,
    requested: unknown[],
  ): void {
    if (Object.keys(direct.headers).length > 0) call.sendMetadata(toMetadata(direct.headers))
    runMethod(callback, method, direct, requested)
  }

  /** The handler of one unary method: its request checked, then the gate (charged the method's simulations), then the work. */
  const createUnaryHandler =
    (method: AnyMethod) =>
    (call: ServerUnaryCall<unknown, unknown>, callback: sendUnaryData<unknown>): void => {
      let requested: unknown[]
      try {
        requested = method.fromRequest(call.request as never)
      } catch (error) {
        callback(toGrpcError(error))
        return
      }
      if (method.simulations === null || !gate) return runMethod(callback, method, undefined, requested)
      let admitted: DirectCall | Promise<DirectCall>
      try {
        admitted = gate.admit(call.metadata, method.simulations)
      } catch (error) {
        callback(toGrpcError(error))
        return
      }
      if (admitted instanceof Promise) {
        admitted.then(
          (direct) => runAdmitted(call, callback, method, direct, requested),
          (error: unknown) => callback(toGrpcError(error)),
        )
      } else runAdmitted(call, callback, method, admitted, requested)
    }

  const handlers: UntypedServiceImplementation = { Watch: createWatchHandler(engine, gate, openWatches) }
  for (const method of Object.values(ENGINE_METHODS) as AnyMethod[]) {
    handlers[method.rpc] = createUnaryHandler(method)
  }
  return handlers
}

/**
 * The service's definition with each method's answer encoder letting bytes through: a handler that
 * answers with its message already encoded (Simulate's, engine-methods.ts) has it sent as it is.
 * No response message is itself a byte array, so nothing else is mistaken for one.
 */
function withEncodedAnswers(service: ServiceDefinition): ServiceDefinition {
  const passBytes = ([name, definition]: [string, ServiceDefinition[string]]) => {
    const serialize = definition.responseSerialize
    const responseSerialize = (value: unknown): Buffer =>
      value instanceof Uint8Array ? Buffer.from(value.buffer, value.byteOffset, value.byteLength) : serialize(value)
    return [name, { ...definition, responseSerialize }]
  }
  return Object.fromEntries(Object.entries(service).map(passBytes)) as ServiceDefinition
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
  server.addService(
    withEncodedAnswers(proto.preflight.engine.v1.Engine.service),
    createEngineHandlers(engine, serverOptions.gate, openWatches),
  )
  addStandardHealth(server, () => engine.isReady())
  const boundPort = await bindGrpcServer(server, host, port).catch((error: unknown) => {
    throw toListenError(error, engineConfigSchema.grpcPort.env, `${host}:${port}`)
  })
  // Long-lived connections' calls die young after a full collection too (lib/grpc/young-stream-maps.ts).
  const youngStreamMaps = keepStreamMapsYoung(server)
  return {
    address: `${host}:${boundPort}`,
    close: () => {
      youngStreamMaps.stop()
      // A watch streams until it ends: left open it would hold the close for the whole grace period.
      for (const end of [...openWatches]) end()
      return shutDownGrpcServer(server, serverOptions.closeGraceMs)
    },
  }
}
