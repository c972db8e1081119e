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

  /** The handler of one unary method: its request checked, then the gate, then the work, recorded when it leaves a record. */
  const createUnaryHandler =
    <Args extends unknown[], Answer>(method: EngineMethod<Args, unknown, never, never, Answer>) =>
    (call: ServerUnaryCall<unknown, unknown>, callback: sendUnaryData<unknown>): void => {
      let requested: Args
      try {
        requested = method.fromRequest(call.request as never)
      } catch (error) {
        callback(toGrpcError(error))
        return
      }
      const work = (direct: DirectCall | undefined) => {
        const args = method.actFor(direct, requested)
        const run = () => method.run(engine, ...args)
        const { record } = method
        if (record) return runRecorded(callback, direct, run, (answer) => direct && record(direct, args, answer), method.toResponse)
        run().then(
          (value) => callback(null, method.toResponse(value)),
          (error: unknown) => callback(toGrpcError(error)),
        )
      }
      if (method.simulations === null) work(undefined)
      else admitThen(call, callback, method.simulations, work)
    }

  const handlers: UntypedServiceImplementation = { Watch: createWatchHandler(engine, gate, openWatches) }
  for (const method of Object.values(ENGINE_METHODS) as Array<EngineMethod<unknown[], unknown, never, never>>) {
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
