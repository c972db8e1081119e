/**
 * What the history tests share: a service on a fresh database with an injected clock, users,
 * records with readable defaults, a seeded generator (a failure reproduces), and the expected
 * newest-first order computed in JavaScript, independently of the SQL under test.
 */
import type { Test } from 'tap'
import type { HistoryService, SimulationHistoryItem, SimulationRecord } from '../../accounts/contract/index.js'
import type { Database } from '../../accounts/db/database.js'
import { createHistoryService } from '../../accounts/history/history-service.js'
import { isServiceError } from '../../lib/errors.js'
import { createTestDatabase, type DatabaseKind } from '../helpers/database.js'

export const DAY_MS = 86_400_000
/** 2024-03-10T15:30:00.000Z: mid-afternoon UTC, so "today" and "the last 24 h" differ. */
export const NOW_MS = Date.parse('2024-03-10T15:30:00.000Z')

export interface HistoryFixture {
  db: Database
  history: HistoryService
  clock: { nowMs: number }
}

/** A history service on a fresh migrated database of `kind`, its clock at NOW_MS until moved. */
export async function createHistoryFixture(t: Test, kind: DatabaseKind): Promise<HistoryFixture> {
  const db = await createTestDatabase(t, kind)
  const clock = { nowMs: NOW_MS }
  return { db, clock, history: createHistoryService({ db, now: () => clock.nowMs }) }
}

let userCount = 0

/** A users row (simulations.user_id references it); returns its id. */
export async function createUser(db: Database): Promise<string> {
  const [row] = await db.query<{ id: string }>("INSERT INTO users (email, password_hash, created_at) VALUES ($1, 'x', $2) RETURNING id", [
    `history-${process.pid}-${++userCount}@example.com`,
    new Date(NOW_MS - 30 * DAY_MS).toISOString(),
  ])
  if (!row) throw new Error('no user row')
  return row.id
}

/** A successful, safe record of `userId` at NOW_MS unless `fields` say otherwise. */
export function createRecord(userId: string, fields: Partial<SimulationRecord> = {}): SimulationRecord {
  return {
    userId,
    apiKeyId: null,
    createdAtMs: NOW_MS,
    success: true,
    decision: 'approve',
    riskLevel: 'safe',
    mevScore: 0.1,
    mevLevel: 'none',
    failureCode: null,
    failureReason: null,
    computeUnits: 150,
    feeEstimateSol: 0.000005,
    latencyMs: 0.25,
    signature: null,
    cached: false,
    ...fields,
  }
}

/** A deterministic generator of floats in [0, 1) (mulberry32). */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let x = state
    x = Math.imul(x ^ (x >>> 15), x | 1)
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61)
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296
  }
}

/** `count` records of `userId` one second apart, newest at `newestMs`, signed `${label}-<i>` (i = 0 newest). */
export function createSeries(userId: string, count: number, label: string, newestMs = NOW_MS): SimulationRecord[] {
  return Array.from({ length: count }, (_, i) =>
    createRecord(userId, { createdAtMs: newestMs - i * 1000, signature: `${label}-${i}`, success: i % 3 !== 0 }),
  )
}

/** The signatures of `items`, the readable identity tests compare pages by. */
export function getSignatures(items: readonly SimulationHistoryItem[]): (string | null)[] {
  return items.map((item) => item.signature)
}

/** The signatures of `records` in the service's order: created_at descending (records here never tie). */
export function getNewestFirst(records: readonly SimulationRecord[]): (string | null)[] {
  return [...records].sort((a, b) => b.createdAtMs - a.createdAtMs).map((record) => record.signature)
}

/** Asserts `work` rejects with a `validation_error` whose message matches `message`. */
export async function assertValidationError(t: Test, work: Promise<unknown>, message: RegExp, label: string): Promise<void> {
  try {
    await work
    t.fail(`${label}: resolved, expected validation_error`)
  } catch (error) {
    t.ok(isServiceError(error, 'validation_error'), `${label}: validation_error`, { error })
    t.match((error as Error).message, message, `${label}: message names the field`)
  }
}
