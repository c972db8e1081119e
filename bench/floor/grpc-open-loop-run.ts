/**
 * Runs the gRPC door's open loop with grpc-open-loop.c: calls evenly spaced to the microsecond on a
 * few HTTP/2 connections, each timed from when it was due. It replaced `h2load --rps` for this run
 * (2026-11-30): h2load's timer sends each connection's calls in bursts every 10 ms, which the REST
 * and WebSocket open loops (1 ms ticks) do not, and its timing-script mode could not hold 500/s.
 *
 * The generator is C on libnghttp2 (Debian: gcc, libnghttp2-dev), built on first use into a cache
 * directory named by its source's hash, so an edited source is rebuilt.
 */
import { createHash } from 'node:crypto'
import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { createLatencyHistogram, MS_PER_US, toLatencySummary } from '../load/latency-histogram.js'
import { toFloorLatency, type FloorRun } from './floor-run.js'

const run = promisify(execFile)

const SOURCE = fileURLToPath(new URL('./grpc-open-loop.c', import.meta.url))
/** What building the generator needs; a machine without it cannot run the gRPC open loop. */
export const NGHTTP2_HEADER = '/usr/include/nghttp2/nghttp2.h'

export interface GrpcOpenLoopOptions {
  /** host:port, an IPv4 host. */
  address: string
  path: string
  /** The request body: a framed gRPC message. */
  body: Buffer
  headers: Readonly<Record<string, string>>
  ratePerS: number
  durationS: number
  warmUpS: number
  connections: number
  workDir: string
  name: string
}

/** The generator's closing line: `sent N answered N failed N unanswered N max_lateness_us N`. */
export interface GrpcOpenLoopCounts {
  sent: number
  answered: number
  failed: number
  unanswered: number
  maxLatenessUs: number
}

export function parseGrpcOpenLoopOutput(stdout: string): GrpcOpenLoopCounts {
  const match = /sent (\d+) answered (\d+) failed (\d+) unanswered (\d+) max_lateness_us (\d+)/.exec(stdout)
  if (!match) throw new Error(`grpc-open-loop printed no totals: ${stdout.slice(-400)}`)
  const [, sent, answered, failed, unanswered, maxLatenessUs] = match.map(Number) as [number, number, number, number, number, number]
  return { sent, answered, failed, unanswered, maxLatenessUs }
}

/** One line per measured call: when it was due (µs), its outcome (0 good), its latency (µs). */
export function parseGrpcOpenLoopLog(text: string): Array<{ dueUs: number; outcome: number; latencyUs: number }> {
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      const [dueUs, outcome, latencyUs] = line.split('\t').map(Number) as [number, number, number]
      return { dueUs, outcome, latencyUs }
    })
}

let built: Promise<string> | undefined

/** The generator's binary, built once per source version. */
export function buildGrpcOpenLoop(): Promise<string> {
  built ??= (async () => {
    const source = readFileSync(SOURCE)
    const hash = createHash('sha256').update(source).digest('hex').slice(0, 16)
    const dir = join(tmpdir(), 'preflight-bench-bin')
    const binary = join(dir, `grpc-open-loop-${hash}`)
    if (existsSync(binary)) return binary
    if (!existsSync(NGHTTP2_HEADER)) throw new Error(`building grpc-open-loop needs libnghttp2-dev (${NGHTTP2_HEADER} is missing)`)
    mkdirSync(dir, { recursive: true })
    // Built beside its final name and renamed: two benchmarks starting together never run half a file.
    const partial = `${binary}.${process.pid}`
    await run('gcc', ['-O2', '-Wall', '-o', partial, SOURCE, '-lnghttp2'])
    renameSync(partial, binary)
    return binary
  })()
  return built
}

/** Runs the open loop once. */
export async function runGrpcOpenLoop(options: GrpcOpenLoopOptions): Promise<Omit<FloorRun, 'gc' | 'mode'>> {
  const binary = await buildGrpcOpenLoop()
  const [host, port] = options.address.split(':') as [string, string]
  const bodyFile = join(options.workDir, `${options.name}.grpc`)
  const logFile = join(options.workDir, `${options.name}.log`)
  writeFileSync(bodyFile, options.body)
  const headers = Object.entries(options.headers).map(([name, value]) => `${name}: ${value}`)
  const args = [host, port, options.path, bodyFile, options.ratePerS, options.durationS, options.warmUpS, options.connections, logFile]
  const { stdout } = await run(binary, [...args.map(String), ...headers], { maxBuffer: 1 << 20 })
  const counts = parseGrpcOpenLoopOutput(stdout)
  const histogram = createLatencyHistogram()
  for (const call of parseGrpcOpenLoopLog(readFileSync(logFile, 'utf8'))) histogram.recordValue(Math.max(1, call.latencyUs))
  const errors = counts.failed + counts.unanswered
  const connections = `${options.connections} connection${options.connections === 1 ? '' : 's'}`
  return {
    tool: `grpc-open-loop (libnghttp2, ${connections}, calls evenly spaced)`,
    concurrency: null,
    targetRatePerS: options.ratePerS,
    achievedRatePerS: Math.round((counts.answered / options.durationS) * 10) / 10,
    durationS: options.durationS,
    latency: toFloorLatency(toLatencySummary(histogram, errors, MS_PER_US)),
    firstError: errors > 0 ? `grpc-open-loop: ${counts.failed} failed, ${counts.unanswered} unanswered of ${counts.sent}` : null,
  }
}
