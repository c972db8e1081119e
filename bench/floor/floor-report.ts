/** The printed report of a floor run: per door, the service beside its bare server and the floors, then the targets. */
import type { DoorRuns } from './door-runs.js'
import type { FloorBenchResult } from './floor-result.js'
import type { FloorRun } from './floor-run.js'

/** A tool's ceiling counts as well above a figure at twice it. */
export const TOOL_HEADROOM = 2

const num = (value: number) => (value >= 100 ? Math.round(value).toLocaleString('en-US') : String(Number(value.toPrecision(3))))
const times = (value: number | null | undefined) => (value === null || value === undefined ? '—' : `${num(value)}×`)
const p50p99 = (run: FloorRun) => `${num(run.latency.p50Ms)} / ${num(run.latency.p99Ms)}`
const gc = (run: FloorRun | null | undefined) => (run?.gc ? `${run.gc.count} / ${num(run.gc.p99Ms)} / ${num(run.gc.maxMs)}` : '')

function row(cells: string[], widths: number[]): string {
  return cells.map((cell, i) => (i < 2 ? cell.padEnd(widths[i] as number) : cell.padStart(widths[i] as number))).join('  ')
}

function sideRow(door: string, side: string, runs: DoorRuns, widths: number[]): string {
  const saturation = `${num(runs.saturation.achievedRatePerS)} (${num(runs.saturation.latency.p99Ms)}) @${runs.saturation.concurrency ?? '?'}`
  const unique = runs.saturationUnique ? `${num(runs.saturationUnique.achievedRatePerS)} (${num(runs.saturationUnique.latency.p99Ms)})` : ''
  return row(
    [
      door,
      side,
      p50p99(runs.oneCaller),
      saturation,
      unique,
      runs.maxOpenRate.ratePerS === null ? 'none' : num(runs.maxOpenRate.ratePerS),
      gc(runs.oneCaller),
      gc(runs.saturation),
    ],
    widths,
  )
}

/** Whether the tool's ceiling (the bare figure) is well above the service's. */
function getHeadroom(bare: number, service: number): string {
  if (service <= 0) return 'n/a'
  const headroom = bare / service
  return `${num(headroom)}× ${headroom >= TOOL_HEADROOM ? 'ok' : 'TOOL-BOUND?'}`
}

