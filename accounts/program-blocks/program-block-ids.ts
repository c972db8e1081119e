/**
 * The rules of a tenant's program-block list: an array of at most 1,000 base58 addresses of
 * exactly 32 bytes. Checked by the user service whatever the transport, so an edge's JSON
 * schema and a gRPC caller meet the same limits and the same messages.
 */
import { isAddress } from '@solana/kit'
import { createServiceError } from '../../lib/errors.js'
import { MAX_PROGRAM_BLOCKS } from '../contract/program-blocks.js'

/** The field the messages name, as the REST body spells it. */
const FIELD = 'program_ids'

/** Throws `validation_error` unless `value` is an array of at most MAX_PROGRAM_BLOCKS entries. */
export function assertProgramIdList(value: unknown): asserts value is readonly unknown[] {
  if (!Array.isArray(value)) throw createServiceError('validation_error', `${FIELD}: must be an array`)
  if (value.length > MAX_PROGRAM_BLOCKS) {
    throw createServiceError('validation_error', `${FIELD}: must have at most ${MAX_PROGRAM_BLOCKS} items`)
  }
}

/** Whether `value` is a base58 address that decodes to exactly 32 bytes (kit's `isAddress`). */
export function isProgramId(value: unknown): value is string {
  return typeof value === 'string' && isAddress(value)
}

/**
 * The list to store for `value`: validated, duplicates collapsed, sorted by code point (which is
 * byte order for base58, and PostgreSQL's "C" collation, so both transports and both databases agree).
 */
export function toProgramBlockIds(value: unknown): string[] {
  assertProgramIdList(value)
  for (const [index, id] of value.entries()) {
    // The value is not echoed: over gRPC a non-string arrives already converted to text.
    if (!isProgramId(id)) throw createServiceError('validation_error', `${FIELD}[${index}]: must be a base58 address of 32 bytes`)
  }
  return [...new Set(value as readonly string[])].sort()
}
