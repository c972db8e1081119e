/**
 * The token one process of the service presents to another's internal gRPC port (an edge to the
 * accounts service, an edge to an engine): `x-internal-token` metadata, compared in constant time.
 */
import { timingSafeEqual } from 'node:crypto'
import type { Metadata } from '@grpc/grpc-js'

/** The metadata key every internal call carries its token in. */
export const INTERNAL_TOKEN_METADATA = 'x-internal-token'

/** A token shorter than this is refused at boot: it must not be guessable. */
export const MIN_INTERNAL_TOKEN_LENGTH = 32

/** Whether `metadata` carries `expected` (false when nothing is expected). */
export function hasInternalToken(metadata: Metadata, expected: Buffer | undefined): boolean {
  const presented = metadata.get(INTERNAL_TOKEN_METADATA)[0]
  if (!expected || typeof presented !== 'string') return false
  const bytes = Buffer.from(presented)
  return bytes.length === expected.length && timingSafeEqual(bytes, expected)
}
