/**
 * A user's submit usage in a window, for billing: billable calls as their answers said (one per
 * user and signature: a redelivered record counts once), and the managed tips paid — only for
 * transactions whose tracking is final at finalized or failed, exact past 2^53 — with the tips still
 * unresolved counted apart. Other users, other kinds and calls outside the window count nothing.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import t from 'tap'
import type { SimulationRecord, TransactionTrackingRecord } from '../../accounts/contract/index.js'
import { createTransactionTrackingService } from '../../accounts/tracking/tracking-service.js'
import type { SubmitStrategyName, TrackingStatus } from '../../accounts/contract/tracking.js'
import { BILLABLE_SUBMIT_STRATEGIES } from '../../engine/landing/submit/submit-strategy.js'
import { toBase58 } from '../../lib/base58.js'
import { getDatabaseKinds } from '../helpers/database.js'
import { assertValidationError, createHistoryFixture, createRecord, createUser, DAY_MS, NOW_MS } from './history-fixtures.js'

const SINCE_MS = NOW_MS - DAY_MS
const UNTIL_MS = NOW_MS
const HUGE_TIP = 2n ** 62n

interface Submit {
  strategy: SubmitStrategyName
  status: TrackingStatus
  tip: bigint | null
  atMs?: number
}

for (const kind of getDatabaseKinds()) {
  t.test(`${kind}: submit usage`, async (t) => {
    const { db, history, clock } = await createHistoryFixture(t, kind)
    const tracking = createTransactionTrackingService({ db, now: () => clock.nowMs })
    const [userId, otherUser] = [await createUser(db), await createUser(db)]

    /** Tracks and records one submit of `owner`, as the engine and the history journal would; returns its record. */
    async function submit(owner: string, { strategy, status, tip, atMs = NOW_MS - 1_000 }: Submit): Promise<SimulationRecord> {
      const signature = toBase58(randomBytes(64))
      const bundled = tip !== null
      const tracked: TransactionTrackingRecord = {
        userId: owner,
        signature,
        kind: 'submit',
        status,
        route: bundled ? 'relay_bundle' : 'direct_rpc',
        attempts: 1,
        endpoints: [],
        wireTransaction: new Uint8Array([1, 2, 3]),
        lastValidBlockHeight: 100,
        landedSlot: null,
        transactionError: null,
        prediction: null,
        outcome: null,
        strategy,
        relayBundleId: bundled ? `bundle-${signature.slice(0, 8)}` : null,
        tipLamports: tip,
        dropReason: status === 'dropped' ? 'Invalid' : null,
        createdAtMs: atMs,
        updatedAtMs: atMs,
      }
      await tracking.trackTransaction(tracked, 0)
      const record = createRecord(owner, {
        createdAtMs: atMs,
        kind: 'submit',
        signature,
        recordId: randomUUID(),
        strategy,
        billable: BILLABLE_SUBMIT_STRATEGIES.has(strategy),
        bundleId: tracked.relayBundleId,
        tipLamports: tip === null ? null : tip.toString(),
      })
      await history.recordSimulations([record])
      return record
    }

    const landed = await submit(userId, { strategy: 'managed_tip_bundle', status: 'finalized', tip: 25_000n })
    await submit(userId, { strategy: 'staked_sender', status: 'confirmed', tip: null })
    await submit(userId, { strategy: 'managed_tip_bundle', status: 'dropped', tip: 10_000n })
    await submit(userId, { strategy: 'auto_direct', status: 'failed', tip: 7_000n })
    await submit(userId, { strategy: 'managed_tip_bundle', status: 'pending', tip: 3_000n })
    await submit(userId, { strategy: 'direct', status: 'expired', tip: null })
    await submit(userId, { strategy: 'managed_tip_bundle', status: 'finalized', tip: HUGE_TIP })
    // Outside the window: its end is excluded, its start included.
    await submit(userId, { strategy: 'managed_tip_bundle', status: 'finalized', tip: 1n, atMs: UNTIL_MS })
    await submit(userId, { strategy: 'managed_tip_bundle', status: 'finalized', tip: 1n, atMs: SINCE_MS - 1 })
    const first = await submit(userId, { strategy: 'staked_sender', status: 'finalized', tip: null, atMs: SINCE_MS })
    // Someone else's, and calls of other kinds.
    await submit(otherUser, { strategy: 'managed_tip_bundle', status: 'finalized', tip: 99n })
    await history.recordSimulations([
      createRecord(userId, { kind: 'send', signature: landed.signature, createdAtMs: NOW_MS - 10 }),
      createRecord(userId, { kind: 'execute', createdAtMs: NOW_MS - 11 }),
      // The journal delivering the first record again after a crash: stored once.
      landed,
      first,
    ])

    t.strictSame(
      await history.getSubmitUsage(userId, SINCE_MS, UNTIL_MS),
      {
        // finalized, confirmed, dropped, pending and huge managed_tip_bundle / staked_sender calls, and the first.
        billableSubmits: 6,
        managedTipLamports: 25_000n + 7_000n + HUGE_TIP,
        unsettledTips: 1,
      },
      'billable as answered; tips of landed transactions only, exact; the pending tip apart',
    )
    t.strictSame(
      await history.getSubmitUsage(otherUser, SINCE_MS, UNTIL_MS),
      { billableSubmits: 1, managedTipLamports: 99n, unsettledTips: 0 },
      'per user',
    )
    t.strictSame(
      await history.getSubmitUsage(userId, UNTIL_MS + 1, UNTIL_MS + 1),
      { billableSubmits: 0, managedTipLamports: 0n, unsettledTips: 0 },
      'an empty window is zero, not null',
    )

    // Once the pending one lands, its tip counts and nothing is left unsettled.
    clock.nowMs = NOW_MS + 1_000
    const pending = await db.query<{ signature: string }>(
      "SELECT signature FROM tracked_transactions WHERE user_id = $1 AND status = 'pending'",
      [userId],
    )
    await tracking.updateTrackedTransaction(userId, pending[0]?.signature as string, { status: 'finalized', landedSlot: 5 }, 0)
    t.match(await history.getSubmitUsage(userId, SINCE_MS, UNTIL_MS), {
      managedTipLamports: 25_000n + 7_000n + 3_000n + HUGE_TIP,
      unsettledTips: 0,
    })

    await assertValidationError(t, history.getSubmitUsage('nope', SINCE_MS, UNTIL_MS), /^userId: /, 'a malformed user id')
    await assertValidationError(t, history.getSubmitUsage(userId, UNTIL_MS, SINCE_MS), /^untilMs: /, 'an inverted window')
    await assertValidationError(t, history.getSubmitUsage(userId, Number.NaN, UNTIL_MS), /^sinceMs: /, 'NaN')
  })
}
