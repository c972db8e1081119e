import t from 'tap'
import { createDatabase } from '../../accounts/db/database.js'
import { getMigrations, migrate } from '../../accounts/db/migrate.js'
import { createTestDatabase, getDatabaseKinds } from '../helpers/database.js'

for (const kind of getDatabaseKinds()) {
  t.test(`${kind}: migrations apply once and are idempotent`, async (t) => {
    const db = await createTestDatabase(t, kind)
    t.same(await migrate(db), [], 'a migrated database has nothing left to apply')
    const rows = await db.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version')
    t.same(
      rows.map((row) => row.version),
      getMigrations().map((m) => m.version),
    )
    const tables = await db.query<{ table_name: string }>(
      'SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY table_name',
    )
    t.same(
      tables.map((row) => row.table_name),
      [
        'api_key_secrets',
        'api_keys',
        'billing_customers',
        'billing_meter_reports',
        'billing_quota_notices',
        'billing_stripe_events',
        'billing_subscriptions',
        'program_blocks',
        'refresh_tokens',
        'schema_migrations',
        'simulations',
        'tracked_transactions',
        'users',
        'webhook_deliveries',
        'webhook_endpoints',
      ],
    )
  })
}

t.test(
  'postgres: two processes migrating at once apply each migration once',
  { skip: !process.env.DATABASE_URL && 'DATABASE_URL is not set' },
  async (t) => {
    const url = process.env.DATABASE_URL as string
    const schema = `test_race_${process.pid}_${Date.now()}`
    const admin = createDatabase({ url, maxConnections: 1 })
    await admin.query(`CREATE SCHEMA ${schema}`)
    const a = createDatabase({ url, schema })
    const b = createDatabase({ url, schema })
    t.teardown(async () => {
      await a.close()
      await b.close()
      await admin.query(`DROP SCHEMA ${schema} CASCADE`)
      await admin.close()
    })
    const [first, second] = await Promise.all([migrate(a), migrate(b)])
    const all = getMigrations().map((m) => m.version)
    t.same(
      [...first, ...second].sort((a, b) => a - b),
      all,
      'each version applied by exactly one of the two',
    )
    const rows = await a.query<{ n: string }>('SELECT count(*) AS n FROM schema_migrations')
    t.equal(Number(rows[0]?.n), all.length)
  },
)
