/**
 * Runs h2load (nghttp2) as a gRPC load tool: a unary call is a POST of one framed SimulateRequest
 * with `content-type: application/grpc` and `te: trailers`. h2load sends the same body every time
 * (it has no per-request body), and checks the HTTP status only: the benchmark checks every door's
 * gRPC answer before the runs, and with RESULT_CACHE_MAX_ENTRIES=0 each call is simulated anew.
 * Latencies come from its per-request log (µs), throughput from its own count.
 *
 * It runs the gRPC door's saturation (a fixed number of calls in flight). Not its open loop:
 * h2load's `--rps` timer sends each connection's calls in bursts every 10 ms (grpc-open-loop.c
 * spaces them evenly, as the REST and WebSocket open loops do; bench/README.md).
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
}

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
  const args = [
    '-c',
    String(options.clients),
    '-m',
    String(options.streams),
    '-t',
    String(options.threads),
    // In milliseconds: h2load takes a fraction of a second only so.
    '-D',
    `${Math.round(options.durationS * 1000)}ms`,
  ]
  const { stdout } = await run(H2LOAD, [...args, ...headers, '-d', bodyFile, `--log-file=${logFile}`, options.url], { maxBuffer: 1 << 20 })
  const counts = parseH2loadOutput(stdout)
  const histogram = createLatencyHistogram()
  for (const us of parseH2loadLog(readFileSync(logFile, 'utf8'))) histogram.recordValue(Math.max(1, us))
  const failed = counts.failed + counts.errored + counts.timeout
  const connections = `${options.clients} connection${options.clients === 1 ? '' : 's'}`
  const threads = `${options.threads} thread${options.threads === 1 ? '' : 's'}`
  return {
    tool: `h2load (${threads}, ${connections} × ${options.streams} streams, one body)`,
    concurrency: options.clients * options.streams,
    targetRatePerS: null,
    achievedRatePerS: Math.round((counts.succeeded / counts.durationS) * 10) / 10,
    durationS: counts.durationS,
    latency: toFloorLatency(toLatencySummary(histogram, failed, MS_PER_US)),
    firstError: failed > 0 ? `h2load: ${counts.failed} failed, ${counts.errored} errored, ${counts.timeout} timed out` : null,
  }
}
