/** Which lines the latency chart draws, and how each looks: colour by path, shade by mode, dashes for the references. */
import type { LatencySummary, LoadBenchResult, LoadRun } from '../load/load-results.js'
import { getRunLabel } from './run-label.js'

export type RunSelection = 'default' | 'all' | ((run: LoadRun) => boolean)

export interface ChartSeriesOptions {
  /**
   * Which runs get a line. `default`: per path, the open-loop run at 1,000/s (or the nearest rate
   * to it), every saturation run and every stream run; `all`: every run; or a predicate.
   */
  runs?: RunSelection
  /** Draw the raw-LiteSVM floor (default true). */
  floor?: boolean
  /** Draw the cold run (default true). */
  cold?: boolean
}

export interface ChartSeries {
  label: string
  colour: string
  /** SVG stroke-dasharray, or null for a solid line. */
  dash: string | null
  widthPx: number
  /** [percentile 0–100, ms], finite, ascending by percentile. */
  points: Array<[number, number]>
  p99Ms: number
}

/** The rate the default picks for each path's open-loop line. */
export const DEFAULT_OPEN_RATE_PER_S = 1000

/** Okabe–Ito colours (distinguishable with the common colour blindnesses), one per path. */
const PATH_COLOURS: Record<string, string> = {
  rest: '#0072b2',
  grpc: '#d55e00',
  'json-rpc': '#009e73',
  websocket: '#cc79a7',
  // A darker relative of the WebSocket's hue: the same door, another encoding.
  'websocket-msgpack': '#882255',
  batch: '#e69f00',
}
const SPARE_COLOURS = ['#56b4e9', '#8e6c8a', '#7f7f00', '#4d4d4d']
const FLOOR_COLOUR = '#222222'
const COLD_COLOUR = '#8c2d04'

function getPathColour(path: string, spare: Map<string, string>): string {
  const known = PATH_COLOURS[path]
  if (known !== undefined) return known
  let colour = spare.get(path)
  if (colour === undefined) {
    colour = SPARE_COLOURS[spare.size % SPARE_COLOURS.length] as string
    spare.set(path, colour)
  }
  return colour
}

/** `#rrggbb` moved towards white by `amount` (0–1), or towards black by a negative one. */
function toShade(colour: string, amount: number): string {
  const channel = (offset: number) => {
    const value = Number.parseInt(colour.slice(offset, offset + 2), 16)
    const shaded = amount >= 0 ? value + (255 - value) * amount : value * (1 + amount)
    return Math.round(shaded).toString(16).padStart(2, '0')
  }
  return `#${channel(1)}${channel(3)}${channel(5)}`
}

function isDefaultRun(run: LoadRun, runs: readonly LoadRun[]): boolean {
  if (run.mode === 'saturation' || run.mode === 'stream') return true
  if (run.mode !== 'open' || run.targetRatePerS === null) return false
  const distance = (rate: number) => Math.abs(Math.log(rate / DEFAULT_OPEN_RATE_PER_S))
  const rates = runs
    .filter((other) => other.path === run.path && other.mode === 'open' && other.targetRatePerS !== null && other.targetRatePerS > 0)
    .map((other) => other.targetRatePerS as number)
  if (rates.length === 0 || !(run.targetRatePerS > 0)) return false
  // The nearest rate on a log scale; on a tie the lower one.
  const best = rates.reduce((a, b) => (distance(b) < distance(a) || (distance(b) === distance(a) && b < a) ? b : a))
  return run.targetRatePerS === best
}

/** The finite points of a distribution, percentiles held to 0–100, ascending; none when nothing was answered. */
function getPoints(summary: LatencySummary): Array<[number, number]> {
  // A run with no answer still lists its percentiles, all 0 ms: that is no data, not a fast run.
  if (summary.count === 0) return []
  const distribution = Array.isArray(summary.distribution) ? summary.distribution : []
  return distribution
    .filter((point): point is [number, number] => Number.isFinite(point[0]) && Number.isFinite(point[1]))
    .map(([percentile, ms]): [number, number] => [Math.min(100, Math.max(0, percentile)), ms])
    .sort((a, b) => a[0] - b[0] || a[1] - b[1])
}

/** The lines to draw for `result`, runs first (in the file's order), then the floor and the cold run. */
export function getChartSeries(result: LoadBenchResult, options: ChartSeriesOptions = {}): ChartSeries[] {
  const selection = options.runs ?? 'default'
  const picked = result.runs.filter((run) =>
    selection === 'all' ? true : selection === 'default' ? isDefaultRun(run, result.runs) : selection(run),
  )
  const spare = new Map<string, string>()
  // One hue per path. Open-loop runs darken as their rate rises (one alone keeps the hue itself),
  // saturation runs are lighter and lighten as their concurrency rises.
  const shades = new Map<LoadRun, number>()
  for (const path of new Set(picked.map((run) => run.path))) {
    const ofMode = (mode: LoadRun['mode'], order: (run: LoadRun) => number) =>
      picked.filter((run) => run.path === path && run.mode === mode).sort((a, b) => order(a) - order(b))
    const open = ofMode('open', (run) => run.targetRatePerS ?? 0)
    open.forEach((run, index) => shades.set(run, open.length === 1 ? 0 : (-0.45 * index) / (open.length - 1)))
    ofMode('saturation', (run) => run.concurrency ?? 0).forEach((run, index) => shades.set(run, 0.4 + 0.12 * Math.min(3, index)))
  }
  const series: ChartSeries[] = picked.map((run) => {
    const base = getPathColour(run.path, spare)
    const shade = shades.get(run) ?? 0.3
    return {
      label: getRunLabel(run),
      colour: shade === 0 ? base : toShade(base, shade),
      // A stream's latencies include its queue in the socket buffers: dotted, apart from the paced runs.
      dash: run.mode === 'cold' ? '2 3' : run.mode === 'stream' ? '1 3' : null,
      widthPx: run.mode === 'open' ? 2.25 : 2,
      points: getPoints(run.latency),
      p99Ms: run.latency.p99Ms,
    }
  })
  if (options.floor ?? true) {
    series.push({
      label: 'floor (raw LiteSVM)',
      colour: FLOOR_COLOUR,
      dash: '6 4',
      widthPx: 1.75,
      points: getPoints(result.floor),
      p99Ms: result.floor.p99Ms,
    })
  }
  if (options.cold ?? true) {
    const injected = result.cold.injectedRpcLatencyMs
    series.push({
      label: Number.isFinite(injected) ? `cold (RPC +${injected} ms)` : 'cold',
      colour: COLD_COLOUR,
      dash: '9 4',
      widthPx: 1.75,
      points: getPoints(result.cold.latency),
      p99Ms: result.cold.latency.p99Ms,
    })
  }
  return series
}
