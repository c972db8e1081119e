/**
 * The error catalogue shared by the services: a stable code, its HTTP and gRPC status, and the
 * message a client sees. Codes are never reused or renamed; callers match on `code` through
 * `isServiceError`, never on message text.
 */
import { status as GrpcStatus } from '@grpc/grpc-js'

export const ERROR_CATALOGUE = {
  validation_error: { http: 422, grpc: GrpcStatus.INVALID_ARGUMENT, message: 'The request is not valid.' },
  invalid_json: { http: 400, grpc: GrpcStatus.INVALID_ARGUMENT, message: 'The request body is not valid JSON.' },
  unsupported_media_type: {
    http: 415,
    grpc: GrpcStatus.INVALID_ARGUMENT,
    message: 'The request body must be application/json.',
  },
  payload_too_large: { http: 413, grpc: GrpcStatus.RESOURCE_EXHAUSTED, message: 'The request body is too large.' },
  bad_request: { http: 400, grpc: GrpcStatus.INVALID_ARGUMENT, message: 'The request is not valid HTTP/1.1.' },
  request_timeout: {
    http: 408,
    grpc: GrpcStatus.DEADLINE_EXCEEDED,
    message: 'The request (headers and body) did not arrive in time.',
  },
  headers_too_large: { http: 431, grpc: GrpcStatus.RESOURCE_EXHAUSTED, message: 'The request headers are too large.' },
  invalid_transaction: {
    http: 422,
    grpc: GrpcStatus.INVALID_ARGUMENT,
    message: 'The transaction bytes cannot be deserialized.',
  },
  invalid_signature: {
    http: 422,
    grpc: GrpcStatus.INVALID_ARGUMENT,
    message: 'A signature the transaction requires is missing or does not verify.',
  },
  unauthorized: {
    http: 401,
    grpc: GrpcStatus.UNAUTHENTICATED,
    message: 'A valid API key (X-API-Key) or bearer token (Authorization: Bearer) is required.',
  },
  invalid_credentials: { http: 401, grpc: GrpcStatus.UNAUTHENTICATED, message: 'The email or password is wrong.' },
  invalid_refresh_token: {
    http: 401,
    grpc: GrpcStatus.UNAUTHENTICATED,
    message: 'The refresh token is unknown, expired, spent or revoked.',
  },
  email_taken: { http: 409, grpc: GrpcStatus.ALREADY_EXISTS, message: 'An account with this email already exists.' },
  not_found: { http: 404, grpc: GrpcStatus.NOT_FOUND, message: 'No such resource.' },
  method_not_allowed: { http: 405, grpc: GrpcStatus.UNIMPLEMENTED, message: 'Method not allowed on this resource.' },
  simulation_timeout: {
    http: 504,
    grpc: GrpcStatus.DEADLINE_EXCEEDED,
    message: 'The accounts of the transaction could not be loaded within timeout_ms.',
  },
  // 502: the service is up, the chain's endpoints behind it are not (Bad Gateway).
  upstream_unavailable: {
    http: 502,
    grpc: GrpcStatus.UNAVAILABLE,
    message: 'No Solana RPC endpoint answered.',
  },
  relay_unavailable: {
    http: 503,
    grpc: GrpcStatus.UNAVAILABLE,
    message: 'The bundle relay is not available.',
  },
  // The relay's own rate limit: its queue cannot send this call before the caller's deadline.
  relay_busy: {
    http: 503,
    grpc: GrpcStatus.UNAVAILABLE,
    message: 'The bundle relay is busy: its rate limit cannot fit this call in time; retry after the Retry-After header.',
  },
  // The bundle would be dropped: `error.bundle_lint` lists every rule and which failed. Nothing was sent.
  bundle_rejected: {
    http: 422,
    grpc: GrpcStatus.FAILED_PRECONDITION,
    message: 'The bundle breaks a rule the relay drops bundles for; nothing was sent.',
  },
  // Managed tips and staked_sender are paid by the service (docs/relay.md#who-may-spend-the-tip-wallet).
  card_required: {
    http: 402,
    grpc: GrpcStatus.FAILED_PRECONDITION,
    message: 'This needs a card on file: the service pays managed tips and staked sending, billed to the card.',
  },
  // A managed tip above the caller's plan's per-call cap; nothing was sent.
  tip_limit_exceeded: {
    http: 422,
    grpc: GrpcStatus.INVALID_ARGUMENT,
    message: "The managed tip is above your plan's per-call cap; nothing was sent.",
  },
  // The managed tips of the UTC day would pass the plan's daily cap; nothing was sent.
  tip_budget_exceeded: {
    http: 429,
    grpc: GrpcStatus.RESOURCE_EXHAUSTED,
    message: "Today's managed tips would pass your plan's daily cap; pay your own tip, or retry after 00:00 UTC.",
  },
  // The accounts service, or its database, cannot be reached (connection refused or lost, pool
  // exhausted, the server shutting down): always with Retry-After, since it is a state that passes.
  accounts_unavailable: {
    http: 503,
    grpc: GrpcStatus.UNAVAILABLE,
    message: 'The accounts service is not reachable.',
    retryAfterSeconds: 1,
  },
  engine_unavailable: { http: 503, grpc: GrpcStatus.UNAVAILABLE, message: 'The simulation engine is not reachable.' },
  // The history journal cannot write (a full, read-only or failing disk): a call that leaves a
  // history record is refused rather than acknowledged without a record that survives a crash.
  journal_unavailable: {
    http: 503,
    grpc: GrpcStatus.UNAVAILABLE,
    message: 'The call cannot be recorded now (the history journal cannot write), so it is refused; retry after the Retry-After header.',
  },
  rate_limited: {
    http: 429,
    grpc: GrpcStatus.RESOURCE_EXHAUSTED,
    message: 'Too many requests: the rate limit is exceeded; retry after the Retry-After header.',
  },
  // A watched simulation past the socket's or the process's limit (docs/api.md#watching-a-simulation).
  watch_limit_exceeded: {
    http: 429,
    grpc: GrpcStatus.RESOURCE_EXHAUSTED,
    message: 'Too many watched simulations: unsubscribe from one, or retry later.',
  },
  quota_exceeded: {
    http: 429,
    grpc: GrpcStatus.RESOURCE_EXHAUSTED,
    message: 'The free quota of simulations for today is spent; add a card, or retry after 00:00 UTC.',
  },
  // Billing (docs/billing.md): no Stripe key configured, or Stripe not answering.
  billing_unavailable: {
    http: 503,
    grpc: GrpcStatus.UNAVAILABLE,
    message: 'Billing is not available: the payment provider is not configured or not reachable.',
  },
  // Stripe answered, and refused what the service asked (a configuration the operator must fix).
  payment_provider_error: { http: 502, grpc: GrpcStatus.INTERNAL, message: 'The payment provider refused the request.' },
  no_billing_customer: {
    http: 400,
    grpc: GrpcStatus.FAILED_PRECONDITION,
    message: 'No payment-provider customer is attached yet: complete a checkout first.',
  },
  already_subscribed: {
    http: 409,
    grpc: GrpcStatus.ALREADY_EXISTS,
    message: 'A subscription is already active: manage it in the customer portal.',
  },
  // Deliveries failed for 24 h: the worker sends nothing to it, so a test or redelivery would wait forever (and fill its cap).
  webhook_endpoint_disabled: {
    http: 409,
    grpc: GrpcStatus.FAILED_PRECONDITION,
    message: 'The webhook endpoint is disabled (its deliveries failed for 24 h) and is sent nothing; register it again to resume.',
  },
  invalid_stripe_signature: {
    http: 400,
    grpc: GrpcStatus.INVALID_ARGUMENT,
    message: 'The Stripe-Signature header does not verify for this body.',
  },
  // Signed by Stripe but not an event the service can apply (a field it reads missing or ill-typed,
  // `created` out of range): refused for good, nothing stored; a 500 would call it our fault.
  invalid_stripe_event: {
    http: 400,
    grpc: GrpcStatus.INVALID_ARGUMENT,
    message:
      'The Stripe event is signed but malformed: a field the service reads is missing or ill-typed, or its created time is out of range.',
  },
  not_implemented: { http: 501, grpc: GrpcStatus.UNIMPLEMENTED, message: 'This operation is not available in this release.' },
  shutting_down: { http: 503, grpc: GrpcStatus.UNAVAILABLE, message: 'The service is shutting down.' },
  internal_error: { http: 500, grpc: GrpcStatus.INTERNAL, message: 'An internal error occurred.' },
} as const satisfies Record<string, CatalogueEntry>

