import t from 'tap'
import type { LatencySummary, LoadBenchResult, LoadPath, LoadRun } from '../../bench/load/load-results.js'
import {
  createLinearScale,
  getLatencyAxis,
  getPercentileAxis,
  toAxisLog,
  toAxisX,
  toHdrPercentileX,
} from '../../bench/report/chart-scales.js'
import { getChartSeries } from '../../bench/report/chart-series.js'
import { renderLatencyChart } from '../../bench/report/latency-chart.js'

/** HDR-like points: percentiles halving the remainder each step (50, 75, 87.5, …) up to 99.999, then max. */
function makeSummary(p50Ms: number, tailExponent: number): LatencySummary {
  const distribution: Array<[number, number]> = [[0, p50Ms * 0.55]]
  const latencyAt = (percentile: number) =>
    percentile <= 50 ? p50Ms * (0.55 + 0.9 * (percentile / 100)) : p50Ms * (1 / (1 - percentile / 100) / 2) ** tailExponent
  for (const percentile of [10, 25, 40]) distribution.push([percentile, latencyAt(percentile)])
  for (let remainder = 50; remainder > 0.001; remainder /= 2) distribution.push([100 - remainder, latencyAt(100 - remainder)])
  const maxMs = latencyAt(99.9995) * 1.3
  distribution.push([100, maxMs])
  return {
    count: 100_000,
    errors: 0,
    meanMs: p50Ms * 1.1,
    p50Ms,
    p90Ms: latencyAt(90),
    p99Ms: latencyAt(99),
    p999Ms: latencyAt(99.9),
    maxMs,
    distribution,
  }
}

function makeRun(path: LoadPath, mode: LoadRun['mode'], rateOrConcurrency: number, latency: LatencySummary): LoadRun {
  const open = mode !== 'saturation'
  return {
    path,
    mode,
    targetRatePerS: open ? rateOrConcurrency : null,
    concurrency: open ? null : rateOrConcurrency,
    durationS: 20,
    achievedRatePerS: open ? rateOrConcurrency : 4000,
    latency,
    server: { cpuPct: 90, rssMaxMb: 180 },
    ratios: { toJsonRpc: null, toFloor: null },
  }
}

const BASE_P50_MS: Record<Exclude<LoadPath, 'websocket-msgpack'>, number> = {
  rest: 0.35,
  grpc: 0.3,
  'json-rpc': 0.5,
  websocket: 0.28,
  batch: 1.6,
}

/** Five paths at 100, 1,000 and 5,000/s open loop and 64 callers closed loop, plus floor and cold. */
function makeResult(): LoadBenchResult {
  const runs: LoadRun[] = []
  for (const path of Object.keys(BASE_P50_MS) as Array<keyof typeof BASE_P50_MS>) {
    const p50 = BASE_P50_MS[path]
    runs.push(makeRun(path, 'open', 100, makeSummary(p50, 0.25)))
    runs.push(makeRun(path, 'open', 1000, makeSummary(p50 * 1.1, 0.3)))
    runs.push(makeRun(path, 'open', 5000, makeSummary(p50 * 2.5, 0.5)))
    runs.push(makeRun(path, 'saturation', 64, makeSummary(p50 * 12, 0.2)))
  }
  return {
    benchmark: 'load',
    startedAt: '2026-11-22T10:15:00.000Z',
    durationS: 420,
    git: { commit: 'a63a549f00d1e2', dirty: false },
    machine: { cpuModel: 'AMD EPYC 7B13', cpus: 2, memoryGb: 24, node: 'v20.19.0', platform: 'linux' },
    versions: { litesvm: '1.5.0' },
    settings: {},
    mix: [],
    floor: makeSummary(0.045, 0.2),
    runs,
    maxRateUnder10MsP99: { rest: 5000, grpc: 5000 },
    cold: {
      injectedRpcLatencyMs: 50,
      latency: makeSummary(52, 0.05),
      coalescing: { concurrent: 16, rpcCalls: 1, keysFetched: 4 },
    },
    unavailable: [],
  }
}

const countOf = (svg: string, text: string) => svg.split(text).length - 1

