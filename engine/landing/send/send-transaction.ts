/**
 * `send` (docs/api.md#send): a signed transaction, every signature verified, landed through the
 * endpoints with fail-over and rebroadcast, tracked until final. With `wait_confirmation` the
 * answer waits up to 30 s for `confirmed` (or failed / expired); otherwise it says `pending`.
 * `use_relay` lands it as a bundle instead (bundle-sender.ts).
 */
import { elapsedMs } from '../../../lib/elapsed-ms.js'
import { createServiceError } from '../../../lib/errors.js'
import { SEND_LIMITS, type SendOptions, type SendResponse } from '../../contract/send-response.js'
import { assertSignedTransaction } from '../../hot-path/decode/verify-signatures.js'
import { decodeWireTransaction } from '../../hot-path/decode/wire-transaction.js'
import type { TransactionTracker } from '../tracking/transaction-tracker.js'
import type { TrackingRecord } from '../tracking/tracking-record.js'
import type { TransactionSubmitter } from './transaction-submitter.js'
import type { BundleSender } from '../bundle/bundle-sender.js'

/** The tenant of a trusted call that names none (tests, a private network). */
export const ANONYMOUS_TENANT = '00000000-0000-0000-0000-000000000000'

/** Checks send's options as every transport must (the REST schema checks them first there). */
export function parseMaxRetries(value: number | undefined): number {
  if (value === undefined) return SEND_LIMITS.defaultMaxRetries
  if (!Number.isInteger(value) || value < 0 || value > SEND_LIMITS.maxRetries) {
    throw createServiceError('validation_error', `max_retries: must be an integer from 0 to ${SEND_LIMITS.maxRetries}`)
  }
  return value
}

/** The send fields of a record, with the confirmation it had reached. */
export function toSendFields(record: TrackingRecord) {
  return {
    signature: record.signature,
    route: record.route,
    confirmation: record.status,
    attempts: record.attempts,
    slot: record.landedSlot,
    transaction_error: record.transactionError,
  }
}

/** Waits for the record to settle when asked (up to 30 s), else answers it as it stands. */
export async function settle(tracker: TransactionTracker, record: TrackingRecord, wait: boolean | undefined): Promise<TrackingRecord> {
  if (!wait) return record
  return (await tracker.waitSettled(record.userId, record.signature, SEND_LIMITS.confirmationWaitMs)) ?? record
}

/** Sends one wire transaction for a tenant. */
export async function sendTransaction(
  deps: { submitter: TransactionSubmitter; bundles: BundleSender; tracker: TransactionTracker },
  bytes: Uint8Array,
  options: SendOptions,
): Promise<SendResponse> {
  const startedAt = performance.now()
  const maxRetries = parseMaxRetries(options.maxRetries)
  const tx = decodeWireTransaction(bytes)
  assertSignedTransaction(tx)
  const userId = options.tenantId ?? ANONYMOUS_TENANT
  // use_relay: a bundle (its own tip, else a managed one), linted first; not simulated beyond the lint's run.
  const record = options.useRelay
    ? (
        await deps.bundles.send({
          tx,
          userId,
          cardOnFile: options.cardOnFile ?? false,
          kind: 'send',
          strategy: null,
          prediction: null,
          tipMode: 'own_or_managed',
        })
      ).record
    : await deps.submitter.submit({ tx, userId, kind: 'send', strategy: null, endpoints: 'all', prediction: null, maxRetries })
  const settled = await settle(deps.tracker, record, options.waitConfirmation)
  return { ...toSendFields(settled), latency_ms: elapsedMs(startedAt) }
}
