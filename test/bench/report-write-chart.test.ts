import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import type { LatencySummary, LoadBenchResult } from '../../bench/load/load-results.js'
import { writeLatencyChart } from '../../bench/report/write-chart.js'

const summary = (p50Ms: number): LatencySummary => ({
  count: 1000,
  errors: 0,
  meanMs: p50Ms,
  p50Ms,
  p90Ms: p50Ms * 2,
  p99Ms: p50Ms * 4,
  p999Ms: p50Ms * 8,
  maxMs: p50Ms * 10,
  distribution: [
    [0, p50Ms / 2],
    [50, p50Ms],
    [90, p50Ms * 2],
    [99, p50Ms * 4],
    [99.9, p50Ms * 8],
    [100, p50Ms * 10],
  ],
})

const RESULT: LoadBenchResult = {
  benchmark: 'load',
  startedAt: '2026-11-22T10:00:00.000Z',
  durationS: 60,
  git: { commit: 'bbbb2224', dirty: false },
  machine: { cpuModel: 'Test CPU', cpus: 2, memoryGb: 24, node: 'v20.19.0', platform: 'linux' },
  versions: {},
  settings: {},
  mix: [],
  floor: summary(0.04),
  runs: [
    {
      path: 'rest',
      mode: 'open',
      targetRatePerS: 1000,
      concurrency: null,
      durationS: 10,
      achievedRatePerS: 1000,
      latency: summary(0.4),
      server: { cpuPct: 60, rssMaxMb: 150 },
      ratios: { toJsonRpc: null, toFloor: 10 },
    },
  ],
  maxRateUnder10MsP99: { rest: 4000 },
  cold: { injectedRpcLatencyMs: 50, latency: summary(55), coalescing: { concurrent: 8, rpcCalls: 1, keysFetched: 3 } },
  unavailable: [],
}

t.test('writeLatencyChart writes <name>.svg beside the JSON and returns its path', async (t) => {
  const dir = t.testdir({ '2026-11-22-bbbb222.json': JSON.stringify(RESULT) })
  const svgPath = writeLatencyChart(join(dir, '2026-11-22-bbbb222.json'))
  t.equal(svgPath, join(dir, '2026-11-22-bbbb222.svg'))
  const svg = readFileSync(svgPath, 'utf8')
  t.match(svg, /^<svg[^]*>rest open 1000\/s<[^]*<\/svg>\n$/)
  t.equal(svg.split('<polyline').length - 1, 3, 'the run, the floor and the cold run')
})

t.test('a file that is not a load result is refused, and no SVG is written', async (t) => {
  const dir = t.testdir({})
  writeFileSync(join(dir, 'bad.json'), '[]')
  t.throws(() => writeLatencyChart(join(dir, 'bad.json')), { code: 'result_wrong_format' })
  t.throws(() => readFileSync(join(dir, 'bad.svg')), { code: 'ENOENT' })
  t.throws(() => writeLatencyChart(join(dir, 'absent.json')), { code: 'result_missing' })
})