t.test('the default chart: one polyline per open run at 1,000/s and saturation run, plus floor and cold', async (t) => {
  const svg = renderLatencyChart(makeResult())
  t.ok(svg.startsWith('<svg'), 'starts with <svg')
  t.ok(svg.trimEnd().endsWith('</svg>'))
  t.match(svg, /xmlns="http:\/\/www\.w3\.org\/2000\/svg"/)
  t.equal(countOf(svg, '<polyline'), 5 * 2 + 2)
  for (const path of Object.keys(BASE_P50_MS)) {
    t.match(svg, `>${path} open 1000/s<`)
    t.match(svg, `>${path} saturation c=64<`)
  }
  t.notMatch(svg, 'open 100/s')
  t.notMatch(svg, 'open 5000/s')
  t.match(svg, '>floor (raw LiteSVM)<')
  t.match(svg, '>cold (RPC +50 ms)<')
  t.equal(countOf(svg, 'stroke-dasharray="6 4"'), 2, 'the floor dashed, in the plot and the legend')
  t.match(svg, 'a63a549', 'the commit in the title')
  t.match(svg, '2026-11-22', 'the date in the title')
  t.notMatch(svg, /NaN|Infinity|undefined/)
  t.notMatch(svg, /<script|@import|url\(http|href=/i, 'self-contained')
  // Well-formed enough: every opened element is closed.
  const opened = (svg.match(/<(svg|g|text|polyline|defs|clipPath|title)\b/g) ?? []).length
  const closed = (svg.match(/<\/(svg|g|text|polyline|defs|clipPath|title)>/g) ?? []).length
  t.equal(opened, closed)
})

t.test('options pick the runs; all runs can be drawn and the chart grows for its legend', async (t) => {
  const result = makeResult()
  const svg = renderLatencyChart(result, { runs: 'all' })
  t.equal(countOf(svg, '<polyline'), result.runs.length + 2)
  t.match(svg, /^<svg[^>]* height="540"/, '22 legend rows fit in 540 px')
  for (const concurrency of [1, 4, 16, 256, 1024])
    result.runs.push(makeRun('websocket', 'saturation', concurrency, makeSummary(concurrency / 10, 0.2)))
  const tall = renderLatencyChart(result, { runs: 'all' })
  const height = Number(/^<svg[^>]* height="(\d+)"/.exec(tall)?.[1])
  t.ok(height > 540, `height ${height} leaves room for ${result.runs.length + 2} legend rows`)
  t.notMatch(tall, /NaN|Infinity/)
  const restOnly = renderLatencyChart(result, { runs: (run) => run.path === 'rest', floor: false, cold: false })
  t.equal(countOf(restOnly, '<polyline'), 4)
  t.notMatch(restOnly, 'floor')
})

t.test('without a 1,000/s run, the default takes the open rate nearest to it', async (t) => {
  const result = makeResult()
  result.runs = result.runs.filter((run) => run.targetRatePerS !== 1000)
  const labels = getChartSeries(result).map((line) => line.label)
  t.ok(labels.includes('rest open 5000/s'), '5× from 1,000 is nearer on a log scale than 10×')
  t.notOk(labels.includes('rest open 100/s'), 'one open run per path')
  result.runs = result.runs.filter((run) => run.targetRatePerS !== 5000)
  t.ok(
    getChartSeries(result).some((line) => line.label === 'rest open 100/s'),
    'the only open rate left',
  )
})

t.test('empty distributions, zero and odd latencies draw no NaN, and empty series show "no data"', async (t) => {
  const result = makeResult()
  const first = result.runs[1]
  const second = result.runs[5]
  if (first === undefined || second === undefined) throw new Error('fixture changed')
  first.latency.distribution = []
  first.latency.p99Ms = Number.NaN
  second.latency.distribution = [
    [0, 0],
    [50, 0],
    [99, 0.2],
    [100, Number.POSITIVE_INFINITY],
    [Number.NaN, 1],
  ]
  result.floor.distribution = [[50, 0]]
  const svg = renderLatencyChart(result)
  t.notMatch(svg, /NaN|Infinity/)
  t.match(svg, 'no data')
  t.equal(countOf(svg, '<polyline'), 5 * 2 + 2 - 1, 'the empty run gets a legend row, not a line')

  const unanswered = makeResult()
  const lost = unanswered.runs[1]
  if (lost === undefined) throw new Error('fixture changed')
  lost.latency = {
    ...lost.latency,
    count: 0,
    p99Ms: 0,
    distribution: lost.latency.distribution.map(([percentile]): [number, number] => [percentile, 0]),
  }
  const unansweredSvg = renderLatencyChart(unanswered)
  t.equal(countOf(unansweredSvg, '<polyline'), 5 * 2 + 2 - 1, 'a run with no answer (all 0 ms) is no data, not a line on the floor')
  t.match(unansweredSvg, 'no data')

  const empty = makeResult()
  empty.runs = []
  empty.floor.distribution = []
  empty.cold.latency.distribution = []
  const blank = renderLatencyChart(empty)
  t.ok(blank.startsWith('<svg'))
  t.equal(countOf(blank, '<polyline'), 0)
  t.match(blank, 'no latency data')
  t.notMatch(blank, /NaN|Infinity/)
})

t.test('the percentile axis is the HDR 1/(1−p) scale, monotonic, with a place for the max', async (t) => {
  t.equal(toHdrPercentileX(0), 0)
  t.ok(Math.abs(toHdrPercentileX(90) - 1) < 1e-9)
  t.ok(Math.abs(toHdrPercentileX(99) - 2) < 1e-9)
  t.ok(Math.abs(toHdrPercentileX(99.99) - 4) < 1e-9)
  t.equal(toHdrPercentileX(100), Number.POSITIVE_INFINITY)
  const axis = getPercentileAxis([0, 50, 99.99, 100])
  t.equal(axis.decades, 4)
  t.same(
    axis.ticks.map((tick) => tick.label),
    ['', '50%', '90%', '99%', '99.9%', '99.99%', 'max'],
  )
  let previous = Number.NEGATIVE_INFINITY
  for (let percentile = 0; percentile <= 100; percentile += 0.37) {
    const x = toAxisX(axis, percentile)
    t.ok(x >= previous && Number.isFinite(x), `x(${percentile.toFixed(2)}) ≥ x before`)
    previous = x
  }
  t.equal(toAxisX(axis, 100), axis.maxX)
  t.ok(axis.maxX > axis.decades, 'max stands apart from the last nines')
  t.equal(getPercentileAxis([]).decades, 4, 'no data: up to 99.99 %')
  t.equal(getPercentileAxis([99.99999999]).decades, 6, 'capped at six nines')
})

t.test('the latency axis is log10 over whole decades, zero held at the bottom', async (t) => {
  const axis = getLatencyAxis([0, 0.045, 3, 260])
  t.same(axis.ticksMs, [0.01, 0.1, 1, 10, 100, 1000])
  t.equal(toAxisLog(axis, 0), Math.log10(0.01))
  t.same(getLatencyAxis([]).ticksMs, [0.1, 1, 10, 100])
  t.same(getLatencyAxis([1, 1]).ticksMs, [1, 10], 'at least one decade')
  const toY = createLinearScale(Math.log10(axis.minMs), Math.log10(axis.maxMs), 500, 100)
  let previous = Number.POSITIVE_INFINITY
  for (const ms of [0, 0.001, 0.01, 0.02, 0.5, 1, 9.99, 10, 500, 1000]) {
    const y = toY(toAxisLog(axis, ms))
    t.ok(y <= previous && Number.isFinite(y), `y(${ms}) is at or above y before (SVG y grows down)`)
    previous = y
  }
  t.equal(toY(toAxisLog(axis, 1000)), 100)
  t.equal(toY(toAxisLog(axis, 0.01)), 500)
})

t.test('the default chart draws the WebSocket stream run, dotted, and MessagePack in a colour of its own', async (t) => {
  const result = makeResult()
  const stream = makeRun('websocket', 'stream', 0, makeSummary(900, 0.1))
  stream.targetRatePerS = null
  stream.concurrency = null
  stream.stream = { messages: 10_000, peakUnanswered: 10_000 }
  result.runs.push(stream, makeRun('websocket-msgpack', 'open', 1000, makeSummary(0.3, 0.3)))
  const series = getChartSeries(result)
  const streamLine = series.find((line) => line.label === 'websocket stream')
  t.ok(streamLine, 'a stream run is drawn by default')
  t.equal(streamLine?.dash, '1 3', 'dotted: its latency is a queue, not a paced request')
  const json = series.find((line) => line.label === 'websocket open 1000/s')
  const msgpack = series.find((line) => line.label === 'websocket-msgpack open 1000/s')
  t.ok(json && msgpack, 'both encodings are drawn')
  t.not(msgpack?.colour, json?.colour, 'told apart by colour')
  t.notMatch(renderLatencyChart(result), /NaN|Infinity/)
})
