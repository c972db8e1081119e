/**
 * One error class for every failure the SDK reports, recognised by its `code`: the service's
 * catalogue codes (docs/api.md#errors) plus the client's own (`timeout`, `aborted`,
 * `network_error`, `connection_lost`, `invalid_response`, `invalid_input`, `outcome_timeout`).
 */
import type { Schemas } from './api-types.js'

/** A code of the service's error catalogue. */
export type ServiceErrorCode = Schemas['Error']['error']['code']
/** A failure the client detects itself, with no answer from the service. */
export type ClientErrorCode =
  'timeout' | 'aborted' | 'network_error' | 'connection_lost' | 'invalid_response' | 'invalid_input' | 'outcome_timeout'
export type PreflightErrorCode = ServiceErrorCode | ClientErrorCode

export interface BundleLintEntry {
  rule: string
  ok: boolean
  detail: string
}

export interface PreflightErrorInit {
  code: PreflightErrorCode | (string & {})
  message: string
  /** HTTP status; 0 when no answer came (client codes). */
  status?: number
  requestId?: string | null
  /** Seconds, from Retry-After (or a stream error's `retry_after`); null when the service gave none. */
  retryAfter?: number | null
  /** The envelope's other fields (`bundle_lint`, …). */
  details?: Record<string, unknown>
  cause?: unknown
}

/** An error answered by the service (its envelope) or met by the client. Match it by `code`. */
export class PreflightError extends Error {
  override readonly name = 'PreflightError'
  readonly code: PreflightErrorCode | (string & {})
  readonly status: number
  readonly requestId: string | null
  readonly retryAfter: number | null
  readonly details: Record<string, unknown>

  constructor(init: PreflightErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause })
    this.code = init.code
    this.status = init.status ?? 0
    this.requestId = init.requestId ?? null
    this.retryAfter = init.retryAfter ?? null
    this.details = init.details ?? {}
  }

  /** bundle_rejected: every lint rule checked, and which failed; [] otherwise. */
  get bundleLint(): BundleLintEntry[] {
    const lint = this.details.bundle_lint
    return Array.isArray(lint) ? (lint as BundleLintEntry[]) : []
  }
}

/** Whether `error` is a PreflightError, of `code` when one is given. */
export function isPreflightError(error: unknown, code?: PreflightErrorCode): error is PreflightError {
  return error instanceof PreflightError && (code === undefined || error.code === code)
}

/** The PreflightError an answer's Error envelope describes (or a plain one for a body that is not an envelope). */
export function fromErrorEnvelope(status: number, body: unknown, headers: { get(name: string): string | null }): PreflightError {
  const retryAfterHeader = headers.get('retry-after')
  const retryAfter = retryAfterHeader !== null && /^\d+$/.test(retryAfterHeader) ? Number(retryAfterHeader) : null
  const envelope = (body as { error?: Record<string, unknown> } | null)?.error
  if (envelope && typeof envelope.code === 'string') {
    const { code, message, request_id: requestId, ...details } = envelope
    return new PreflightError({
      code,
      message: typeof message === 'string' ? message : code,
      status,
      requestId: typeof requestId === 'string' ? requestId : headers.get('x-request-id'),
      retryAfter,
      details,
    })
  }
  return new PreflightError({
    code: status >= 500 ? 'internal_error' : 'invalid_response',
    message: `HTTP ${status} without an error envelope`,
    status,
    requestId: headers.get('x-request-id'),
    retryAfter,
  })
}

/** The PreflightError of a stream error frame's `error` object. */
export function fromStreamError(error: Record<string, unknown>): PreflightError {
  const { code, message, request_id: requestId, retry_after: retryAfter, ...details } = error
  return new PreflightError({
    code: typeof code === 'string' ? code : 'internal_error',
    message: typeof message === 'string' ? message : String(code),
    requestId: typeof requestId === 'string' ? requestId : null,
    retryAfter: typeof retryAfter === 'number' ? retryAfter : null,
    details,
  })
}
