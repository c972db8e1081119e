/**
 * The engine over gRPC: every unary call built from the service's method table
 * (engine/grpc/engine-methods.ts), which the server's handlers are built from too; Watch, the one
 * streaming call, by hand.
 */
import { credentials, Metadata, type Client, type ClientReadableStream, type ServiceError as GrpcServiceError } from '@grpc/grpc-js'
import { createServiceError } from '../../lib/errors.js'
import { INTERNAL_TOKEN_METADATA } from '../../lib/grpc/internal-token.js'
import { loadEngineProto } from '../../lib/grpc/load-proto.js'
import { fromGrpcError } from '../../lib/grpc/service-error-status.js'
import type { WatchEvent__Output } from '../../proto/gen/preflight/engine/v1/WatchEvent.js'
import type { WatchEndReason, WatchStart } from '../contract/simulation-watch.js'
import { ENGINE_METHODS, type EngineMethod, type UnaryMethodName } from '../grpc/engine-methods.js'
import { fromSimulateResponseMessage } from '../messages/simulate-message.js'
import { serializeSimulateResponse } from '../contract/serialized-simulate-response.js'
import { toSimulateRequestMessage } from '../messages/simulate-request-options.js'
import type { EngineClient } from './engine-client.js'
import { toEngineTarget } from './engine-target.js'
import { acceptWholeAnswer } from './whole-answer-interceptor.js'

type UnaryCallback = (error: GrpcServiceError | null, message?: unknown) => void
/** A grpc-js client's unary method: (request, [metadata,] options, callback); a Health probe sends no metadata. */
type UnaryCall = (...args: unknown[]) => void

/** The proto service every engine method belongs to (proto/engine.proto). */
const ENGINE_SERVICE = 'preflight.engine.v1.Engine'

/**
 * The channel's service config: round robin over every address the target resolves to (a
 * dns:/// name or an ip list naming several engines), and the idempotent methods retried on
 * another engine when theirs is unavailable — killed mid-call, or refusing new calls as it shuts
 * down. Each retry is bounded by the call's own deadline; the short backoff is spent while the
 * channel already routes around the lost engine.
 */
function toServiceConfig(): string {
  const idempotent = Object.values(ENGINE_METHODS)
    .filter((method) => method.idempotent)
    .map((method) => ({ service: ENGINE_SERVICE, method: method.rpc }))
  return JSON.stringify({
    loadBalancingConfig: [{ round_robin: {} }],
    methodConfig: [
      {
        name: idempotent,
        retryPolicy: {
          maxAttempts: 3,
          initialBackoff: '0.01s',
          maxBackoff: '0.1s',
          backoffMultiplier: 2,
          retryableStatusCodes: ['UNAVAILABLE'],
        },
      },
    ],
  })
}

/** Calls `method` with `args` on `client`, on the deadline the method gives. */
function callUnary<Args extends unknown[], Value>(
  client: Client,
  metadata: Metadata,
  method: EngineMethod<Args, Value, never, never>,
  args: Args,
): Promise<Value> {
  return new Promise<Value>((resolve, reject) => {
    const call = (client as unknown as Record<string, UnaryCall>)[method.rpc] as UnaryCall
    const options = { deadline: Date.now() + method.deadlineMs(...args), interceptors: [acceptWholeAnswer] }
    const done: UnaryCallback = (error, message) => {
      if (error) reject(fromGrpcError(error))
      else if (!message) reject(createServiceError('engine_unavailable', 'the engine sent an empty response'))
      else resolve(method.fromResponse(message as never))
    }
    const request = method.toRequest(...args)
    if (method.simulations === null) call.call(client, request, options, done)
    else call.call(client, request, metadata, options, done)
  })
}

/**
 * The engine over gRPC at `address` (host:port, grpc://host:port, dns:///name:port, or several
 * engines as ip:port,ip:port: engine-target.ts), on one kept-alive channel. `internalToken`
 * (ENGINE_INTERNAL_TOKEN) tells the engine's gate that this edge already authenticated and charged
 * the caller named by `tenant_id`; a co-located client sends its `apiKey` instead and is its own
 * tenant.
 */
export function createGrpcEngineClient(address: string, options: { internalToken?: string; apiKey?: string } = {}): EngineClient {
  const target = toEngineTarget(address)
  const proto = loadEngineProto()
  const client = new proto.preflight.engine.v1.Engine(target, credentials.createInsecure(), {
    'grpc.keepalive_time_ms': 30_000,
    'grpc.keepalive_permit_without_calls': 1,
    'grpc.service_config': toServiceConfig(),
    // An engine restarted (a rolling update) is back in the balancing set within 2 s of listening,
    // not after grpc's default backoff of up to 2 minutes.
    'grpc.initial_reconnect_backoff_ms': 250,
    'grpc.max_reconnect_backoff_ms': 2_000,
  })
  const metadata = new Metadata()
  if (options.internalToken) metadata.set(INTERNAL_TOKEN_METADATA, options.internalToken)
  if (options.apiKey) metadata.set('x-api-key', options.apiKey)

  const unary = {} as Record<UnaryMethodName, (...args: never[]) => Promise<unknown>>
  for (const [name, method] of Object.entries(ENGINE_METHODS) as Array<[UnaryMethodName, EngineMethod<unknown[], unknown, never, never>]>) {
    unary[name] = (...args) => callUnary(client, metadata, method, args)
  }

  const methods = unary as unknown as Pick<EngineClient, UnaryMethodName>
  return {
    ...methods,
    // The answer arrives as protobuf: decoded, then written as JSON here.
    simulateSerialized: (transaction, options) => methods.simulate(transaction, options).then(serializeSimulateResponse),
    watch(transaction, options, listener) {
      return new Promise<WatchStart>((resolve, reject) => {
        // No deadline: the watch lasts until it ends or is cancelled (the engine bounds it by WATCH_MAX_MS).
        const call: ClientReadableStream<WatchEvent__Output> = client.Watch(toSimulateRequestMessage(transaction, options), metadata)
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
    close: async () => client.close(),
    transport: 'grpc',
  }
}
