/**
 * The floor benchmark's saturation sweep (bench/floor/saturation-sweep.ts): it stops at the first
 * run past the p99 limit and reports the fastest run within it, or the first when none is.
 */
import t from 'tap'
import type { FloorRun } from '../../bench/floor/floor-run.js'
import { chooseSaturation, sweepSaturation } from '../../bench/floor/saturation-sweep.js'

function run(concurrency: number, ratePerS: number, p99Ms: number, errors = 0): FloorRun {
  return {
    tool: 'test',
    mode: 'saturation',
    concurrency,
    targetRatePerS: null,
    achievedRatePerS: ratePerS,
    durationS: 1,
    latency: { count: ratePerS, errors, meanMs: 1, p50Ms: 1, p90Ms: 1, p99Ms, p999Ms: p99Ms, maxMs: p99Ms },
    firstError: null,
    gc: null,
  }
}

t.test('the sweep stops at the first run past the limit and keeps every run it made', async (t) => {
  const figures = new Map([
    [16, run(16, 6_000, 9)],
    [32, run(32, 7_500, 15)],
    [64, run(64, 7_900, 24)],
    [128, run(128, 8_100, 30)],
  ])
  const asked: number[] = []
  const sweep = await sweepSaturation([16, 32, 64, 128], 20, async (concurrency) => {
    asked.push(concurrency)
    return figures.get(concurrency) as FloorRun
  })
  t.strictSame(asked, [16, 32, 64], '128 never runs once 64 is past the limit')
  t.equal(sweep.runs.length, 3)
  t.equal(sweep.chosen.concurrency, 32, 'the fastest within 20 ms, not the faster run past it')
})

t.test('a run with errors does not count; with none within the limit the first is reported', (t) => {
  t.equal(chooseSaturation([run(16, 6_000, 9), run(32, 9_000, 12, 3)], 20).concurrency, 16, 'errors disqualify')
  t.equal(chooseSaturation([run(16, 6_000, 25), run(32, 9_000, 40)], 20).concurrency, 16, 'none within: the first, which fails its check')
  t.throws(() => chooseSaturation([], 20))
  t.end()
})
