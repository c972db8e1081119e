/**
 * Executes, sends and submits in history: each item says its kind, and an execute's, a send's or a
 * submit's item shows its transaction from the tracking record of the same user and signature
 * (status, route, landed slot, the outcome's matched), null when there is none — a blocked execute
 * sent nothing — or when the item is a simulate; a submit's adds what its answer said (strategy,
 * billable, bundle id, managed tip). A send or a submit simulated nothing: statistics, service
 * totals and the quota's counts leave them out, while an execute counts as the simulation it ran.
 */
import { randomBytes } from 'node:crypto'
import t from 'tap'
import type { SimulationHistoryItem, SimulationRecord, TransactionTrackingRecord } from '../../accounts/contract/index.js'
import { createTransactionTrackingService } from '../../accounts/tracking/tracking-service.js'
import { toBase58 } from '../../lib/base58.js'
import { getDatabaseKinds } from '../helpers/database.js'
import { assertValidationError, createHistoryFixture, createRecord, createUser, NOW_MS } from './history-fixtures.js'

const createSignature = () => toBase58(randomBytes(64))

function createTracking(userId: string, signature: string, fields: Partial<TransactionTrackingRecord>): TransactionTrackingRecord {
  return {
    userId,
    signature,
    kind: 'execute',
    status: 'pending',
    route: 'direct_rpc',
    attempts: 1,
    endpoints: ['rpc.example.com'],
    wireTransaction: new Uint8Array([1, 2, 3]),
    lastValidBlockHeight: 100,
    landedSlot: null,
    transactionError: null,
    prediction: null,
    outcome: null,
    strategy: null,
    relayBundleId: null,
    tipLamports: null,
    dropReason: null,
    createdAtMs: NOW_MS,
    updatedAtMs: NOW_MS,
    ...fields,
  }
}

/** The summary fields only a submit fills. */
const NOT_SUBMITTED = { strategy: null, billable: null, bundle_id: null, tip_lamports: null }

