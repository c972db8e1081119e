import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import t from 'tap'
import type { LatencySummary, LoadBenchResult, LoadPath, LoadRun } from '../../bench/load/load-results.js'
import { runCompare } from '../../bench/report/compare.js'
import { compareMetric, compareResults, type ComparisonRow } from '../../bench/report/compare-results.js'
import { formatChange, formatComparison } from '../../bench/report/format-comparison.js'
import { formatLoadReport } from '../../bench/load/load-report.js'
import { isLoadResultError, readLoadResult } from '../../bench/report/read-load-result.js'
import { resolveResultPath } from '../../bench/report/resolve-result-path.js'

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url))

function makeSummary(p50Ms: number, p99Ms: number, errors = 0): LatencySummary {
  return {
    count: 10_000,
    errors,
    meanMs: p50Ms,
    p50Ms,
    p90Ms: p50Ms,
    p99Ms,
    p999Ms: p99Ms,
    maxMs: p99Ms * 2,
    distribution: [
      [50, p50Ms],
      [99, p99Ms],
    ],
  }
}

function makeRun(
  path: LoadPath,
  mode: 'open' | 'saturation',
  rateOrConcurrency: number,
  p50Ms: number,
  p99Ms: number,
  achievedRatePerS: number,
): LoadRun {
  return {
    path,
    mode,
    targetRatePerS: mode === 'open' ? rateOrConcurrency : null,
    concurrency: mode === 'saturation' ? rateOrConcurrency : null,
    durationS: 10,
    achievedRatePerS,
    latency: makeSummary(p50Ms, p99Ms),
    server: { cpuPct: 100, rssMaxMb: 150 },
    ratios: { toJsonRpc: null, toFloor: null },
  }
}

function makeResult(commit: string, runs: LoadRun[], extra: Partial<LoadBenchResult> = {}): LoadBenchResult {
  return {
    benchmark: 'load',
    startedAt: '2026-11-22T10:00:00.000Z',
    durationS: 60,
    git: { commit, dirty: false },
    machine: { cpuModel: 'Test CPU', cpus: 2, memoryGb: 24, node: 'v20.19.0', platform: 'linux' },
    versions: {},
    settings: { seconds: 10 },
    mix: [],
    floor: makeSummary(0.04, 0.1),
    runs,
    maxRateUnder10MsP99: { rest: 4000 },
    cold: { injectedRpcLatencyMs: 50, latency: makeSummary(55, 80), coalescing: { concurrent: 8, rpcCalls: 1, keysFetched: 3 } },
    unavailable: [],
    ...extra,
  }
}

const A = makeResult('aaaa111', [
  makeRun('rest', 'open', 1000, 0.4, 2, 1000),
  makeRun('grpc', 'open', 1000, 0.3, 1, 1000),
  makeRun('rest', 'saturation', 64, 10, 30, 5000),
])
const B = makeResult(
  'bbbb222',
  [
    makeRun('rest', 'saturation', 64, 12, 29.5, 4000),
    makeRun('rest', 'open', 1000, 0.3, 2.02, 990),
    makeRun('json-rpc', 'open', 1000, 0.6, 3, 1000),
    makeRun('rest', 'open', 5000, 1, 8, 5000),
  ],
  { maxRateUnder10MsP99: { rest: 5000, grpc: 3000 }, floor: makeSummary(0.05, 0.1) },
)

const row = (rows: ComparisonRow[], key: string) => {
  const found = rows.find((candidate) => candidate.key === key)
  if (found === undefined) throw new Error(`no row ${key}`)
  return found
}

