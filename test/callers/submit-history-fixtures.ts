/**
 * What the history tests of submits build: a signed wire transaction (only its first signature is
 * read) and a managed-tip bundle's submit answer.
 */
import { randomBytes } from 'node:crypto'
import type { SubmitResponse } from '../../engine/contract/submit-response.js'
import { toBase58 } from '../../lib/base58.js'

/** A wire transaction with one random (so non-zero) signature and a few message bytes: all history reads of it. */
export function createSignedBytes(): { bytes: Uint8Array; signature: string } {
  const signature = new Uint8Array(randomBytes(64))
  return { bytes: new Uint8Array([1, ...signature, 1, 0, 0, 1, 7, 7, 7]), signature: toBase58(signature) }
}

/** The answer of a submit sent as a managed-tip bundle `bundleId`, billed, 15,000 lamports of tip. */
export function createSubmitAnswer(signature: string, bundleId: string): SubmitResponse {
  return {
    signature,
    strategy: 'managed_tip_bundle',
    route: 'relay_bundle',
    bundle_id: bundleId,
    tip_lamports: 15_000,
    bundle_lint: [],
    confirmation: 'pending',
    attempts: 1,
    slot: null,
    transaction_error: null,
    latency_ms: 12,
    billable: true,
  }
}
