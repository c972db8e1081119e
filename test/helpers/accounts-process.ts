/**
 * The accounts process on its own, as the kill tests run it: started by the split-service helper
 * (`node --import tsx accounts/main.ts` itself, so its PID is the node process a `kill -9` hits, in
 * its own process group, killed at the test's end), with a DATABASE_URL confined to a schema of its
 * own, so a process that migrates on start leaves the shared test database's public schema alone.
 */
import { randomBytes } from 'node:crypto'
import type { Test } from 'tap'
import { createDatabase } from '../../accounts/db/database.js'

/** A DATABASE_URL whose connections use `schema` first, so the process migrates into it alone. */
export function withSchema(url: string, schema: string): string {
  const parsed = new URL(url)
  parsed.searchParams.set('options', `-c search_path=${schema}`)
  return parsed.toString()
}

/** `url` confined to a fresh schema, dropped at `t`'s end. */
export async function createIsolatedDatabaseUrl(t: Test, url: string): Promise<string> {
  const schema = `e2e_${randomBytes(6).toString('hex')}`
  const admin = createDatabase({ url, maxConnections: 1 })
  await admin.query(`CREATE SCHEMA ${schema}`)
  t.teardown(async () => {
    await admin.query(`DROP SCHEMA ${schema} CASCADE`)
    await admin.close()
  })
  return withSchema(url, schema)
}

// One way to start the accounts process for every e2e test: the split-service helper's.
export { startAccountsProcess, type SpawnedProcess as AccountsProcess } from './split-service-processes.js'
