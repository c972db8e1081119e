/**
 * Runs h2load (nghttp2's HTTP/2 load generator, a process of its own) against a gRPC method, the
 * request sent as a raw body: 5-byte prefix and the encoded message (or, with --h1, a REST route). Saturation is read from its
 * summary; per-call latency from its --log-file (one line per request: start, status, µs).
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface H2loadSettings {
  port: number
  path: string
  /** The request body (for gRPC: framed). */
  body: Buffer
  /** Every header but the pseudo-headers (for gRPC: content-type application/grpc, te trailers and the key). */
  headers: Record<string, string>
  /** HTTP/1.1 instead of HTTP/2 (the REST port, for the same client's view of it). */
  h1?: boolean
  /** Connections and streams in flight on each (one caller: 1 and 1). */
  connections: number
  streams: number
  durationS: number
  warmupS: number
}

export interface H2loadFigures {
  callsPerS: number
  /** Answers that were not HTTP 200 (h2load does not read grpc-status: the caller checks one call apart). */
  failed: number
  p50Us: number
  p99Us: number
  maxUs: number
}

function getPercentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN
}

/** Runs h2load once (H2LOAD overrides its path) and returns its figures. */
export async function runH2load(settings: H2loadSettings): Promise<H2loadFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'grpc-bench-'))
  try {
    const bodyFile = join(dir, 'body')
    const logFile = join(dir, 'log')
    writeFileSync(bodyFile, settings.body)
    const args = [
      ...(settings.h1 ? ['--h1'] : []),
      ...Object.entries(settings.headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]),
      '-d',
      bodyFile,
      '-c',
      String(settings.connections),
      '-m',
      String(settings.streams),
      '-t',
      '1',
      '-D',
      String(settings.durationS),
      '--warm-up-time',
      String(settings.warmupS),
      '--log-file',
      logFile,
      `http://127.0.0.1:${settings.port}${settings.path}`,
    ]
    // Asynchronous: the servers answering it run in this very process.
    const stdout = await new Promise<string>((resolve, reject) =>
      execFile(process.env.H2LOAD ?? 'h2load', args, { maxBuffer: 1 << 24 }, (error, out) => (error ? reject(error) : resolve(out))),
    )
    const rate = /finished in [\d.]+\w+, ([\d.]+) req\/s/.exec(stdout)
    const codes = /status codes: (\d+) 2xx, (\d+) 3xx, (\d+) 4xx, (\d+) 5xx/.exec(stdout)
    const durations = readFileSync(logFile, 'utf8')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => Number(line.split('\t')[2]))
      .sort((a, b) => a - b)
    const requests = /requests: (\d+) total, \d+ started, (\d+) done, (\d+) succeeded, (\d+) failed/.exec(stdout)
    if (!rate || !codes || !requests) throw new Error(`h2load said:\n${stdout}`)
    return {
      callsPerS: Number(rate[1]),
      failed: Number(requests[4]) + Number(codes[3]) + Number(codes[4]),
      p50Us: getPercentile(durations, 0.5),
      p99Us: getPercentile(durations, 0.99),
      maxUs: durations[durations.length - 1] ?? Number.NaN,
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