for (const kind of getDatabaseKinds()) {
  t.test(`${kind}: executes and sends in history`, async (t) => {
    const { db, history, clock } = await createHistoryFixture(t, kind)
    const tracking = createTransactionTrackingService({ db, now: () => clock.nowMs })

    t.test('each item has its kind and, for an execute or a send, its transaction', async (t) => {
      const userId = await createUser(db)
      const otherUser = await createUser(db)
      const [landed, sent, blocked, foreign, simulated, failed] = Array.from({ length: 6 }, () => createSignature()) as [
        string,
        string,
        string,
        string,
        string,
        string,
      ]
      await tracking.trackTransaction(
        createTracking(userId, landed, {
          status: 'confirmed',
          landedSlot: 77,
          outcome: { landed_slot: 77, matched: true, differences: [] },
        }),
        0,
      )
      await tracking.trackTransaction(createTracking(userId, sent, { kind: 'send', route: 'relay_bundle' }), 0)
      // Tracked for another user only: not this user's transaction.
      await tracking.trackTransaction(createTracking(otherUser, foreign, { status: 'finalized' }), 0)
      // Tracked, but history's item is a simulate of the same transaction: a simulate shows no tracking.
      await tracking.trackTransaction(createTracking(userId, simulated, { status: 'finalized' }), 0)
      await tracking.trackTransaction(
        createTracking(userId, failed, {
          status: 'failed',
          landedSlot: 0,
          transactionError: { InstructionError: [0, { Custom: 1 }] },
          outcome: { landed_slot: 0, matched: false, differences: [] },
        }),
        0,
      )
      await history.recordSimulations([
        createRecord(userId, { createdAtMs: NOW_MS - 1, kind: 'execute', signature: landed }),
        createRecord(userId, { createdAtMs: NOW_MS - 2, kind: 'send', signature: sent }),
        createRecord(userId, { createdAtMs: NOW_MS - 3, kind: 'execute', signature: blocked, success: true, decision: 'block' }),
        createRecord(userId, { createdAtMs: NOW_MS - 4, kind: 'execute', signature: foreign }),
        createRecord(userId, { createdAtMs: NOW_MS - 5, signature: simulated }),
        createRecord(userId, { createdAtMs: NOW_MS - 6, kind: 'execute', signature: failed }),
        createRecord(userId, { createdAtMs: NOW_MS - 7, kind: 'send', signature: null }),
      ])
      const { simulations } = await history.listSimulations({ userId, limit: 10 })
      const shown = (item: SimulationHistoryItem) => ({ signature: item.signature, kind: item.kind, transaction: item.transaction })
      t.strictSame(simulations.map(shown), [
        {
          signature: landed,
          kind: 'execute',
          transaction: { status: 'confirmed', route: 'direct_rpc', landed_slot: 77, matched: true, ...NOT_SUBMITTED },
        },
        {
          signature: sent,
          kind: 'send',
          transaction: { status: 'pending', route: 'relay_bundle', landed_slot: null, matched: null, ...NOT_SUBMITTED },
        },
        { signature: blocked, kind: 'execute', transaction: null },
        { signature: foreign, kind: 'execute', transaction: null },
        { signature: simulated, kind: 'simulate', transaction: null },
        {
          signature: failed,
          kind: 'execute',
          transaction: { status: 'failed', route: 'direct_rpc', landed_slot: 0, matched: false, ...NOT_SUBMITTED },
        },
        { signature: null, kind: 'send', transaction: null },
      ])

      // The join follows the tracking as it moves on.
      clock.nowMs = NOW_MS + 1_000
      await tracking.updateTrackedTransaction(userId, sent, { status: 'finalized', landedSlot: 90 }, 0)
      const [, send] = (await history.listSimulations({ userId, limit: 2 })).simulations
      t.strictSame(
        send?.transaction,
        { status: 'finalized', route: 'relay_bundle', landed_slot: 90, matched: null, ...NOT_SUBMITTED },
        'read at list time',
      )

      // Filters and paging still apply to history's own rows.
      const page = await history.listSimulations({ userId, limit: 2, offset: 1 })
      t.strictSame(
        page.simulations.map((item) => item.signature),
        [sent, blocked],
      )
      t.type(page.next_cursor, 'string')
      const next = await history.listSimulations({ userId, limit: 10, cursor: page.next_cursor as string })
      t.strictSame(
        next.simulations.map((item) => item.signature),
        [foreign, simulated, failed, null],
        'the cursor continues after the page',
      )
    })

    t.test("a submit is listed with its tracking and its answer's strategy, billing, bundle and tip", async (t) => {
      const userId = await createUser(db)
      const [bundled, staked, dropped] = [createSignature(), createSignature(), createSignature()]
      // Past 2^53: exact through the history row's bigint as through tracking's.
      const bigTip = (2n ** 63n - 1n).toString()
      const submitted = { kind: 'submit', prediction: null, route: 'relay_bundle', strategy: 'managed_tip_bundle' } as const
      await tracking.trackTransaction(
        createTracking(userId, bundled, {
          ...submitted,
          status: 'confirmed',
          landedSlot: 81,
          relayBundleId: 'bundle-1',
          tipLamports: 25_000n,
        }),
        0,
      )
      await tracking.trackTransaction(createTracking(userId, staked, { kind: 'submit', strategy: 'staked_sender' }), 0)
      await tracking.trackTransaction(
        createTracking(userId, dropped, {
          ...submitted,
          status: 'dropped',
          dropReason: 'Invalid',
          relayBundleId: 'bundle-2',
          tipLamports: 0n,
        }),
        0,
      )
      await history.recordSimulations([
        createRecord(userId, {
          createdAtMs: NOW_MS - 1,
          kind: 'submit',
          signature: bundled,
          strategy: 'managed_tip_bundle',
          billable: true,
          bundleId: 'bundle-1',
          tipLamports: '25000',
        }),
        createRecord(userId, { createdAtMs: NOW_MS - 2, kind: 'submit', signature: staked, strategy: 'staked_sender', billable: true }),
        createRecord(userId, {
          createdAtMs: NOW_MS - 3,
          kind: 'submit',
          signature: dropped,
          success: false,
          strategy: 'auto_direct',
          billable: false,
          bundleId: 'bundle-2',
          tipLamports: bigTip,
        }),
      ])
      const { simulations } = await history.listSimulations({ userId, limit: 10 })
      t.strictSame(
        simulations.map((item) => ({ signature: item.signature, kind: item.kind, transaction: item.transaction })),
        [
          {
            signature: bundled,
            kind: 'submit',
            transaction: {
              status: 'confirmed',
              route: 'relay_bundle',
              landed_slot: 81,
              matched: null,
              strategy: 'managed_tip_bundle',
              billable: true,
              bundle_id: 'bundle-1',
              tip_lamports: '25000',
            },
          },
          {
            signature: staked,
            kind: 'submit',
            transaction: {
              status: 'pending',
              route: 'direct_rpc',
              landed_slot: null,
              matched: null,
              strategy: 'staked_sender',
              billable: true,
              bundle_id: null,
              tip_lamports: null,
            },
          },
          {
            signature: dropped,
            kind: 'submit',
            transaction: {
              status: 'dropped',
              route: 'relay_bundle',
              landed_slot: null,
              matched: null,
              strategy: 'auto_direct',
              billable: false,
              bundle_id: 'bundle-2',
              tip_lamports: bigTip,
            },
          },
        ],
        'status from tracking (dropped included), the rest as the answer said it',
      )
    })

    t.test("a submit's fields are checked, and only a submit has them", async (t) => {
      const userId = await createUser(db)
      const submit = { kind: 'submit', strategy: 'direct', billable: false } as const
      const invalid: [string, Partial<SimulationRecord> | Record<string, unknown>, RegExp][] = [
        ['no strategy', { ...submit, strategy: undefined }, /^records\[0\]\.strategy: /],
        ['an unknown strategy', { ...submit, strategy: 'carrier_pigeon' }, /^records\[0\]\.strategy: /],
        ['no billable', { ...submit, billable: undefined }, /^records\[0\]\.billable: /],
        ['an empty bundle id', { ...submit, bundleId: '' }, /^records\[0\]\.bundleId: /],
        ['a tip as a number', { ...submit, tipLamports: 5_000 }, /^records\[0\]\.tipLamports: /],
        ['a negative tip', { ...submit, tipLamports: '-1' }, /^records\[0\]\.tipLamports: /],
        ['a tip past the bigint column', { ...submit, tipLamports: (2n ** 63n).toString() }, /^records\[0\]\.tipLamports: /],
        ['a strategy on a send', { kind: 'send', strategy: 'direct' }, /^records\[0\]\.strategy: only a submit/],
        ['billable on a simulate', { billable: true }, /^records\[0\]\.billable: only a submit/],
      ]
      for (const [label, fields, message] of invalid) {
        await assertValidationError(
          t,
          history.recordSimulations([createRecord(userId, fields as Partial<SimulationRecord>)]),
          message,
          label,
        )
      }
      t.strictSame((await history.listSimulations({ userId, limit: 10 })).simulations, [], 'nothing stored')
    })

    t.test('a kind outside simulate, execute, send and submit is refused', async (t) => {
      const userId = await createUser(db)
      await assertValidationError(
        t,
        history.recordSimulations([createRecord(userId, { kind: 'bundle' as 'send' })]),
        /^records\[0\]\.kind: /,
        'unknown kind',
      )
      t.strictSame((await history.listSimulations({ userId, limit: 10 })).simulations, [], 'nothing stored')
    })
  })

  t.test(`${kind}: a send or a submit is no simulation in statistics, totals and the quota`, async (t) => {
    const { db, history } = await createHistoryFixture(t, kind)
    const userId = await createUser(db)
    const sender = await createUser(db)
    await history.recordSimulations([
      createRecord(userId, { latencyMs: 1, success: true, mevLevel: 'none', riskLevel: 'safe' }),
      createRecord(userId, { latencyMs: 3, success: false, failureCode: 'slippage', kind: 'execute', mevLevel: 'high', riskLevel: 'high' }),
      // Sends: their latency, failure and levels must show nowhere.
      createRecord(userId, { latencyMs: 500, success: false, failureCode: 'send_only', kind: 'send', mevLevel: 'low', riskLevel: 'low' }),
      createRecord(sender, { latencyMs: 700, kind: 'send' }),
      // Submits likewise, billed or not.
      createRecord(userId, {
        latencyMs: 900,
        success: false,
        kind: 'submit',
        strategy: 'managed_tip_bundle',
        billable: true,
        riskLevel: 'low',
      }),
      createRecord(sender, { latencyMs: 800, kind: 'submit', strategy: 'direct', billable: false, tipLamports: '5000' }),
    ])
    t.match(
      await history.getUserStats(userId),
      {
        total_simulations: 2,
        success_count: 1,
        fail_count: 1,
        success_rate: 0.5,
        avg_latency_ms: 2,
        mev_distribution: { none: 1, high: 1 },
        top_failure_reasons: [{ code: 'slippage', count: 1 }],
        risk_distribution: [
          { level: 'safe', count: 1 },
          { level: 'high', count: 1 },
        ],
        simulations_today: 2,
        simulations_7d: 2,
      },
      'the simulate and the execute count, the send and the submit do not',
    )
    t.strictSame(Object.keys((await history.getUserStats(userId)).mev_distribution).sort(), ['high', 'none'])
    t.match(
      await history.getUserStats(sender),
      { total_simulations: 0, simulations_today: 0 },
      'a user who only sent and submitted has run none',
    )

    const totals = await history.getServiceTotals()
    t.match(totals, { total_simulations: 2, simulations_24h: 2, success_rate_24h: 0.5, latency_p50_ms: 2 }, 'service totals likewise')
    t.ok(totals.latency_p99_ms < 3.01, 'no send latency in the percentiles', { totals })

    const counts = await history.getSimulationCountsSince(NOW_MS - 1)
    t.strictSame(
      counts.filter((count) => [userId, sender].includes(count.userId)),
      [{ userId, simulations: 2 }],
      'the quota counts the execute, not the send or the submit; a user who only sent and submitted is absent',
    )
  })
}
