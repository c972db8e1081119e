/**
 * Lands a verified transaction for a user on route `direct_rpc`: sends it once through the
 * endpoints its call uses (endpoint-sets.ts; fail-over bounded by max_retries), stores its tracking record, and hands it to the
 * tracker, which rebroadcasts and follows it. The same signed transaction posted again by the same
 * user is not sent again: the first call's record answers (also while that first call is under way).
 */
import { toBase58 } from '../../../lib/base58.js'
import type { Prediction, TrackingKind } from '../../contract/transaction-tracking.js'
import { getSignature, getStaticKey, type WireTransaction } from '../../hot-path/decode/wire-transaction.js'
import { isDurableNonceTransaction } from '../../hot-path/svm/check-blockhash.js'
import type { TransactionTracker } from '../tracking/transaction-tracker.js'
import type { TrackingRecord } from '../tracking/tracking-record.js'
import type { SubmitStrategyName } from '../../contract/submit-strategies.js'
import type { EndpointSetName, EndpointSets } from './endpoint-sets.js'
import { getLastValidBlockHeight } from './last-valid-block-height.js'

export interface SubmitInput {
  tx: WireTransaction
  userId: string
  kind: TrackingKind
  /** submit's strategy (null for execute and send). */
  strategy: SubmitStrategyName | null
  /** Which endpoints it goes to. */
  endpoints: EndpointSetName
  prediction: Prediction | null
  maxRetries: number
}

export interface TransactionSubmitter {
  /** The record it is tracked by (status `expired` and 0 attempts, nothing sent, when its blockhash is known expired); throws `upstream_unavailable` when no endpoint accepted it. */
  submit(input: SubmitInput): Promise<TrackingRecord>
}

export interface TransactionSubmitterOptions {
  endpoints: EndpointSets
  tracker: TransactionTracker
  getBlockhashStatus: (blockhash: Uint8Array) => 'valid' | 'expired' | 'unknown'
  getBlockhashHeight: (blockhash: Uint8Array) => number | undefined
  getBlockHeight: () => number | undefined
}

/** Creates the submitter shared by execute and send. */
export function createTransactionSubmitter(options: TransactionSubmitterOptions): TransactionSubmitter {
  const { endpoints, tracker } = options
  /** Calls under way, by user and signature: a duplicate waits for the first instead of sending. */
  const underway = new Map<string, Promise<TrackingRecord>>()

  async function submitOnce(input: SubmitInput, signature: string): Promise<TrackingRecord> {
    const existing = await tracker.get(input.userId, signature)
    if (existing) return existing
    const { tx } = input
    const now = Date.now()
    const record: TrackingRecord = {
      userId: input.userId,
      signature,
      kind: input.kind,
      status: 'pending',
      route: 'direct_rpc',
      attempts: 0,
      endpoints: [],
      wireTransaction: tx.bytes,
      lastValidBlockHeight: getLastValidBlockHeight(tx, {
        getBlockhashHeight: options.getBlockhashHeight,
        get blockHeight() {
          return options.getBlockHeight()
        },
      }),
      landedSlot: null,
      transactionError: null,
      prediction: input.prediction,
      outcome: null,
      // Sent directly: no relay bundle, no managed tip (auto_direct's escalation adds them).
      strategy: input.strategy,
      relayBundleId: null,
      tipLamports: null,
      dropReason: null,
      createdAtMs: now,
      updatedAtMs: now,
    }
    const durable = record.lastValidBlockHeight === null && isDurableNonceTransaction(tx)
    // Known expired: it cannot land, so nothing is sent (and nothing is tracked).
    if (!durable && options.getBlockhashStatus(tx.recentBlockhash) === 'expired') return { ...record, status: 'expired' }
    const sent = await endpoints[input.endpoints].sendFirst(Buffer.from(tx.bytes).toString('base64'), input.maxRetries)
    record.attempts = sent.attempts
    record.endpoints = sent.accepted
    const payer = toBase58(getStaticKey(tx, 0))
    const tracked = await tracker.track({ record, payer, blockhash: durable ? null : toBase58(tx.recentBlockhash) })
    return tracked.record
  }

  return {
    submit(input) {
      const signature = toBase58(getSignature(input.tx, 0))
      const key = `${input.userId}\u0000${signature}`
      const running = underway.get(key)
      if (running) return running
      const submitted = submitOnce(input, signature).finally(() => underway.delete(key))
      underway.set(key, submitted)
      return submitted
    },
  }
}