/** One code's entry: its statuses, its message and, for a state that passes, the Retry-After every such error carries. */
export interface CatalogueEntry {
  http: number
  grpc: GrpcStatus
  message: string
  /**
   * Seconds a client should wait before retrying, sent as Retry-After with every error of this code
   * unless the error names its own. A restarting database is back within seconds (a probe's took
   * 0.6 s), and the refusal costs the service next to nothing, so one second.
   */
  retryAfterSeconds?: number
}

export type ErrorCode = keyof typeof ERROR_CATALOGUE

/** One bundle lint rule's verdict (engine/contract/submit-response.ts documents the rules). */
export interface BundleLintEntry {
  rule: string
  ok: boolean
  detail: string
}

/** What an error may carry beside its code and message, in the envelope's error object. */
export interface ErrorDetails {
  bundle_lint?: BundleLintEntry[]
}

/** An error that carries a catalogue code; the only kind of error sent to clients. */
export class ServiceError extends Error {
  readonly code: ErrorCode
  /** Response headers the error brings (`Retry-After`, `RateLimit-*`; a code with `retryAfterSeconds` always has Retry-After); sent over HTTP and as gRPC trailers. */
  readonly headers: Readonly<Record<string, string>> | undefined
  /** Fields the client sees beside code and message (ErrorDetails: bundle_rejected's `bundle_lint`). */
  readonly details: ErrorDetails | undefined
  constructor(code: ErrorCode, message?: string, options?: { cause?: unknown; headers?: Record<string, string>; details?: ErrorDetails }) {
    super(message ?? ERROR_CATALOGUE[code].message, options?.cause === undefined ? undefined : { cause: options.cause })
    this.name = 'ServiceError'
    this.code = code
    const retryAfterSeconds = (ERROR_CATALOGUE[code] as CatalogueEntry).retryAfterSeconds
    this.headers =
      retryAfterSeconds === undefined || options?.headers?.['retry-after'] !== undefined
        ? options?.headers
        : { ...options?.headers, 'retry-after': String(retryAfterSeconds) }
    this.details = options?.details
  }
}

/** Creates a ServiceError with the catalogue's message unless a more precise one is given. */
export function createServiceError(code: ErrorCode, message?: string, cause?: unknown): ServiceError {
  return new ServiceError(code, message, cause === undefined ? undefined : { cause })
}

/** A ServiceError that tells the client when to come back (429, or 503 relay_busy and journal_unavailable): `Retry-After` in whole seconds, plus any `RateLimit-*` headers. */
export function createRetryableError(
  code: 'rate_limited' | 'quota_exceeded' | 'relay_busy' | 'journal_unavailable' | 'tip_budget_exceeded',
  retryAfterSeconds: number,
  headers: Record<string, string> = {},
  message?: string,
): ServiceError {
  return new ServiceError(code, message, { headers: { ...headers, 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) } })
}

/** Whether `e` is a ServiceError, optionally with the given code. */
export function isServiceError(e: unknown, code?: ErrorCode): e is ServiceError {
  return e instanceof ServiceError && (code === undefined || e.code === code)
}

/** Whether `code` names an entry of the catalogue. */
export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(ERROR_CATALOGUE, code)
}
