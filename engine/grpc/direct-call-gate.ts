/**
 * The gate of the engine's gRPC port (engine/server.ts): a co-located client's `x-api-key`
 * metadata is authenticated, charged and recorded exactly as the REST call is — the same
 * authenticator, admission and history as the edge (callers/caller-services.ts). An edge that runs
 * apart presents `x-internal-token` instead: it already authenticated and charged its caller, and
 * the tenant it names stands.
 */
import type { Metadata } from '@grpc/grpc-js'
import { createServiceError } from '../../lib/errors.js'
import { hasInternalToken } from '../../lib/grpc/internal-token.js'
import type { DirectCall, DirectCallGate } from './direct-call.js'
import type { Principal } from '../../callers/authenticator.js'
import type { CallerServices } from '../../callers/caller-services.js'
import type { SimulateSummary } from '../contract/serialized-simulate-response.js'

export interface DirectCallGateOptions {
  callers: CallerServices
  /** The token an edge running apart presents; unset: every call needs an API key. */
  internalToken?: string
}

/** What an edge's call is let in as: its tenant_id stands, and the edge itself charged and recorded it. */
const INTERNAL_CALL: DirectCall = Object.freeze({
  tenantId: undefined,
  // Not read: with no tenant of its own, the call's card_on_file stands as its tenant_id does.
  cardOnFile: false,
  headers: Object.freeze({}),
  assertRecordable: () => undefined,
  record: () => undefined,
  recordTransactionCall: () => undefined,
})

/**
 * A key holder's call let in: its records go to `callers` under its principal. A class rather than
 * an object of arrow functions made per call: tsx (`npm start`) names each such arrow with an
 * Object.defineProperty call (esbuild's keepNames), ≈0.4 µs apiece.
 */
class PrincipalCall implements DirectCall {
  readonly tenantId: string
  readonly cardOnFile: boolean

  constructor(
    private readonly callers: CallerServices,
    private readonly principal: Principal,
    readonly headers: Readonly<Record<string, string>>,
  ) {
    this.tenantId = principal.userId
    this.cardOnFile = principal.hasCard
  }

  assertRecordable(): void {
    this.callers.assertRecordable()
  }

  record(transaction: Uint8Array, response: SimulateSummary): void {
    this.callers.recordSimulation(this.principal, transaction, response)
  }

  recordTransactionCall(...[kind, transaction, response]: Parameters<DirectCall['recordTransactionCall']>): void {
    this.callers.recordTransactionCall(this.principal, kind, transaction, response)
  }
}

/** A gate that lets in only an edge presenting `internalToken` (an engine with no user service to check keys against). */
export function createInternalOnlyGate(internalToken: string): DirectCallGate {
  const expected = Buffer.from(internalToken)
  return {
    admit(metadata) {
      if (hasInternalToken(metadata, expected)) return INTERNAL_CALL
      throw createServiceError('unauthorized', 'This engine takes calls from its edges only (no accounts service to check API keys).')
    },
  }
}

/** Creates the gate for `startEngineServer`. */
export function createDirectCallGate(options: DirectCallGateOptions): DirectCallGate {
  const { callers } = options
  const internalToken = options.internalToken ? Buffer.from(options.internalToken) : undefined

  const admitPrincipal = (principal: Principal, simulations: number): DirectCall | Promise<DirectCall> => {
    const admitted = callers.admission.admit(principal, { requests: 1, simulations }, callers.now())
    return admitted instanceof Promise
      ? admitted.then((a) => new PrincipalCall(callers, principal, a.headers))
      : new PrincipalCall(callers, principal, admitted.headers)
  }

  return {
    admit(metadata: Metadata, simulations = 1) {
      const apiKey = metadata.get('x-api-key')[0]
      if (typeof apiKey === 'string' && apiKey !== '') {
        const principal = callers.authenticator.authenticate({ 'x-api-key': apiKey }, 'either')
        return principal instanceof Promise
          ? principal.then((resolved) => admitPrincipal(resolved, simulations))
          : admitPrincipal(principal, simulations)
      }
      if (hasInternalToken(metadata, internalToken)) return INTERNAL_CALL
      throw createServiceError('unauthorized', 'An API key is required: send it as x-api-key metadata.')
    },
  }
}
