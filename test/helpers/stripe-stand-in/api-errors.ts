/**
 * Stripe's error body (`{ error: { type, code, message, param } }`) and the few errors the stand-in
 * answers. The SDK picks its error class from the HTTP status (400/404 → StripeInvalidRequestError,
 * 401 → StripeAuthenticationError, 429 → StripeRateLimitError, ≥500 → StripeAPIError) and from
 * `type === 'idempotency_error'` (→ StripeIdempotencyError), so status and type must both be right.
 */

export interface StripeErrorFields {
  type: string
  code?: string
  message: string
  param?: string
}

/** Thrown by a route; the server answers `status` with `{ error: fields }`. */
export class StandInApiError extends Error {
  constructor(
    readonly status: number,
    readonly fields: StripeErrorFields,
  ) {
    super(fields.message)
  }

  toBody(): { error: StripeErrorFields & { doc_url?: string } } {
    const docUrl = this.fields.code ? { doc_url: `https://stripe.com/docs/error-codes/${this.fields.code.replace(/_/g, '-')}` } : {}
    return { error: { ...this.fields, ...docUrl } }
  }
}

/** A required param is absent: 400 `parameter_missing`. */
export function toMissingParamError(param: string): StandInApiError {
  return new StandInApiError(400, {
    type: 'invalid_request_error',
    code: 'parameter_missing',
    param,
    message: `Missing required param: ${param}.`,
  })
}

/** A param has a value Stripe refuses: 400 `parameter_invalid_*`. */
export function toInvalidParamError(param: string, message: string, code = 'parameter_invalid_string'): StandInApiError {
  return new StandInApiError(400, { type: 'invalid_request_error', code, param, message })
}

/**
 * A referenced object does not exist. Stripe answers 404 when it is the URL's object and 400 when it
 * is named in a param (`customer=cus_x`); both carry code `resource_missing`.
 */
export function toResourceMissingError(kind: string, id: string, param: string, status: 400 | 404): StandInApiError {
  return new StandInApiError(status, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param,
    message: `No such ${kind}: '${id}'`,
  })
}

/** A path the stand-in does not serve (Stripe's wording for an unknown URL). */
export function toUnknownUrlError(method: string, path: string): StandInApiError {
  return new StandInApiError(404, {
    type: 'invalid_request_error',
    message: `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
  })
}

/** No key, or not the stand-in's key. Stripe shows only the key's last four characters. */
export function toAuthenticationError(key: string | undefined): StandInApiError {
  const message =
    key === undefined
      ? "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY')."
      : `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`
  return new StandInApiError(401, { type: 'invalid_request_error', message })
}

/** An Idempotency-Key reused for another path or other params. */
export function toIdempotencyError(key: string): StandInApiError {
  return new StandInApiError(400, {
    type: 'idempotency_error',
    message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
  })
}
