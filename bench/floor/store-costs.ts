/**
 * What a run cost the shared stores, the part of each call that does not scale out with more
 * engines or edges: PostgreSQL rows written in one schema (pg_stat_user_tables: inserted, updated,
 * deleted) and the database's committed transactions, and Redis commands, PUBLISHes (the
 * invalidation bus and the transaction pushes) and bytes in and out (INFO stats, commandstats).
 * PostgreSQL 15 reports a backend's counts when it goes idle, at most every 10 s: read after
 * `settle()`.
 */
import type { Redis } from 'ioredis'
import type { Database } from '../../accounts/db/database.js'

export interface StoreCounters {
  rowsWritten: number
  transactions: number
  redisCommands: number
  redisPublishes: number
  redisBytes: number
  /** Commands by name (commandstats' calls). */
  redisByCommand: Record<string, number>
}

/** How long PostgreSQL may keep a backend's counts before it reports them (PGSTAT_IDLE_INTERVAL). */
export const PG_STATS_SETTLE_MS = 11_000

/** The `name:value` fields of an INFO section. */
function parseInfo(text: string): Map<string, string> {
  const fields = new Map<string, string>()
  for (const line of text.split('\r\n')) {
    const colon = line.indexOf(':')
    if (colon > 0) fields.set(line.slice(0, colon), line.slice(colon + 1))
  }
  return fields
}

export async function readStoreCounters(admin: Database, schema: string, redis: Redis): Promise<StoreCounters> {
  const rows = await admin.query<{ written: string | null }>(
    'SELECT sum(n_tup_ins + n_tup_upd + n_tup_del)::text AS written FROM pg_stat_user_tables WHERE schemaname = $1',
    [schema],
  )
  const transactions = await admin.query<{ commits: string }>(
    'SELECT xact_commit::text AS commits FROM pg_stat_database WHERE datname = current_database()',
  )
  const stats = parseInfo(await redis.info('stats'))
  const commands = parseInfo(await redis.info('commandstats'))
  const redisByCommand: Record<string, number> = {}
  for (const [field, value] of commands) {
    if (field.startsWith('cmdstat_')) redisByCommand[field.slice('cmdstat_'.length)] = Number(/calls=(\d+)/.exec(value)?.[1] ?? 0)
  }
  return {
    rowsWritten: Number(rows[0]?.written ?? 0),
    transactions: Number(transactions[0]?.commits ?? 0),
    redisCommands: Number(stats.get('total_commands_processed') ?? 0),
    redisPublishes: redisByCommand.publish ?? 0,
    redisBytes: Number(stats.get('total_net_input_bytes') ?? 0) + Number(stats.get('total_net_output_bytes') ?? 0),
    redisByCommand,
  }
}

/** `after - before` per request, each figure. */
export function perRequest(before: StoreCounters, after: StoreCounters, requests: number): StoreCounters {
  const per = (key: Exclude<keyof StoreCounters, 'redisByCommand'>) => (after[key] - before[key]) / requests
  const redisByCommand: Record<string, number> = {}
  for (const [name, calls] of Object.entries(after.redisByCommand)) {
    const added = calls - (before.redisByCommand[name] ?? 0)
    if (added > 0) redisByCommand[name] = added / requests
  }
  return {
    redisByCommand,
    rowsWritten: per('rowsWritten'),
    transactions: per('transactions'),
    redisCommands: per('redisCommands'),
    redisPublishes: per('redisPublishes'),
    redisBytes: per('redisBytes'),
  }
}