t.test('runs pair by path + mode + rate/concurrency, whatever their order', async (t) => {
  const rows = compareResults(A, B)
  const runs = rows.filter((candidate) => candidate.kind === 'run')
  t.same(
    runs.map((candidate) => candidate.label),
    ['rest open 1000/s', 'grpc open 1000/s', 'rest saturation c=64', 'json-rpc open 1000/s', 'rest open 5000/s'],
  )
  const restOpen = row(rows, 'rest|open|1000|-')
  t.same([restOpen.p50Ms?.a, restOpen.p50Ms?.b], [0.4, 0.3])
  const saturation = row(rows, 'rest|saturation|-|64')
  t.same([saturation.ratePerS?.a, saturation.ratePerS?.b], [5000, 4000], 'saturation paired with saturation, not by position')
  const onlyA = row(rows, 'grpc|open|1000|-')
  t.same([onlyA.p50Ms?.a, onlyA.p50Ms?.b, onlyA.p50Ms?.ratio], [0.3, null, null])
  const onlyB = row(rows, 'json-rpc|open|1000|-')
  t.same([onlyB.p99Ms?.a, onlyB.p99Ms?.b], [null, 3])
  t.same(
    rows.filter((candidate) => candidate.kind !== 'run').map((candidate) => candidate.label),
    ['floor (raw LiteSVM)', 'cold (RPC +50 ms)', 'rest max rate, p99 < 10 ms', 'grpc max rate, p99 < 10 ms'],
  )
  t.equal(row(rows, 'floor').ratePerS, undefined, 'the floor has no throughput')
})

t.test('ratios are B over A, and the hint knows which way is better', async (t) => {
  const rows = compareResults(A, B)
  const restOpen = row(rows, 'rest|open|1000|-')
  t.ok(Math.abs((restOpen.p50Ms?.ratio ?? 0) - 0.75) < 1e-12)
  t.ok(Math.abs((restOpen.ratePerS?.ratio ?? 0) - 0.99) < 1e-12)
  t.equal(formatChange(restOpen.p50Ms as NonNullable<ComparisonRow['p50Ms']>), '0.75 ↓ better', 'lower latency')
  t.equal(formatChange(restOpen.p99Ms as NonNullable<ComparisonRow['p99Ms']>), '1.01 ≈', 'within 3 %')
  const saturation = row(rows, 'rest|saturation|-|64')
  t.equal(formatChange(saturation.p50Ms as NonNullable<ComparisonRow['p50Ms']>), '1.20 ↑ worse', 'higher latency')
  t.equal(formatChange(saturation.ratePerS as NonNullable<ComparisonRow['ratePerS']>), '0.80 ↓ worse', 'lower throughput')
  t.equal(formatChange(row(rows, 'max-rate|rest').ratePerS as NonNullable<ComparisonRow['ratePerS']>), '1.25 ↑ better', 'higher max rate')
  t.same(compareMetric(0, 3, 'lower'), { a: 0, b: 3, ratio: null, better: 'lower' }, 'no ratio over zero')
  t.equal(compareMetric(0, 0, 'lower').ratio, 1)
  t.equal(compareMetric(Number.NaN, 2, 'lower').a, null, 'NaN (null in the JSON) is missing')
})

t.test('the table: every row, missing sides as "—", the floor without throughput', async (t) => {
  const text = formatComparison(compareResults(A, B))
  const line = (label: string) => text.split('\n').find((candidate) => candidate.startsWith(label)) ?? ''
  t.match(line('rest open 1000/s'), /0\.4\s+0\.3\s+0\.75 ↓ better\s+2\s+2\.02\s+1\.01 ≈\s+1,000\s+990\s+0\.99 ≈/)
  t.match(line('grpc open 1000/s'), /0\.3\s+—\s+—\s+1\s+—\s+—\s+1,000\s+—\s+—$/)
  t.match(line('json-rpc open 1000/s'), /—\s+0\.6\s+—/)
  t.match(line('floor (raw LiteSVM)'), /0\.04\s+0\.05\s+1\.25 ↑ worse\s+0\.1\s+0\.1\s+1\.00 ≈$/)
  t.match(line('grpc max rate'), /—\s+3,000\s+—$/)
  t.match(text, /p50 ms.*p99 ms.*answers\/s/)
  t.equal(line('rest open 1000/s').indexOf('0.75 ↓'), line('rest saturation c=64').indexOf('1.20 ↑'), 'columns line up')
  t.equal(line('rest open 1000/s').indexOf('0.75 ↓'), (text.split('\n')[1] ?? '').indexOf('B/A'), 'under their title')
  t.notMatch(text, /NaN|Infinity|undefined|null/)
})

