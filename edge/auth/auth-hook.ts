/**
 * The route hook that enforces a route's auth mode (the Auth column of docs/api.md#endpoints) and
 * leaves the caller on `request.principal`. Callback style: a warm credential resolves without a
 * promise turn.
 */
import type { IncomingHttpHeaders } from 'node:http'
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction, onRequestHookHandler } from 'fastify'
import type { Authenticator, Principal } from '../../callers/authenticator.js'

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated caller; null on `none` routes. */
    principal: Principal | null
  }
}

/** The onRequest hook of a `bearer` or `either` route; `getHeaders` picks where the credential is (the request's headers by default). */
export function createAuthHook(
  authenticator: Authenticator,
  mode: 'bearer' | 'either',
  getHeaders: (request: FastifyRequest) => IncomingHttpHeaders = (request) => request.headers,
): onRequestHookHandler {
  return function authenticate(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) {
    let result: Principal | Promise<Principal>
    try {
      result = authenticator.authenticate(getHeaders(request), mode)
    } catch (error) {
      return done(error as Error)
    }
    if (result instanceof Promise) {
      result.then(
        (principal) => {
          request.principal = principal
          done()
        },
        (error: Error) => done(error),
      )
      return
    }
    request.principal = result
    done()
  }
}

/** The principal of a request that passed an auth hook. */
export function getPrincipal(request: FastifyRequest): Principal {
  const principal = request.principal
  // Only reachable if a route forgot its hook: a bug, reported as a 500, never served unauthenticated.
  if (!principal) throw new Error(`route ${request.routeOptions.url} has no auth hook`)
  return principal
}
