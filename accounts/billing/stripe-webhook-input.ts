/**
 * The shape check of a Stripe webhook delivery, apart from stripe-webhook.ts so the gRPC client
 * (in the edge) runs the same check without loading the Stripe SDK and the database code.
 */
import { createServiceError } from '../../lib/errors.js'

/**
 * validation_error unless the delivery is bytes and a header string: Buffer.from would read a string
 * as the body, and protobuf would coerce either on the way to another process.
 */
export function assertStripeWebhookInput(payload: unknown, signatureHeader: unknown): void {
  if (!(payload instanceof Uint8Array)) throw createServiceError('validation_error', 'payload: must be the raw body as bytes')
  if (typeof signatureHeader !== 'string') throw createServiceError('validation_error', 'signature_header: must be a string')
}
