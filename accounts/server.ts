/**
 * The user service's gRPC server: the UserService interface for edges and engines that run apart
 * from it (accounts/user-service-client.ts), served as the proto's `Accounts` service, whose name
 * stays (proto/accounts.proto), a handler per method of the service's table
 * (grpc/accounts-methods.ts). It can mint keys for any user, so every call must carry the
 * internal token (`x-internal-token`, ACCOUNTS_INTERNAL_TOKEN); a call without it is
 * UNAUTHENTICATED before anything is read. Failures travel as catalogue codes in the `error-code`
 * trailer.
 */
import { Server, type handleUnaryCall } from '@grpc/grpc-js'
import { createServiceError, isServiceError } from '../lib/errors.js'
import { bindGrpcServer } from '../lib/grpc/bind-grpc-server.js'
import { shutDownGrpcServer } from '../lib/grpc/shut-down-grpc-server.js'
import { hasInternalToken, MIN_INTERNAL_TOKEN_LENGTH } from '../lib/grpc/internal-token.js'
import { loadAccountsProto } from '../lib/grpc/load-proto.js'
import { toGrpcError } from '../lib/grpc/service-error-status.js'
import { toListenError } from '../lib/listen-error.js'
import { createLogThrottle } from '../lib/log-throttle.js'
import type { Logger } from '../lib/logger.js'
import type { UserService } from './contract/index.js'
import { userServiceConfigSchema } from './config.js'
import { ACCOUNTS_METHODS, type AnyAccountsMethod } from './grpc/accounts-methods.js'

export interface UserServiceServer {
  /** The bound address, e.g. 127.0.0.1:50052. */
  readonly address: string
  /** Stops accepting calls and waits for the ones in flight. */
  close(): Promise<void>
}

export interface UserServiceServerOptions {
  /** The token every call must present (ACCOUNTS_INTERNAL_TOKEN). */
  internalToken: string
  /** Where failures that are not catalogue errors are logged (their cause never reaches the caller). */
  logger?: Logger
}

/** Serves `userService` over gRPC on host:port (port 0 picks a free one) to callers presenting `internalToken`. */
export async function startUserServiceServer(
  userService: UserService,
  host: string,
  port: number,
  { internalToken, logger }: UserServiceServerOptions,
): Promise<UserServiceServer> {
  if (typeof internalToken !== 'string' || internalToken.length < MIN_INTERNAL_TOKEN_LENGTH) {
    throw new Error(`the accounts gRPC port needs an internal token of at least ${MIN_INTERNAL_TOKEN_LENGTH} characters`)
  }
  const expectedToken = Buffer.from(internalToken)
  // Refusals are worth seeing, but a caller hammering the port must not flood the log with them.
  const refusals = createLogThrottle()
  const logRefusal = (method: string, peer: string) => {
    const refused = refusals()
    if (refused > 0) logger?.warn({ method, peer, refused }, 'accounts calls without the internal token refused')
  }

  /** A unary handler that answers with `work`'s message, or with the catalogue error it throws. */
  function unary<Request, Response>(method: string, work: (request: Request) => Promise<Response>): handleUnaryCall<Request, Response> {
    return (call, callback) => {
      if (!hasInternalToken(call.metadata, expectedToken)) {
        logRefusal(method, call.getPeer())
        return callback(
          toGrpcError(
            createServiceError('unauthorized', 'This port takes calls from the service’s own processes only (x-internal-token).'),
          ),
        )
      }
      // Through a promise so a synchronous throw (in a conversion) is answered like a rejection.
      Promise.resolve(call.request)
        .then(work)
        .then(
          (response) => callback(null, response),
          (error: unknown) => {
            if (!isServiceError(error)) logger?.error({ err: error, method }, 'accounts call failed')
            callback(toGrpcError(error))
          },
        )
    }
  }

  const handlers: Record<string, handleUnaryCall<unknown, unknown>> = {}
  for (const [name, method] of Object.entries(ACCOUNTS_METHODS) as Array<[keyof UserService, AnyAccountsMethod]>) {
    const run = userService[name] as (...args: unknown[]) => Promise<unknown>
    handlers[method.rpc] = unary(method.rpc, async (request: unknown) =>
      method.toResponse((await run.apply(userService, method.fromRequest(request as never))) as never),
    )
  }

  const proto = loadAccountsProto()
  const server = new Server()
  server.addService(proto.preflight.accounts.v1.Accounts.service, handlers)
  const boundPort = await bindGrpcServer(server, host, port).catch((error: unknown) => {
    throw toListenError(error, userServiceConfigSchema.grpcPort.env, `${host}:${port}`)
  })
  return {
    address: `${host}:${boundPort}`,
    close: () => shutDownGrpcServer(server),
  }
}
