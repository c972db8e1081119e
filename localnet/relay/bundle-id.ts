/** A bundle's id as Jito's block engine derives it (jito-solana's `derive_bundle_id`). */
import { createHash } from 'node:crypto'

/** Hex SHA-256 of the transactions' first signatures, base58, joined with ",". */
export function toBundleId(signatures: readonly string[]): string {
  return createHash('sha256').update(signatures.join(',')).digest('hex')
}
