/**
 * Where Stripe Checkout sends the user back: the request's `success_url` / `cancel_url`, else the
 * configured defaults. Checked here whatever the transport (the edge's schema checks the format too).
 */
import { createServiceError } from '../../lib/errors.js'
import { MAX_CHECKOUT_URL_LENGTH } from '../contract/billing.js'

/**
 * One of the URLs as given: undefined when absent or empty, the URL when it is an http(s) URL,
 * validation_error naming `field` otherwise. The gRPC client runs it before a call too, since
 * protobuf would turn a non-string into text the service accepts.
 */
export function toCheckoutUrl(field: string, value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined
  if (typeof value !== 'string' || value.length > MAX_CHECKOUT_URL_LENGTH) {
    throw createServiceError('validation_error', `${field}: must be an http(s) URL of at most ${MAX_CHECKOUT_URL_LENGTH} characters`)
  }
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw createServiceError('validation_error', `${field}: must be an absolute http(s) URL`)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw createServiceError('validation_error', `${field}: must be an http(s) URL`)
  return value
}

/** The two URLs a checkout uses; validation_error naming the field when one is bad, or missing with no default. */
export function toCheckoutUrls(
  request: { successUrl?: unknown; cancelUrl?: unknown },
  defaults: { successUrl?: string; cancelUrl?: string },
): { successUrl: string; cancelUrl: string } {
  const successUrl = toCheckoutUrl('success_url', request.successUrl) ?? defaults.successUrl
  const cancelUrl = toCheckoutUrl('cancel_url', request.cancelUrl) ?? defaults.cancelUrl ?? successUrl
  if (!successUrl || !cancelUrl)
    throw createServiceError('validation_error', 'success_url: required (this service has no BILLING_SUCCESS_URL)')
  return { successUrl, cancelUrl }
}
