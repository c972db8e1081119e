/**
 * How often a leader's slots carry a sandwich: the share of its slots with at least one, as
 * sandwich-finder's report measures it (`Sc_p`), seeded from that report (sandwich-report.ts)
 * and refreshed from what the stream shows (sandwich-detector.ts `getSandwichesByLeader`).
 *
 * Blending by evidence: the report counts as `w = min(report slots, maxReportSlots)` slots at its
 * rate `r`; the stream adds `n` slots of the leader, `k` of them with a sandwich:
 *
 *     rate = (r · w + k) / (w + n)
 *
 * The report's weight is capped because it is a snapshot (Aug–Sep 2025) and leaders change
 * their ways: past `maxReportSlots` (default 1,000, about a day of a large validator's slots)
 * the stream outweighs it. Bounds: the report's own while no stream slot has been seen, else
 * the Wilson interval of `rate` over `w + n` slots at the report's Z = 3.89 (p = 0.0001).
 * The stream credits a sandwich to its own slot's leader only; the report also credits the four
 * leaders before (a transaction may land a few slots after it reached a colluding leader).
 */
import type { AccountKey } from '../../hot-path/state/account-key.js'
import type { LeaderSandwichStats } from './sandwich-detector.js'
import { type SandwichReport, loadSandwichReport } from './sandwich-report.js'

export interface LeaderSandwichRate {
  /** Share of the leader's slots with a sandwich, 0 to 1. */
  readonly rate: number
  readonly source: 'report' | 'stream' | 'blend'
  /** The evidence in leader slots: the report's slots for 'report'; else its capped weight plus the streamed slots. */
  readonly slots: number
  readonly lowerBound: number
  readonly upperBound: number
}

export interface LeaderSandwichRatesOptions {
  /** The seed; default the bundled report. */
  report?: SandwichReport
  /** The stream's counts per leader (the detector's `getSandwichesByLeader`). */
  getStreamStats?: () => ReadonlyMap<AccountKey, Readonly<LeaderSandwichStats>>
  /** The most slots of evidence the report counts for (default 1,000). */
  maxReportSlots?: number
}

export interface LeaderSandwichRates {
  /** The leader's rate, undefined when neither the report nor the stream knows it. */
  getLeaderSandwichRate(leader: AccountKey): LeaderSandwichRate | undefined
  /** The report's cluster-wide rate: a prior for unknown leaders. */
  readonly clusterRate: number
}

/** Z of the report's intervals (sandwich-finder src/bin/report.rs: p-value 0.0001). */
export const REPORT_Z = 3.89059188641

/** The Wilson score interval of a share `p` over `n` trials. */
export function getWilsonInterval(p: number, n: number, z: number = REPORT_Z): { lower: number; upper: number } {
  if (n <= 0) return { lower: 0, upper: 1 }
  const z2 = z * z
  const center = (p + z2 / (2 * n)) / (1 + z2 / n)
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))
  return { lower: Math.max(0, center - half), upper: Math.min(1, center + half) }
}

/** Creates the rates (the report is read once, here). */
export function createLeaderSandwichRates(options: LeaderSandwichRatesOptions = {}): LeaderSandwichRates {
  const report = options.report ?? loadSandwichReport()
  const maxReportSlots = options.maxReportSlots ?? 1_000
  return {
    clusterRate: report.clusterRate,
    getLeaderSandwichRate(leader) {
      const seed = report.leaders.get(leader)
      const streamed = options.getStreamStats?.().get(leader)
      const n = streamed?.slots ?? 0
      if (n === 0) {
        return seed
          ? { rate: seed.rate, source: 'report', slots: seed.slots, lowerBound: seed.lowerBound, upperBound: seed.upperBound }
          : undefined
      }
      const k = streamed?.sandwichSlots ?? 0
      const w = seed ? Math.min(seed.slots, maxReportSlots) : 0
      const rate = ((seed?.rate ?? 0) * w + k) / (w + n)
      const { lower, upper } = getWilsonInterval(rate, w + n)
      return { rate, source: seed ? 'blend' : 'stream', slots: w + n, lowerBound: lower, upperBound: upper }
    },
  }
}
