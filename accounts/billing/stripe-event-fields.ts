/**
 * Reading the fields of a Stripe event the service acts on. An event whose signature verifies but
 * whose fields are missing or of the wrong type cannot be applied: `invalid_stripe_event` (400)
 * names the field, and nothing is stored. Only what is read is checked, so a field Stripe adds or
 * drops elsewhere never refuses an event.
 */
import { createServiceError } from '../../lib/errors.js'

/** 2010-01-01T00:00:00Z: no Stripe object or event is older. */
export const MIN_STRIPE_UNIX_SECONDS = 1_262_304_000
/** 2100-01-01T00:00:00Z: beyond any billing period (they run a month or a year ahead). */
export const MAX_STRIPE_UNIX_SECONDS = 4_102_444_800

/** Stripe's ids (evt_…, sub_…, cus_…, price_…): printable ASCII, no spaces; what a text column stores as it is. */
const STRIPE_ID = /^[\x21-\x7e]{1,255}$/

/** The refusal of an event that is signed but malformed at `field`. */
export function createInvalidStripeEventError(field: string, expected: string) {
  return createServiceError('invalid_stripe_event', `The Stripe event is malformed: ${field} must be ${expected}; nothing changed.`)
}

/** `value` as an object of fields; null when absent (null or undefined). */
export function getOptionalObject(value: unknown, field: string): Record<string, unknown> | null {
  if (value === null || value === undefined) return null
  if (typeof value !== 'object' || Array.isArray(value)) throw createInvalidStripeEventError(field, 'an object')
  return value as Record<string, unknown>
}

/** `value` as a Stripe id. */
export function getStripeId(value: unknown, field: string): string {
  if (typeof value !== 'string' || !STRIPE_ID.test(value)) throw createInvalidStripeEventError(field, 'a Stripe id')
  return value
}

/** An expandable reference (an id, or the object itself with its id) as the id; null when absent. */
export function getOptionalExpandableId(value: unknown, field: string): string | null {
  if (value === null || value === undefined) return null
  if (typeof value === 'string') return getStripeId(value, field)
  const object = getOptionalObject(value, field)
  return getStripeId(object?.id, `${field}.id`)
}

/** An expandable reference that must be there. */
export function getExpandableId(value: unknown, field: string): string {
  const id = getOptionalExpandableId(value, field)
  if (id === null) throw createInvalidStripeEventError(field, 'a Stripe id or an object with one')
  return id
}

/** A string (Stripe's states, modes, our metadata); `required: false` lets it be absent (null). */
export function getString(value: unknown, field: string, required: true): string
export function getString(value: unknown, field: string, required: false): string | null
export function getString(value: unknown, field: string, required: boolean): string | null {
  if (!required && (value === null || value === undefined)) return null
  // Bounded, and without NUL, which a text column refuses.
  if (typeof value !== 'string' || value.length > 5_000 || value.includes('\u0000')) throw createInvalidStripeEventError(field, 'a string')
  return value
}

/** A boolean, or null when absent. */
export function getOptionalBoolean(value: unknown, field: string): boolean | null {
  if (value === null || value === undefined) return null
  if (typeof value !== 'boolean') throw createInvalidStripeEventError(field, 'a boolean')
  return value
}

/** Unix seconds as epoch ms, or null when absent: an integer from 2010 to 2100. */
export function getOptionalUnixMs(value: unknown, field: string): number | null {
  if (value === null || value === undefined) return null
  if (!Number.isSafeInteger(value) || (value as number) < MIN_STRIPE_UNIX_SECONDS || (value as number) >= MAX_STRIPE_UNIX_SECONDS) {
    throw createInvalidStripeEventError(field, 'unix seconds from 2010 to 2100')
  }
  return (value as number) * 1000
}
