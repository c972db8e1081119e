/**
 * The highest open-loop rate a path holds with p99 under 10 ms and no errors: from the start rate,
 * double until a rate misses (or halve until one holds), then bisect between the last rate held
 * and the first one missed. Each step is a short open-loop run.
 */
import type { LoadRun } from './load-results.js'

export const P99_LIMIT_MS = 10

export interface RateStep {
  ratePerS: number
  held: boolean
  run: LoadRun
}

export interface MaxRateSearch {
  /** null when not even the lowest rate tried held. */
  maxRatePerS: number | null
  /** The run that held at maxRatePerS. */
  heldRun: LoadRun | undefined
  steps: RateStep[]
}

export interface MaxRateSearchOptions {
  startRate: number
  maxRate: number
  bisectSteps: number
  /** The lowest rate the downward search tries (default 10/s): below it a path holds nothing worth knowing. */
  minRate?: number
  /** Runs already measured at some rates (the fixed-rate runs): used instead of a new step. */
  known: ReadonlyMap<number, LoadRun>
  runStep(ratePerS: number): Promise<LoadRun>
}

/** Whether a run held: p99 under the limit and every request answered well. */
export function isHeld(run: LoadRun): boolean {
  return run.latency.p99Ms < P99_LIMIT_MS && run.latency.errors === 0
}

/** Rounds a bisected rate: to 50/s from 1,000/s up, to 10/s below. */
function roundRate(rate: number): number {
  const unit = rate >= 1_000 ? 50 : 10
  return Math.max(unit, Math.round(rate / unit) * unit)
}

/** Searches; `options.runStep` is called once per rate not already known. */
export async function searchMaxRate(options: MaxRateSearchOptions): Promise<MaxRateSearch> {
  const steps: RateStep[] = []
  let good: RateStep | undefined
  let bad: number | undefined
  const tryRate = async (ratePerS: number): Promise<boolean> => {
    const run = options.known.get(ratePerS) ?? (await options.runStep(ratePerS))
    const step = { ratePerS, held: isHeld(run), run }
    steps.push(step)
    if (step.held) good = step
    else bad = ratePerS
    return step.held
  }

  if (await tryRate(options.startRate)) {
    for (let rate = options.startRate * 2; rate <= options.maxRate; rate *= 2) if (!(await tryRate(rate))) break
  } else {
    const minRate = options.minRate ?? 10
    for (let rate = roundRate(options.startRate / 2); rate >= minRate; rate = roundRate(rate / 2)) {
      if (await tryRate(rate)) break
      if (rate === 10) break
    }
  }
  for (let i = 0; i < options.bisectSteps && good && bad !== undefined; i++) {
    const mid = roundRate((good.ratePerS + bad) / 2)
    if (mid <= good.ratePerS || mid >= bad) break
    await tryRate(mid)
  }
  return { maxRatePerS: good?.ratePerS ?? null, heldRun: good?.run, steps }
}
