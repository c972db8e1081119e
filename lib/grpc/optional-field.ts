/**
 * Null in a service's interface (the UserService's, the engine's contract) is an unset `optional`
 * field in its gRPC messages (proto3 has no null); these two convert at that boundary.
 */

/** The field value to send for `value`: unset (undefined) for null. */
export function toOptionalField<T>(value: T | null): T | undefined {
  return value === null ? undefined : value
}

/** The interface value of a received field: null when it was unset. */
export function fromOptionalField<T>(value: T | null | undefined): T | null {
  return value === undefined || value === null ? null : value
}
