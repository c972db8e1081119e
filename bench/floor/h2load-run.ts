/**
 * Runs h2load (nghttp2) as a gRPC load tool: a unary call is a POST of one framed SimulateRequest
 * with `content-type: application/grpc` and `te: trailers`. h2load sends the same body every time
 * (it has no per-request body), and checks the HTTP status only: the benchmark checks every door's
 * gRPC answer before the runs, and with RESULT_CACHE_MAX_ENTRIES=0 each call is simulated anew.
 * Latencies come from its per-request log (µs), throughput from its own count.
 *
 * With `ratePerS` it is the gRPC door's open loop (`--rps`, each connection its share): calls
 * leave on a timer whatever the answers do, on up to OPEN_LOOP_STREAMS streams a connection. It
 * times a call from when it left, so a run that fell behind its schedule (calls waiting for a free
 * stream, or a starved generator) is not held: the calls it owed are counted as errors. A C tool
 * with no garbage collector: the Node generators (grpc-js, then node:http2 in load-worker.ts) spent
 * 5–10 ms in their own scavenges every ~200 ms at 4,000 calls/s, which set the bare HTTP/2 server's
 * open-loop ceiling at 750–1,500/s (2026-11-30).
 */
import { execFile } from 'node:child_process'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { createLatencyHistogram, MS_PER_US, toLatencySummary } from '../load/latency-histogram.js'
import { toFloorLatency, type FloorRun } from './floor-run.js'

const run = promisify(execFile)

export const H2LOAD = '/usr/bin/h2load'

export interface H2loadRunOptions {
  /** http://host:port/path */
  url: string
  /** The request body: a framed gRPC message. */
  body: Buffer
  headers: Readonly<Record<string, string>>
  /** Connections, and streams in flight on each. */
  clients: number
  streams: number
  threads: number
  durationS: number
  workDir: string
  name: string
  /** Open loop: calls a second across every connection (`--rps`), after `warmUpS` unmeasured (`--warm-up-time`). */
  ratePerS?: number
  warmUpS?: number
}

/** Streams a connection may hold in the open loop: enough that the schedule never waits for one below the 10 ms bound. */
export const OPEN_LOOP_STREAMS = 256
/** A run that sent less than this share of its schedule fell behind: not held. */
const OPEN_LOOP_MIN_SHARE = 0.97

export interface H2loadCounts {
  succeeded: number
  failed: number
  errored: number
  timeout: number
  durationS: number
}

/** The totals h2load prints (`finished in 5.00s, …` and `requests: … succeeded, … failed, …`). */
export function parseH2loadOutput(stdout: string): H2loadCounts {
  const finished = /finished in ([\d.]+)(m?s)/.exec(stdout)
  const requests = /requests: \d+ total, \d+ started, \d+ done, (\d+) succeeded, (\d+) failed, (\d+) errored, (\d+) timeout/.exec(stdout)
  if (!finished || !requests) throw new Error(`h2load printed no totals: ${stdout.slice(-400)}`)
  const [, succeeded, failed, errored, timeout] = requests.map(Number) as [number, number, number, number, number]
  const durationS = Number(finished[1]) / (finished[2] === 'ms' ? 1000 : 1)
  return { succeeded, failed, errored, timeout, durationS }
}

/** Per-request durations (µs, third column) of h2load's --log-file. */
export function parseH2loadLog(text: string): number[] {
  const durations: number[] = []
  for (const line of text.split('\n')) {
    const columns = line.split('\t')
    if (columns.length >= 3) durations.push(Number(columns[2]))
  }
  return durations
}

/** Runs h2load once. */
export async function runH2load(options: H2loadRunOptions): Promise<Omit<FloorRun, 'gc' | 'mode'>> {
  const bodyFile = join(options.workDir, `${options.name}.grpc`)
  const logFile = join(options.workDir, `${options.name}.log`)
  writeFileSync(bodyFile, options.body)
  // h2load appends to its --log-file: a second run of the same name would read the first's calls too.
  rmSync(logFile, { force: true })
  const headers = Object.entries({ 'content-type': 'application/grpc', te: 'trailers', ...options.headers }).flatMap(([name, value]) => [
    '-H',
    `${name}: ${value}`,
  ])
  const open = options.ratePerS !== undefined
  const args = [
    '-c',
    String(options.clients),
    '-m',
    String(open ? OPEN_LOOP_STREAMS : options.streams),
    '-t',
    String(options.threads),
    // In milliseconds: h2load takes a fraction of a second only so.
    '-D',
    `${Math.round(options.durationS * 1000)}ms`,
    ...(open ? [`--rps=${(options.ratePerS as number) / options.clients}`] : []),
    ...(options.warmUpS ? [`--warm-up-time=${Math.round(options.warmUpS * 1000)}ms`] : []),
  ]
  const { stdout } = await run(H2LOAD, [...args, ...headers, '-d', bodyFile, `--log-file=${logFile}`, options.url], { maxBuffer: 1 << 20 })
  const printed = parseH2loadOutput(stdout)
  // Its `finished in` counts the warm-up; its counts and log do not.
  const counts = { ...printed, durationS: printed.durationS - (options.warmUpS ?? 0) }
  const histogram = createLatencyHistogram()
  for (const us of parseH2loadLog(readFileSync(logFile, 'utf8'))) histogram.recordValue(Math.max(1, us))
  const failed = counts.failed + counts.errored + counts.timeout
  const owed = open ? getOwedCalls(options.ratePerS as number, counts) : 0
  const connections = `${options.clients} connection${options.clients === 1 ? '' : 's'}`
  const threads = `${options.threads} thread${options.threads === 1 ? '' : 's'}`
  return {
    tool: open
      ? `h2load --rps (${threads}, ${connections}, open loop, one body)`
      : `h2load (${threads}, ${connections} × ${options.streams} streams, one body)`,
    concurrency: open ? null : options.clients * options.streams,
    targetRatePerS: open ? (options.ratePerS as number) : null,
    achievedRatePerS: Math.round((counts.succeeded / counts.durationS) * 10) / 10,
    durationS: counts.durationS,
    latency: toFloorLatency(toLatencySummary(histogram, failed + owed, MS_PER_US)),
    firstError:
      failed > 0
        ? `h2load: ${counts.failed} failed, ${counts.errored} errored, ${counts.timeout} timed out`
        : owed > 0
          ? `h2load fell behind its schedule: ${counts.succeeded} calls of ${Math.round((options.ratePerS as number) * counts.durationS)} in ${counts.durationS} s`
          : null,
  }
}

/** Calls an open-loop run owed its schedule, when it sent less than OPEN_LOOP_MIN_SHARE of them; else 0. */
export function getOwedCalls(ratePerS: number, counts: H2loadCounts): number {
  const scheduled = Math.round(ratePerS * counts.durationS)
  const done = counts.succeeded + counts.failed + counts.errored + counts.timeout
  return done < scheduled * OPEN_LOOP_MIN_SHARE ? scheduled - done : 0
}
