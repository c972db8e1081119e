/**
 * Charges every authenticated request to its caller's rate limit and, for routes that simulate, to
 * the daily quota (docs/api.md#rate-limits-and-quota), in one admission check. A preHandler: it
 * runs after the auth hook (401 first) and after schema validation, so a batch's size is known and
 * a malformed request spends no quota. Routes declare their simulations in `config.simulations` (a
 * number, or a function of the validated request). Callback style: the in-process admission answers
 * without a promise.
 */
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction, preHandlerHookHandler } from 'fastify'
import type { Admission, Admitted } from '../../lib/limits/admission.js'

/** How many simulations a request runs. */
export type SimulationCount = number | ((request: FastifyRequest) => number)

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Simulations one call of the route runs (charged to the daily quota); default 0. */
    simulations?: SimulationCount
  }
}

/** The preHandler that charges the authenticated caller of every route. */
export function createAdmissionHook(admission: Admission, now: () => number): preHandlerHookHandler {
  return function admit(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
    const principal = request.principal
    if (!principal) return done()
    const declared = request.routeOptions.config.simulations
    const simulations = declared === undefined ? 0 : typeof declared === 'number' ? declared : declared(request)
    let result: Admitted | Promise<Admitted>
    try {
      result = admission.admit(principal, { requests: 1, simulations }, now())
    } catch (error) {
      return done(error as Error)
    }
    if (result instanceof Promise) {
      result.then(
        (admitted) => {
          reply.headers(admitted.headers)
          done()
        },
        (error: Error) => done(error),
      )
      return
    }
    reply.headers(result.headers)
    done()
  }
}
