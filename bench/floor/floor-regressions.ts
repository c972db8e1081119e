/**
 * `npm run bench:check`'s judgement, pure: each ratio of a quick run against the latest committed
 * floor result, within a tolerance (ratios to the bare servers and the floors measured in the
 * same run travel between machines and sessions far better than absolute figures), and every
 * target that held in the baseline must still hold.
 */
import { isHigherBetter, type TargetCheck } from './floor-targets.js'

export interface Tolerances {
  /** Latency ratios (lower is better) may grow by this fraction. */
  latency: number
  /** Throughput ratios may fall by this fraction. */
  rate: number
  /** The highest open-loop rate's ratio may fall by this fraction (the noisiest figure here). */
  openRate: number
}

/** On a shared 2-core VM, runs of one commit differ by a fifth to a third (bench/README.md). */
export const DEFAULT_TOLERANCES: Tolerances = { latency: 0.35, rate: 0.25, openRate: 0.5 }

export interface Comparison {
  name: string
  current: number | null
  baseline: number | null
  /** current / baseline − 1 (null when either is missing). */
  change: number | null
  regressed: boolean
  why: string
}

interface Figures {
  ratios: Record<string, number | null>
  targets: readonly TargetCheck[]
}

function getTolerance(name: string, tolerances: Tolerances): number {
  if (name.includes('max-rate')) return tolerances.openRate
  return isHigherBetter(name) ? tolerances.rate : tolerances.latency
}

/** Every ratio and target of `current` against `baseline` (targets alone when there is none). */
export function compareFloorResults(current: Figures, baseline: Figures | null, tolerances: Tolerances = DEFAULT_TOLERANCES): Comparison[] {
  const comparisons: Comparison[] = []
  for (const [name, value] of Object.entries(current.ratios)) {
    const before = baseline?.ratios[name] ?? null
    if (value === null || before === null || before === 0) {
      comparisons.push({ name, current: value, baseline: before, change: null, regressed: false, why: 'not compared' })
      continue
    }
    const change = Math.round((value / before - 1) * 1000) / 1000
    const tolerance = getTolerance(name, tolerances)
    const higherBetter = isHigherBetter(name)
    const regressed = higherBetter ? change < -tolerance : change > tolerance
    const direction = higherBetter ? `may fall ${tolerance * 100} %` : `may grow ${tolerance * 100} %`
    comparisons.push({
      name,
      current: value,
      baseline: before,
      change,
      regressed,
      why: regressed ? `${direction}, moved ${(change * 100).toFixed(0)} %` : 'within tolerance',
    })
  }
  for (const target of current.targets) {
    const before = baseline?.targets.find((other) => other.id === target.id)
    const regressed = !target.pass && before?.pass === true
    comparisons.push({
      name: `target ${target.id}`,
      current: target.measured,
      baseline: before?.measured ?? null,
      change: null,
      regressed,
      why: `${target.comparison} ${target.limit} ${target.unit}: ${target.pass ? 'pass' : regressed ? 'MISS (held in the baseline)' : 'miss'}`,
    })
  }
  return comparisons
}