t.test('runs with failed requests are listed under the table', async (t) => {
  const failing = makeResult('cccc333', [{ ...makeRun('rest', 'open', 1000, 0.3, 2, 900), latency: makeSummary(0.3, 2, 120) }])
  const text = formatComparison(compareResults(A, failing))
  t.match(text, /failed requests:\n {2}rest open 1000\/s: A 0, B 120/)
})

t.test('files: read and checked; missing, unreadable or wrong-format ones are errors with a code', async (t) => {
  const dir = t.testdir({
    '2026-11-21-aaaa111.json': JSON.stringify(A),
    '2026-11-22-bbbb222.json': JSON.stringify(B),
    '2026-11-22-bbbb222-engine-simulate.json': JSON.stringify({ benchmark: 'engine-simulate', cases: [] }),
    'broken.json': '{"benchmark": "load", ',
    'wrong-field.json': JSON.stringify({ ...A, runs: [{ ...A.runs[0], latency: { ...A.runs[0]?.latency, p99Ms: '2 ms' } }] }),
    'nan.json': JSON.stringify({ ...A, floor: { ...A.floor, p99Ms: Number.NaN } }),
  })
  t.equal(readLoadResult(join(dir, '2026-11-21-aaaa111.json')).git.commit, 'aaaa111')
  t.ok(Number.isNaN(readLoadResult(join(dir, 'nan.json')).floor.p99Ms), 'a NaN written as null reads back as NaN')
  t.throws(() => readLoadResult(join(dir, 'nope.json')), { code: 'result_missing' })
  t.throws(() => readLoadResult(join(dir, 'broken.json')), { code: 'result_unreadable', message: /not JSON/ })
  t.throws(() => readLoadResult(dir), { code: 'result_unreadable' }, 'a folder')
  t.throws(() => readLoadResult(join(dir, '2026-11-22-bbbb222-engine-simulate.json')), {
    code: 'result_wrong_format',
    message: /"engine-simulate" result/,
  })
  t.throws(() => readLoadResult(join(dir, 'wrong-field.json')), {
    code: 'result_wrong_format',
    message: /runs\[0\]\.latency\.p99Ms should be a number, is string/,
  })
  try {
    readLoadResult(join(dir, 'broken.json'))
  } catch (error) {
    t.ok(isLoadResultError(error, 'result_unreadable'))
    t.notOk(isLoadResultError(error, 'result_missing'))
  }

  t.equal(resolveResultPath('bbbb', dir), join(dir, '2026-11-22-bbbb222.json'), 'commit prefix, other benchmarks passed over')
  t.equal(resolveResultPath('2026-11-21', dir), join(dir, '2026-11-21-aaaa111.json'), 'date prefix')
  t.throws(() => resolveResultPath('2026-11', dir), {
    code: 'result_ambiguous',
    message: /2026-11-21-aaaa111\.json, 2026-11-22-bbbb222\.json/,
  })
  t.throws(() => resolveResultPath('cccc', dir), { code: 'result_missing' })
  t.throws(() => resolveResultPath('missing.json', dir), { code: 'result_missing' })
})

t.test('the CLI: 0 with the table, 2 with a clear message for a bad file', async (t) => {
  const dir = t.testdir({
    '2026-11-21-aaaa111.json': JSON.stringify(A),
    '2026-11-22-bbbb222.json': JSON.stringify(makeResult('bbbb222', B.runs, { machine: { ...B.machine, cpuModel: 'Other CPU' } })),
    'engine.json': JSON.stringify({ benchmark: 'engine-simulate' }),
  })
  const capture = () => {
    const out = { stdout: '', stderr: '' }
    return {
      out,
      io: { stdout: (text: string) => void (out.stdout += text), stderr: (text: string) => void (out.stderr += text), resultsDir: dir },
    }
  }
  const ok = capture()
  t.equal(runCompare(['aaaa', 'bbbb'], ok.io), 0)
  t.match(ok.out.stdout, /^A {2}.*2026-11-21-aaaa111\.json {2}aaaa111 /)
  t.match(ok.out.stdout, /\nB {2}.*bbbb222/)
  t.match(ok.out.stdout, /note: the two ran on different machines/)
  t.match(ok.out.stdout, /rest open 1000\/s/)
  t.equal(ok.out.stderr, '')

  for (const [args, message] of [
    [['aaaa', join(dir, 'nope.json')], /nope\.json: no such file/],
    [['aaaa', join(dir, 'engine.json')], /not a load result/],
    [['aaaa'], /usage/],
  ] as const) {
    const bad = capture()
    t.equal(runCompare(args, bad.io), 2, args.join(' '))
    t.match(bad.out.stderr, message)
    t.equal(bad.out.stdout, '')
  }

  const child = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'bench/report/compare.ts', join(dir, '2026-11-21-aaaa111.json'), join(dir, 'missing.json')],
    {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    },
  )
  t.equal(child.status, 2, 'the process exits 2')
  t.match(child.stderr, /^bench:compare: .*missing\.json: no such file/m)
})

