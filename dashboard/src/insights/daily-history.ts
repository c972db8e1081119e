/**
 * Per-day figures for the statistics page's charts. `GET /simulations/stats` answers totals only
 * (today's and the last 7 days' counts, no series), so the days are counted here from history:
 * the records of the last CHART_DAYS UTC days, read page by page (at most MAX_PAGES pages of 200).
 *
 * As the statistics do, the days count simulations: simulates and executes (an execute runs one),
 * not sends or submits (docs/api.md#history-and-statistics).
 */
import type { HistoryRecord, PreflightClient } from '@preflight/sdk'

export const CHART_DAYS = 14
const PAGE_SIZE = 200
/** 1,000 records: five requests of the caller's rate limit (10 a second without a card). */
const MAX_PAGES = 5
const DAY_MS = 86_400_000

export interface DailyHistory {
  /** `YYYY-MM-DD` (UTC), oldest first. */
  dayKeys: string[]
  /** `29 Nov`, for axes and tables. */
  labels: string[]
  /** Per day; null for a day not (fully) read because the window held more than MAX_PAGES pages. */
  simulations: (number | null)[]
  approve: (number | null)[]
  warn: (number | null)[]
  block: (number | null)[]
  /** Latency percentiles of the day's simulations, ms; null without one. */
  p50: (number | null)[]
  p95: (number | null)[]
  p99: (number | null)[]
  /** Records read (every kind). */
  recordsRead: number
  /** The first day fully counted when the window was cut short; undefined when every day was read. */
  countedFrom: string | undefined
}

export function toDayKey(time: Date | number): string {
  return new Date(time).toISOString().slice(0, 10)
}

export function formatDay(dayKey: string): string {
  return new Date(`${dayKey}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' })
}

/** Nearest-rank percentile of sorted values, rounded to 0.1 ms; null for none. */
export function percentile(sorted: number[], p: number): number | null {
  if (sorted.length === 0) return null
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length))
  return Math.round((sorted[rank - 1] ?? 0) * 10) / 10
}

/** Counts `records` (any order) into the CHART_DAYS days ending with `now`'s UTC day. */
export function countByDay(records: readonly HistoryRecord[], now: Date, truncated: boolean): DailyHistory {
  const today = Date.parse(`${toDayKey(now)}T00:00:00Z`)
  const dayKeys = Array.from({ length: CHART_DAYS }, (_unused, index) => toDayKey(today - (CHART_DAYS - 1 - index) * DAY_MS))
  const position = new Map(dayKeys.map((key, index) => [key, index]))
  const zeros = () => dayKeys.map(() => 0)
  const simulations = zeros()
  const approve = zeros()
  const warn = zeros()
  const block = zeros()
  const latencies: number[][] = dayKeys.map(() => [])
  for (const record of records) {
    const index = position.get(toDayKey(Date.parse(record.created_at)))
    if (index === undefined || (record.kind !== 'simulate' && record.kind !== 'execute')) continue
    simulations[index] = (simulations[index] ?? 0) + 1
    if (record.decision) {
      const series = { approve, warn, block }[record.decision]
      series[index] = (series[index] ?? 0) + 1
    }
    latencies[index]?.push(record.latency_ms)
  }
  const sorted = latencies.map((values) => values.sort((a, b) => a - b))
  const p50 = sorted.map((values) => percentile(values, 50))
  const p95 = sorted.map((values) => percentile(values, 95))
  const p99 = sorted.map((values) => percentile(values, 99))

  // Cut short: the oldest record's day was read in part, and the days before it not at all.
  let countedFrom: string | undefined
  if (truncated && records.length > 0) {
    const oldest = Math.min(...records.map((record) => Date.parse(record.created_at)))
    const partial = position.get(toDayKey(oldest)) ?? -1
    countedFrom = dayKeys[partial + 1]
    for (const series of [simulations, approve, warn, block, p50, p95, p99]) series.fill(null, 0, partial + 1)
  }
  return {
    dayKeys,
    labels: dayKeys.map(formatDay),
    simulations,
    approve,
    warn,
    block,
    p50,
    p95,
    p99,
    recordsRead: records.length,
    countedFrom,
  }
}

/** Reads the window's history (newest first) and counts it by day. */
export async function loadDailyHistory(client: PreflightClient, signal?: AbortSignal, now = new Date()): Promise<DailyHistory> {
  const since = toDayKey(now.getTime() - (CHART_DAYS - 1) * DAY_MS)
  const records: HistoryRecord[] = []
  let cursor: string | undefined
  let pages = 0
  do {
    const page = await client.historyPage(cursor ? { since, limit: PAGE_SIZE, cursor } : { since, limit: PAGE_SIZE }, { signal })
    records.push(...page.simulations)
    cursor = page.next_cursor ?? undefined
    pages += 1
  } while (cursor && pages < MAX_PAGES)
  return countByDay(records, now, cursor !== undefined)
}
