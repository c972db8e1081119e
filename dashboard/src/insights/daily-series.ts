/**
 * The statistics page's per-day series, from `GET /simulations/stats?days=CHART_DAYS`: the
 * service counts every UTC day of the window (simulations, verdicts, nearest-rank latency
 * percentiles), so the charts are whole whatever the caller's volume.
 */
import type { DailyStats } from '@preflight/sdk'

export const CHART_DAYS = 14

export interface DailySeries {
  /** `29 Nov`, for axes and tables, oldest first. */
  labels: string[]
  simulations: number[]
  approve: number[]
  warn: number[]
  block: number[]
  /** Latency percentiles of the day's simulations, ms; null on a day without one. */
  p50: (number | null)[]
  p95: (number | null)[]
  p99: (number | null)[]
}

export function formatDay(dayKey: string): string {
  return new Date(`${dayKey}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' })
}

/** The chart series of the service's days (oldest first, as it answers them). */
export function toDailySeries(days: readonly DailyStats[]): DailySeries {
  return {
    labels: days.map((day) => formatDay(day.date)),
    simulations: days.map((day) => day.simulations),
    approve: days.map((day) => day.approve),
    warn: days.map((day) => day.warn),
    block: days.map((day) => day.block),
    p50: days.map((day) => day.latency_p50_ms),
    p95: days.map((day) => day.latency_p95_ms),
    p99: days.map((day) => day.latency_p99_ms),
  }
}
