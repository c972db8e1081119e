/**
 * Migration 0006 on a database that already holds 0005's rows: executes and sends tracked and
 * listed before it read back whole, with no strategy, bundle, tip or drop reason; they can still be
 * patched (to dropped too, which then is never claimed); and their history items show the submit
 * fields as null. Runs on the real PostgreSQL when DATABASE_URL is set, and on the embedded one.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t, { type Test } from 'tap'
import { createDatabase, type Database } from '../../accounts/db/database.js'
import { openEmbeddedDatabase } from '../../accounts/db/embedded-database.js'
import { getMigrations, migrate } from '../../accounts/db/migrate.js'
import { createHistoryService } from '../../accounts/history/history-service.js'
import { createTransactionTrackingService } from '../../accounts/tracking/tracking-service.js'
import { toBase58 } from '../../lib/base58.js'
import { getDatabaseKinds, type DatabaseKind } from '../helpers/database.js'

const NOW_MS = Date.parse('2031-06-01T08:00:00.000Z')

/** An empty database of `kind` (nothing migrated), closed and removed when `t` ends. */
async function openEmptyDatabase(t: Test, kind: DatabaseKind): Promise<Database> {
  if (kind === 'postgres') {
    const url = process.env.DATABASE_URL as string
    const schema = `test_pre6_${randomBytes(6).toString('hex')}`
    const admin = createDatabase({ url, maxConnections: 1 })
    await admin.query(`CREATE SCHEMA ${schema}`)
    const db = createDatabase({ url, schema })
    t.teardown(async () => {
      await db.close()
      await admin.query(`DROP SCHEMA ${schema} CASCADE`)
      await admin.close()
    })
    return db
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'preflight-pglite-pre6-'))
  const socketDir = mkdtempSync(join(tmpdir(), 'preflight-db-'))
  const db = await openEmbeddedDatabase({ dataDir, socketDir })
  t.teardown(async () => {
    await db.close()
    rmSync(dataDir, { recursive: true, force: true })
    rmSync(socketDir, { recursive: true, force: true })
  })
  return db
}

for (const kind of getDatabaseKinds()) {
  t.test(`${kind}: 0006 applies over 0005's executes and sends`, async (t) => {
    const db = await openEmptyDatabase(t, kind)
    const before = getMigrations().filter((migration) => migration.version <= 5)
    t.strictSame(await migrate(db, before), [1, 2, 3, 4, 5], 'the database as 0005 left it')

    const [user] = await db.query<{ id: string }>(
      "INSERT INTO users (email, password_hash, created_at) VALUES ('pre6@example.com', 'x', $1) RETURNING id",
      [new Date(NOW_MS)],
    )
    const userId = user?.id as string
    const [executed, sent] = [toBase58(randomBytes(64)), toBase58(randomBytes(64))]
    // Written with 0005's columns only, as the code before this migration wrote them.
    for (const [signature, kindName, status] of [
      [executed, 'execute', 'confirmed'],
      [sent, 'send', 'pending'],
    ] as const) {
      await db.query(
        `INSERT INTO tracked_transactions (user_id, signature, kind, status, route, attempts, endpoints, wire_transaction,
           last_valid_block_height, landed_slot, transaction_error, prediction, outcome, created_at, updated_at, lease_until)
         VALUES ($1, $2, $3, $4, 'direct_rpc', 1, ARRAY['rpc.example.com'], '\\x010203', 100, NULL, 'null', 'null', 'null', $5, $5, NULL)`,
        [userId, signature, kindName, status, new Date(NOW_MS)],
      )
      await db.query(
        `INSERT INTO simulations (user_id, created_at, success, latency_ms, signature, kind) VALUES ($1, $2, true, 5, $3, $4)`,
        [userId, new Date(NOW_MS), signature, kindName],
      )
    }

    t.strictSame((await migrate(db))[0], 6, '0006 is the first left to apply')
    const clock = { nowMs: NOW_MS + 1_000 }
    const tracking = createTransactionTrackingService({ db, now: () => clock.nowMs })
    const history = createHistoryService({ db, now: () => clock.nowMs })

    t.strictSame(
      await tracking.getTrackedTransaction(userId, executed),
      {
        userId,
        signature: executed,
        kind: 'execute',
        status: 'confirmed',
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
      },
      'an old record reads whole, the new fields null',
    )

    // The old pending send is claimable; once dropped, it no longer is.
    t.strictSame(
      (await tracking.claimUnresolvedTransactions(1_000, 10)).map((record) => record.signature),
      [executed, sent].sort(),
      'both unresolved old records are claimable',
    )
    await tracking.updateTrackedTransaction(userId, sent, { status: 'dropped', dropReason: 'the relay reported it Invalid' }, 0)
    clock.nowMs += 10_000
    t.strictSame(
      (await tracking.claimUnresolvedTransactions(1_000, 10)).map((record) => record.signature),
      [executed],
      'dropped is final: only the confirmed one comes back once its lease ran out',
    )
    t.match(await tracking.getTrackedTransaction(userId, sent), { status: 'dropped', dropReason: 'the relay reported it Invalid' })

    const { simulations } = await history.listSimulations({ userId, limit: 10 })
    const notSubmitted = { strategy: null, billable: null, bundle_id: null, tip_lamports: null }
    t.strictSame(
      simulations.map((item) => item.transaction).sort((a, b) => String(a?.status).localeCompare(String(b?.status))),
      [
        { status: 'confirmed', route: 'direct_rpc', landed_slot: null, matched: null, ...notSubmitted },
        { status: 'dropped', route: 'direct_rpc', landed_slot: null, matched: null, ...notSubmitted },
      ],
      'old history items show the submit fields as null',
    )
  })
}
