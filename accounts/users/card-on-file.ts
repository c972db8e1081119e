/** The card flag billing sets: it decides the rate-limit plan and whether the free quota binds (docs/api.md#rate-limits-and-quota). */
import { createServiceError } from '../../lib/errors.js'

/**
 * Throws `validation_error` unless `value` is a boolean. The gRPC client checks it too, because
 * protobuf would quietly turn `"false"` or `1` into `true` on the way.
 */
export function assertHasCard(value: unknown): asserts value is boolean {
  if (typeof value !== 'boolean') throw createServiceError('validation_error', 'has_card: must be a boolean')
}