t.test('stream and batch runs pair across results like the others; a result without them shows —', async (t) => {
  const stream = (p50Ms: number, ratePerS: number): LoadRun => ({
    ...makeRun('websocket', 'open', 0, p50Ms, p50Ms * 2, ratePerS),
    mode: 'stream',
    targetRatePerS: null,
    stream: { messages: 10_000, peakUnanswered: 10_000 },
  })
  const batch = (p50Ms: number, ratePerS: number): LoadRun => ({
    ...makeRun('batch', 'saturation', 8, p50Ms, p50Ms * 3, ratePerS),
    simulationsPerRequest: 50,
  })
  const a = makeResult('aaaa111', [stream(2000, 2500), batch(90, 80)])
  const b = makeResult('bbbb222', [stream(1500, 3000), batch(100, 70), makeRun('websocket-msgpack', 'open', 1000, 0.5, 3, 1000)])
  const rows = compareResults(a, b)
  const streamRow = rows.find((row) => row.label === 'websocket stream')
  t.equal(streamRow?.ratePerS?.ratio, 1.2, 'the stream pairs with the stream: throughput B/A')
  t.equal(rows.find((row) => row.label === 'batch saturation c=8')?.p50Ms?.b, 100)
  const msgpack = rows.find((row) => row.label === 'websocket-msgpack open 1000/s')
  t.equal(msgpack?.p50Ms?.a, null, 'a path A did not have')
  t.match(formatComparison(rows), /websocket-msgpack open 1000\/s .*—/)
})

t.test("the printed load report gives batches in simulations/s, the stream's totals and the p50 aims", async (t) => {
  const stream: LoadRun = {
    ...makeRun('websocket', 'open', 0, 2000, 4000, 2500),
    mode: 'stream',
    targetRatePerS: null,
    durationS: 4,
    stream: { messages: 10_000, peakUnanswered: 9_000 },
  }
  const batch: LoadRun = { ...makeRun('batch', 'open', 20, 12, 40, 20), simulationsPerRequest: 50 }
  const result = makeResult('aaaa111', [
    makeRun('websocket', 'open', 1000, 0.15, 2, 1000),
    makeRun('websocket', 'open', 100, 0.9, 2, 100),
    makeRun('grpc', 'open', 1000, 0.7, 3, 1000),
    batch,
    stream,
  ])
  const cold = { cold: result.cold, rpcCallsPerSimulate: 1, concurrentSucceeded: 8, firstError: null }
  const report = formatLoadReport(result, {
    diagnostics: new Map(),
    searches: new Map(),
    cold,
    warmCacheRpcCalls: 0,
    userServiceCalls: null,
    serverMeasured: true,
  })
  t.match(report, 'batch of 50, 20/s: 20.0 batches/s = 1000 simulations/s; per batch p50 12.0 / p99 40.0 ms')
  t.match(report, 'websocket stream: 10000 messages on one socket in 4 s = 2500/s, at most 9000 unanswered')
  t.match(report, /websocket +stream +10000 msg/, 'the table names the stream by its messages')
  t.match(report, 'aim: WebSocket p50 ≤ 0.2 ms — open loop p50 0.900 at 100/s, 0.150 at 1000/s ✓')
  t.match(report, 'aim: gRPC direct p50 ≤ 0.5 ms — open loop p50 0.700 at 1000/s')
  t.notMatch(report, /0\.700 at 1000\/s ✓/, 'a missed aim has no tick')
})