/** The report. */
export function formatFloorReport(result: FloorBenchResult): string {
  const lines: string[] = []
  const { machine, git } = result
  lines.push(`floor benchmark — ${result.startedAt}, commit ${git.commit}${git.dirty ? ' (dirty)' : ''}, ${result.durationS} s`)
  lines.push(
    `machine: ${machine.cpuModel}, ${machine.cpus} CPUs, node ${machine.node}; load average start ${result.loadAverage.start.join(' / ')}, end ${result.loadAverage.end.join(' / ')}`,
  )
  lines.push(`transactions: ${result.transactions.count} distinct (${result.transactions.kinds.join(', ')} in turn)`)
  const { liteSvm, engine } = result.floor
  lines.push(
    `floors, one caller in process (ms, p50 / p99): raw LiteSVM ${num(liteSvm.p50Ms)} / ${num(liteSvm.p99Ms)}; engine (all vectors) ${num(engine.p50Ms)} / ${num(engine.p99Ms)} → one engine thread ≤ ${num(1000 / engine.p50Ms)}/s`,
  )
  const widths = [10, 8, 18, 24, 20, 10, 16, 16]
  lines.push('')
  lines.push(
    row(
      [
        'door',
        'side',
        '1 caller p50/p99',
        'saturation/s (p99) @in flight',
        'unique sat/s (p99)',
        'open max/s',
        'GC 1 caller',
        'GC saturation',
      ],
      widths,
    ),
  )
  lines.push(row(['', '', 'ms', '', '', 'p99 < 10 ms', 'n / p99 / max ms', 'n / p99 / max ms'], widths))
  for (const { door, bare, service } of result.doors) {
    lines.push(sideRow(door, 'bare', bare, widths))
    lines.push(sideRow('', 'service', service, widths))
    const r = (name: string) => result.ratios[`${door}.${name}`]
    lines.push(
      row(
        [
          '',
          '×bare',
          `${times(r('one-caller.p50/bare'))} / ${times(r('one-caller.p99/bare'))}`,
          `${times(r('saturation.rate/bare'))} (${times(r('saturation.p99/bare'))})`,
          '',
          times(r('open.max-rate/bare')),
          '',
          '',
        ],
        widths,
      ),
    )
    lines.push(row(['', '×engine', times(r('one-caller.p50/engine')), times(r('saturation.rate/engine')), '', '', '', ''], widths))
    lines.push(row(['', '×LiteSVM', times(r('one-caller.p50/litesvm')), '', '', '', '', ''], widths))
  }
  if (result.batch) {
    const { run, batchSize, simulationsPerS } = result.batch
    lines.push(
      '',
      `batch of ${batchSize} (REST simulate-batch, saturation): ${num(run.achievedRatePerS)} batches/s = ${num(simulationsPerS)} simulations/s, p50 ${num(run.latency.p50Ms)} / p99 ${num(run.latency.p99Ms)} ms a batch, ${run.latency.errors} errors — ${run.tool}`,
    )
  }
  lines.push('', 'the saturation sweeps (requests in flight: rate/s, p99 ms; saturation is the fastest with p99 ≤ 20 ms):')
  for (const { door, bare, service } of result.doors) {
    for (const [side, runs] of [
      ['bare', bare],
      ['service', service],
    ] as const) {
      // Results written before the sweep hold one saturation run.
      const sweep = runs.saturationSweep ?? [runs.saturation]
      lines.push(
        `  ${door} ${side}: ${sweep.map((run) => `${run.concurrency ?? '?'}: ${num(run.achievedRatePerS)}, ${num(run.latency.p99Ms)}`).join('; ')}`,
      )
    }
  }
  lines.push('', 'each tool against the bare servers (its ceiling here) and the service:')
  for (const { door, bare, service } of result.doors) {
    lines.push(
      `  ${door} saturation: ${bare.saturation.tool}: bare ${num(bare.saturation.achievedRatePerS)}/s, service ${num(service.saturation.achievedRatePerS)}/s — headroom ${getHeadroom(bare.saturation.achievedRatePerS, service.saturation.achievedRatePerS)}`,
    )
    if (bare.saturationUnique && service.saturationUnique)
      lines.push(
        `  ${door} saturation, unique: ${bare.saturationUnique.tool}: bare ${num(bare.saturationUnique.achievedRatePerS)}/s, service ${num(service.saturationUnique.achievedRatePerS)}/s — headroom ${getHeadroom(bare.saturationUnique.achievedRatePerS, service.saturationUnique.achievedRatePerS)}`,
      )
    const bareOpen = bare.maxOpenRate.ratePerS ?? 0
    lines.push(
      `  ${door} open loop: ${bare.maxOpenRate.run?.tool ?? 'load workers'}: bare ${num(bareOpen)}/s, service ${num(service.maxOpenRate.ratePerS ?? 0)}/s — headroom ${getHeadroom(bareOpen, service.maxOpenRate.ratePerS ?? 0)}`,
    )
  }
  if (result.placement) {
    const { localnetApart: apart, localnetInProcess: inside } = result.placement
    lines.push('', 'npm start as-is (localnet inside the service) against localnet in its own process, REST:')
    lines.push(`  one caller p50 / p99 ms: apart ${p50p99(apart.oneCaller)}, in process ${p50p99(inside.oneCaller)}`)
    lines.push(
      `  saturation: apart ${num(apart.saturation.achievedRatePerS)}/s (p99 ${num(apart.saturation.latency.p99Ms)}), in process ${num(inside.saturation.achievedRatePerS)}/s (p99 ${num(inside.saturation.latency.p99Ms)}) → ${result.placement.faster} is faster (${times(result.placement.saturationRatio)})`,
    )
  }
  lines.push('', 'the speed targets:')
  for (const target of result.targets) {
    lines.push(
      `  ${target.pass ? 'pass' : 'MISS'}  ${target.id}: ${num(target.measured)} ${target.unit} (target ${target.comparison} ${num(target.limit)})`,
    )
  }
  return lines.join('\n')
}
