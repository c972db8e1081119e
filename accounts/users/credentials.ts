/**
 * The credentials of register and login (docs/api.md#accounts-and-tokens), checked and normalised
 * before anything else sees them: emails are trimmed and lower-cased so one address is one account
 * whatever its case.
 */
import { createServiceError } from '../../lib/errors.js'
import { toNormalisedEmail, type Credentials } from '../contract/users.js'

/** RFC 5321 caps a forward path at 256 octets, two of them the angle brackets. */
export const MAX_EMAIL_LENGTH = 254
export const MIN_PASSWORD_LENGTH = 8
/** Bounds the work a login can ask of argon2 (it hashes the whole password). */
export const MAX_PASSWORD_LENGTH = 1024

// The WHATWG form-validation address (lower case only, since it runs after lower-casing), with a
// dot required in the domain. It admits no whitespace or control characters, so nothing it
// accepts can upset a text column.
const EMAIL = /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/

/** Whether `email` (already normalised) is an address an account may have. */
export function isEmail(email: string): boolean {
  return EMAIL.test(email)
}

/** Register's credentials, normalised; `validation_error` naming the field otherwise. */
export function toCredentials(input: { email: unknown; password: unknown }): Credentials {
  const { email, password } = toLoginCredentials(input)
  if (!isEmail(email)) throw createServiceError('validation_error', 'email: must be a valid email address')
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw createServiceError('validation_error', `password: must be at least ${MIN_PASSWORD_LENGTH} characters`)
  }
  return { email, password }
}

/**
 * Login's credentials: only types and sizes are checked, so that any other wrong value is the
 * same `invalid_credentials` as a wrong password and says nothing about which accounts exist.
 */
export function toLoginCredentials(input: { email: unknown; password: unknown }): Credentials {
  if (typeof input.email !== 'string') throw createServiceError('validation_error', 'email: must be a string')
  if (typeof input.password !== 'string') throw createServiceError('validation_error', 'password: must be a string')
  const email = toNormalisedEmail(input.email)
  if (email.length > MAX_EMAIL_LENGTH) {
    throw createServiceError('validation_error', `email: must be at most ${MAX_EMAIL_LENGTH} characters`)
  }
  if (input.password.length > MAX_PASSWORD_LENGTH) {
    throw createServiceError('validation_error', `password: must be at most ${MAX_PASSWORD_LENGTH} characters`)
  }
  return { email, password: input.password }
}
