/**
 * Issue 29's targets ("every core, close to the floor") and the ratios of every service figure
 * to its bare server's and to the floors. Pure: from the figures of a result to pass/fail.
 */
import type { DoorName } from './door-runs.js'
import type { FloorBenchResult, TargetCheck } from './floor-result.js'

export type { TargetCheck }

export const FLOOR_TARGETS = {
  /** One caller: service p50 ≤ bare p50 + this × engine p50. */
  oneCallerEngineP50s: 2,
  /** One caller: service p99 ≤ this × bare p99. */
  oneCallerBareP99s: 2,
  saturationPerS: 8_000,
  saturationP99Ms: 20,
  batchSimulationsPerS: 15_000,
  /** The highest open-loop rate with p99 under 10 ms. */
  openRatePerS: 4_000,
  gcPauseP99Ms: 5,
} as const

type Figures = Pick<FloorBenchResult, 'doors' | 'floor' | 'batch'>

const round = (value: number) => Math.round(value * 1000) / 1000
const ratio = (a: number, b: number) => (b > 0 ? round(a / b) : null)

function check(id: string, measured: number, comparison: '≤' | '≥', limit: number, unit: 'ms' | '/s'): TargetCheck {
  const rounded = round(measured)
  return { id, measured: rounded, limit: round(limit), comparison, unit, pass: comparison === '≤' ? rounded <= limit : rounded >= limit }
}

/** The targets, door by door, then the batch. */
export function checkTargets(figures: Figures): TargetCheck[] {
  const t = FLOOR_TARGETS
  const engineP50 = figures.floor.engine.p50Ms
  const checks: TargetCheck[] = []
  for (const { door, bare, service } of figures.doors) {
    checks.push(
      check(
        `${door}.one-caller.p50`,
        service.oneCaller.latency.p50Ms,
        '≤',
        bare.oneCaller.latency.p50Ms + t.oneCallerEngineP50s * engineP50,
        'ms',
      ),
    )
    checks.push(
      check(`${door}.one-caller.p99`, service.oneCaller.latency.p99Ms, '≤', t.oneCallerBareP99s * bare.oneCaller.latency.p99Ms, 'ms'),
    )
    const saturation = service.saturation
    checks.push(
      check(`${door}.saturation.rate`, saturation.latency.errors > 0 ? 0 : saturation.achievedRatePerS, '≥', t.saturationPerS, '/s'),
    )
    checks.push(check(`${door}.saturation.p99`, saturation.latency.p99Ms, '≤', t.saturationP99Ms, 'ms'))
    checks.push(check(`${door}.open.max-rate`, service.maxOpenRate.ratePerS ?? 0, '≥', t.openRatePerS, '/s'))
    // The GC target is the saturation run's (the report shows every run's pauses).
    const runs = [service.saturation, service.saturationUnique]
    const gcP99 = Math.max(0, ...runs.map((run) => run?.gc?.p99Ms ?? 0))
    checks.push(check(`${door}.gc.p99-pause`, gcP99, '≤', t.gcPauseP99Ms, 'ms'))
  }
  if (figures.batch) checks.push(check('batch.saturation.rate', figures.batch.simulationsPerS, '≥', t.batchSimulationsPerS, '/s'))
  return checks
}

/** The ratios a regression check compares: lower is better unless the name ends in `.rate`. */
export function getFloorRatios(figures: Figures): Record<string, number | null> {
  const ratios: Record<string, number | null> = {}
  const engine = figures.floor.engine.p50Ms
  const liteSvm = figures.floor.liteSvm.p50Ms
  for (const { door, bare, service } of figures.doors) {
    const key = (name: string) => `${door as DoorName}.${name}`
    ratios[key('one-caller.p50/bare')] = ratio(service.oneCaller.latency.p50Ms, bare.oneCaller.latency.p50Ms)
    ratios[key('one-caller.p99/bare')] = ratio(service.oneCaller.latency.p99Ms, bare.oneCaller.latency.p99Ms)
    ratios[key('one-caller.p50/engine')] = ratio(service.oneCaller.latency.p50Ms, engine)
    ratios[key('one-caller.p50/litesvm')] = ratio(service.oneCaller.latency.p50Ms, liteSvm)
    ratios[key('saturation.p99/bare')] = ratio(service.saturation.latency.p99Ms, bare.saturation.latency.p99Ms)
    ratios[key('saturation.rate/bare')] = ratio(service.saturation.achievedRatePerS, bare.saturation.achievedRatePerS)
    // One engine on one thread can do at most 1/p50 a second: how much of it the door delivers.
    ratios[key('saturation.rate/engine')] = ratio(service.saturation.achievedRatePerS, engine > 0 ? 1000 / engine : 0)
    ratios[key('open.max-rate/bare')] = ratio(service.maxOpenRate.ratePerS ?? 0, bare.maxOpenRate.ratePerS ?? 0)
  }
  return ratios
}

/** Whether a larger value of ratio `name` is the better one. */
export function isHigherBetter(name: string): boolean {
  return /\.(rate|max-rate)\//.test(name)
}
