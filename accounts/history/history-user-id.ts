/** The user a history call reads; callers pass authenticated ids, so a bad one is a caller's bug. */
import { createServiceError } from '../../lib/errors.js'
import { isUuid } from '../db/uuid.js'

/** Throws `validation_error` unless `userId` is a UUID (PostgreSQL would fail the cast with a 500). */
export function assertUserId(userId: unknown): asserts userId is string {
  if (!isUuid(userId)) throw createServiceError('validation_error', 'userId: must be a UUID')
}
