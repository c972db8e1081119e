/**
 * Webhook events caused by tracking status changes: transaction.landed on the first move to
 * confirmed or finalized (with the prediction and the outcome), transaction.failed and
 * transaction.expired on the move to them, queued in the statement that makes the change; a patch
 * that keeps the status, or a later finalized, queues nothing more.
 */
import t from 'tap'
import { randomBytes, randomUUID } from 'node:crypto'
import type { TransactionTrackingRecord } from '../../accounts/contract/index.js'
import { toBase58 } from '../../lib/base58.js'
import { createTestUserService } from '../helpers/user-service.js'

function createRecord(userId: string, nowMs: number): TransactionTrackingRecord {
  return {
    userId,
    signature: toBase58(randomBytes(64)),
    kind: 'execute',
    status: 'pending',
    route: 'direct_rpc',
    attempts: 1,
    endpoints: ['rpc.example.com'],
    wireTransaction: new Uint8Array(randomBytes(200)),
    lastValidBlockHeight: 1_000,
    landedSlot: null,
    transactionError: null,
    prediction: { success: true, compute_units: 450 },
    outcome: null,
    strategy: null,
    relayBundleId: null,
    tipLamports: null,
    dropReason: null,
    createdAtMs: nowMs,
    updatedAtMs: nowMs,
  }
}

t.test('tracking status changes queue their webhook events once', async (t) => {
  const users = await createTestUserService(t, { webhookUrlPolicy: { allowPrivateUrls: true } })
  const { userService, db, clock } = users
  const email = `tracking-${randomUUID()}@example.com`
  await userService.register({ email, password: 'correct horse battery staple' })
  const [user] = await db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email])
  const userId = user?.id ?? ''
  const endpoint = await userService.createWebhookEndpoint(userId, {
    url: 'http://127.0.0.1:9/hook',
    events: ['transaction.landed', 'transaction.failed', 'transaction.expired'],
  })

  const landed = createRecord(userId, clock.nowMs)
  const failed = createRecord(userId, clock.nowMs)
  const expired = createRecord(userId, clock.nowMs)
  for (const record of [landed, failed, expired]) await userService.trackTransaction(record, 30_000)

  await userService.updateTrackedTransaction(userId, landed.signature, { status: 'processed', landedSlot: 77 }, 30_000)
  await userService.updateTrackedTransaction(
    userId,
    landed.signature,
    { status: 'confirmed', outcome: { success: true, compute_units: 440 } },
    30_000,
  )
  await userService.updateTrackedTransaction(userId, landed.signature, { attempts: 2 }, 30_000)
  await userService.updateTrackedTransaction(userId, landed.signature, { status: 'finalized' }, 0)
  await userService.updateTrackedTransaction(
    userId,
    failed.signature,
    { status: 'failed', transactionError: { InstructionError: [0, 'Custom'] } },
    0,
  )
  await userService.updateTrackedTransaction(userId, expired.signature, { status: 'expired' }, 0)
  await userService.updateTrackedTransaction(userId, expired.signature, { status: 'expired' }, 0)

  const deliveries = await userService.listWebhookDeliveries(userId, endpoint.id)
  t.strictSame(
    deliveries.map((d) => d.event_type).sort(),
    ['transaction.expired', 'transaction.failed', 'transaction.landed'],
    'one event per change: none for processed, for a patch keeping the status, for finalized after confirmed, or a repeated expired',
  )
  const rows = await db.query<{ event_type: string; payload: { id: string; data: Record<string, unknown> } }>(
    'SELECT event_type, payload FROM webhook_deliveries WHERE endpoint_id = $1',
    [endpoint.id],
  )
  const byType = Object.fromEntries(rows.map((row) => [row.event_type, row.payload]))
  t.match(
    byType['transaction.landed']?.data,
    { signature: landed.signature, status: 'confirmed', landed_slot: 77, prediction: { success: true }, outcome: { compute_units: 440 } },
    'landed carries the prediction and the outcome',
  )
  t.match(byType['transaction.failed']?.data, { signature: failed.signature, transaction_error: { InstructionError: [0, 'Custom'] } })
  t.match(byType['transaction.expired']?.data, { signature: expired.signature, status: 'expired' })
  t.equal(new Set(rows.map((row) => row.payload.id)).size, 3, 'each event has its own id')
})
