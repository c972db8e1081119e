/**
 * The Stripe SDK client billing calls through, and what its failures mean to a caller. STRIPE_API_URL
 * points the same SDK somewhere other than api.stripe.com (the tests' local stand-in, stripe-mock);
 * production leaves it unset.
 */
import Stripe from 'stripe'
import { createServiceError, isServiceError, type ServiceError } from '../../lib/errors.js'

export interface StripeClientOptions {
  secretKey: string
  /** http(s)://host:port of a Stripe-compatible API; unset: Stripe itself. */
  apiUrl?: string
  /** Retries of a failed network call (the SDK adds idempotency keys to retried POSTs). */
  maxNetworkRetries?: number
  timeoutMs?: number
}

/** A Stripe client on `options`. */
export function createStripeClient(options: StripeClientOptions): Stripe {
  const config: Stripe.StripeConfig = {
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    timeout: options.timeoutMs ?? 10_000,
    telemetry: false,
    appInfo: { name: 'solana-preflight' },
  }
  if (options.apiUrl) {
    const url = new URL(options.apiUrl)
    config.host = url.hostname
    config.protocol = url.protocol === 'http:' ? 'http' : 'https'
    if (url.port) config.port = url.port
  }
  return new Stripe(options.secretKey, config)
}

/**
 * What a caller is told when Stripe fails: billing_unavailable when it did not answer (or answered
 * 5xx or 429, worth a retry), payment_provider_error when it refused the request (a key, price or
 * meter the operator must fix). The Stripe message stays in the logs (the error's cause). A catalogue
 * error from the work around the call (accounts_unavailable: the database behind a customer's id)
 * stays what it is.
 */
export function toBillingError(error: unknown): ServiceError {
  if (isServiceError(error)) return error
  if (error instanceof Stripe.errors.StripeError) {
    const retryable =
      error instanceof Stripe.errors.StripeConnectionError ||
      error instanceof Stripe.errors.StripeAPIError ||
      error instanceof Stripe.errors.StripeRateLimitError ||
      (error.statusCode ?? 0) >= 500
    if (retryable) return createServiceError('billing_unavailable', 'The payment provider did not answer; retry shortly.', error)
    return createServiceError(
      'payment_provider_error',
      `The payment provider refused the request (${error.rawType ?? error.type}${error.code ? `: ${error.code}` : ''}).`,
      error,
    )
  }
  return createServiceError('internal_error', undefined, error)
}
