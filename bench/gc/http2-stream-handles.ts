/**
 * What a full collection pays for the requests served since the last one, with no work in them:
 * a bare node:http server (keep-alive, each request on a connection's parser), a bare node:http2
 * server (each request a stream) and a grpc-js server whose handler answers at once. Tells whether
 * the gRPC port's long full-collection pauses (`clear.weak_global_handles`,
 * `clear.external_string_table`) come from node:http2 or grpc-js themselves, or from the service.
 *
 * Each server runs in a process of its own (`--trace-gc-nvp`, allocation-site pretenuring off and
 * the old generation's growing factor at 2, as the service runs). After a warm-up and a forced full
 * collection, h2load sends N requests (HTTP/2 and gRPC: 2 connections × `--streams` streams, the
 * gRPC body framed; HTTP/1.1: `--h1`, 32 connections), then one full collection is forced and its
 * phases read; with it, what the load's scavenges promoted a request. `--young-stream-maps` has the
 * HTTP/2 servers renew each session's stream Map after every full collection, as the service's
 * gRPC port does (lib/grpc/young-stream-maps.ts): without it a full collection leaves node:http2's
 * stream tables old, and every stream open when one is replaced is promoted. `--headers N` adds N
 * header values to every request, each as long as an API key: node:http2 hands each value that is
 * not in HPACK's static table to JavaScript as an external string, which only a full collection
 * frees (`clear.external_string_table`); node:http's parser makes ordinary strings.
 *
 *   npx tsx bench/gc/http2-stream-handles.ts [--requests 20000,80000] [--servers http,http2,grpc-js]
 *     [--streams 16] [--young-stream-maps] [--headers 0]
 */
import { spawn, execFile, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { once } from 'node:events'
import { writeFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { toGrpcFrame } from '../support/grpc-frame.js'
import { parseGcTrace, type GcTraceEntry } from './gc-trace.js'
import { readFlags, rejectFlag } from '../support/command-line.js'

const COMMAND = 'npx tsx bench/gc/http2-stream-handles.ts'

const run = promisify(execFile)

type ServerKind = 'http' | 'http2' | 'grpc-js'
const SERVER_KINDS: readonly ServerKind[] = ['http', 'http2', 'grpc-js']
const PATH = '/bench.Service/Call'

// Commands on stdin: `mark` forces a full collection and notes the full collections seen so far,
// `measure` prints how many came since the mark, forces one and exits (V8 writes its trace through
// C stdio, flushed at exit, so the forced collection is the trace's last one, read after the exit).
const SERVER = `
const [kind, youngStreamMaps] = [process.argv[1], process.argv[2] === 'young-stream-maps']
const answer = Buffer.alloc(600, 1)
const { PerformanceObserver, constants, performance } = require('node:perf_hooks')
let majors = 0
let marked = 0
// The open HTTP/2 sessions: the node:http2 server's, or those grpc-js records (its http2Servers).
const sessions = new Set()
let grpcServer
function* openSessions() {
  yield* sessions
  if (grpcServer) for (const info of grpcServer.http2Servers.values()) yield* info.sessions
}
// What lib/grpc/young-stream-maps.ts does on the service's gRPC port: each session's stream Map
// (under Node's private 'state' symbol) swapped for a young copy after a full collection.
function renewStreamMaps() {
  for (const session of openSessions()) {
    const state = session[Object.getOwnPropertySymbols(session).find((symbol) => symbol.description === 'state')]
    state.streams = new Map(state.streams)
  }
}
new PerformanceObserver((list) => {
  let major = false
  for (const entry of list.getEntries()) if (entry.detail.kind === constants.NODE_PERFORMANCE_GC_MAJOR) major = true, majors++
  if (major && youngStreamMaps) renewStreamMaps()
}).observe({ entryTypes: ['gc'] })
function listening(port) { console.log('port ' + port) }
if (kind === 'grpc-js') {
  const grpc = require('@grpc/grpc-js')
  const server = (grpcServer = new grpc.Server())
  const identity = (bytes) => bytes
  server.register('${PATH}', (call, callback) => callback(null, answer), identity, identity, 'unary')
  server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, port) => listening(port))
} else {
  const handler = (request, response) => {
    request.resume()
    response.writeHead(200, { 'content-type': 'application/grpc' })
    response.end(answer)
  }
  const server = kind === 'http2' ? require('node:http2').createServer(handler) : require('node:http').createServer(handler)
  server.on('session', (session) => {
    sessions.add(session)
    session.on('close', () => sessions.delete(session))
  })
  server.keepAliveTimeout = 600000
  server.listen(0, '127.0.0.1', () => listening(server.address().port))
}
process.stdin.on('data', (data) => {
  for (const command of String(data).trim().split('\\n')) {
    if (command === 'mark') {
      globalThis.gc()
      // Its own gc entry arrives a turn later: counted before the mark, not in the load. The time is
      // the trace's clock near enough (both count from the process's start; nothing runs between).
      setTimeout(() => { marked = majors; console.log('marked ' + performance.now()) }, 100)
    }
    if (command === 'measure') {
      console.log('majors-during-load ' + (majors - marked))
      globalThis.gc()
      process.exit(0)
    }
  }
})
`

interface ForcedCollection {
  pauseMs: number
  weakGlobalHandlesMs: number
  externalStringTableMs: number
  heapBeforeMb: number
  heapAfterMb: number
}

interface ServerRun {
  kind: ServerKind
  requests: number
  markCompactsDuringLoad: number
  /** What the load's scavenges promoted, in bytes a request. */
  promotedPerRequest: number
  forced: ForcedCollection
}

class TracedServer {
  private output = ''
  private constructor(private readonly child: ChildProcessWithoutNullStreams) {
    child.stdout.setEncoding('utf8')
    child.stdout.on('data', (chunk: string) => (this.output += chunk))
  }

  private markedAtMs = 0

  static async start(kind: ServerKind, youngStreamMaps: boolean): Promise<{ server: TracedServer; port: number }> {
    const mode = youngStreamMaps ? 'young-stream-maps' : 'as-made'
    const child = spawn(
      process.execPath,
      ['--expose-gc', '--no-allocation-site-pretenuring', '--heap-growing-percent=100', '--trace-gc-nvp', '-e', SERVER, kind, mode],
      { cwd: join(import.meta.dirname, '..', '..') },
    )
    const server = new TracedServer(child)
    const port = Number((await server.waitFor(/^port (\d+)$/m))[1])
    return { server, port }
  }

  async mark(): Promise<void> {
    const from = this.output.length
    this.child.stdin.write('mark\n')
    this.markedAtMs = Number((await this.waitFor(/^marked ([\d.]+)$/m, from))[1])
  }

  /**
   * Forces a full collection, lets the process exit and returns it, the full collections since the
   * mark and the bytes the scavenges since the mark promoted.
   */
  async measure(): Promise<{ collection: GcTraceEntry; markCompactsDuringLoad: number; promotedBytes: number }> {
    // 'close', not 'exit': the trace's last lines may still be in the pipe when the process exits.
    const exited = once(this.child, 'close')
    this.child.stdin.write('measure\n')
    await exited
    const entries = parseGcTrace(this.output)
    const collection = entries.filter((entry) => entry.kind === 'mc').at(-1)
    if (!collection) throw new Error('no full collection in the trace')
    const during = /^majors-during-load (\d+)$/m.exec(this.output)
    const promotedBytes = entries
      .filter((entry) => entry.kind === 's' && entry.atMs > this.markedAtMs)
      .reduce((sum, entry) => sum + entry.promotedBytes, 0)
    return { collection, markCompactsDuringLoad: Number(during?.[1] ?? NaN), promotedBytes }
  }

  kill(): void {
    if (this.child.exitCode === null) this.child.kill('SIGKILL')
  }

  private async waitFor(pattern: RegExp, from = 0): Promise<RegExpExecArray> {
    for (;;) {
      const match = pattern.exec(this.output.slice(from))
      if (match) return match
      await once(this.child.stdout, 'data')
    }
  }
}

function readField(entry: GcTraceEntry, name: string): number {
  const value = entry.fields[name]
  if (value === undefined) throw new Error(`no ${name} in the full collection at ${entry.atMs} ms`)
  return value
}

function toForcedCollection(entry: GcTraceEntry): ForcedCollection {
  return {
    pauseMs: entry.pauseMs,
    weakGlobalHandlesMs: readField(entry, 'clear.weak_global_handles'),
    externalStringTableMs: readField(entry, 'clear.external_string_table'),
    heapBeforeMb: Math.round(readField(entry, 'total_size_before') / 1e5) / 10,
    heapAfterMb: Math.round(readField(entry, 'total_size_after') / 1e5) / 10,
  }
}

interface LoadShape {
  requests: number
  /** Streams in flight on each of the two HTTP/2 connections. */
  streams: number
  bodyFile: string
  /** Header values added to every request (h2load's `-H`). */
  extraHeaders: string[]
}

/** `count` header values as long as an API key (`pf_live_` and 44 characters), one `-H` each. */
function toExtraHeaders(count: number): string[] {
  return Array.from({ length: count }, (_, index) => ['-H', `x-extra-${index}: pf_live_${String(index).padStart(44, 'k')}`]).flat()
}

async function sendRequests(kind: ServerKind, port: number, requests: number, load: LoadShape): Promise<void> {
  const shape = kind === 'http' ? ['--h1', '-c', '32', '-m', '1'] : ['-c', '2', '-m', String(load.streams)]
  const grpc = kind === 'grpc-js' ? ['-d', load.bodyFile, '-H', 'content-type: application/grpc', '-H', 'te: trailers'] : []
  await run('h2load', ['-t', '1', ...shape, ...grpc, ...load.extraHeaders, '-n', String(requests), `http://127.0.0.1:${port}${PATH}`])
}

async function runServer(kind: ServerKind, load: LoadShape, youngStreamMaps: boolean): Promise<ServerRun> {
  const { server, port } = await TracedServer.start(kind, youngStreamMaps)
  try {
    await sendRequests(kind, port, 2_000, load)
    await server.mark()
    await sendRequests(kind, port, load.requests, load)
    // The gc performance entries of the load's last collections arrive a turn later.
    await new Promise((resolve) => setTimeout(resolve, 200))
    const { collection, markCompactsDuringLoad, promotedBytes } = await server.measure()
    return {
      kind,
      requests: load.requests,
      markCompactsDuringLoad,
      promotedPerRequest: Math.round(promotedBytes / load.requests),
      forced: toForcedCollection(collection),
    }
  } finally {
    server.kill()
  }
}

const { values } = readFlags(COMMAND, {
  options: {
    requests: { type: 'string', default: '20000,80000' },
    servers: { type: 'string', default: SERVER_KINDS.join(',') },
    streams: { type: 'string', default: '16' },
    'young-stream-maps': { type: 'boolean', default: false },
    headers: { type: 'string', default: '0' },
  },
})
const streams = Number(values.streams)
if (!Number.isInteger(streams) || streams < 1) rejectFlag(COMMAND, '--streams: a positive whole number')
const headers = Number(values.headers)
if (!Number.isInteger(headers) || headers < 0) rejectFlag(COMMAND, '--headers: a whole number, 0 or more')
const extraHeaders = toExtraHeaders(headers)
const counts = values.requests.split(',').map(Number)
if (counts.some((count) => !(count > 0))) rejectFlag(COMMAND, '--requests: positive counts, comma-separated')
const kinds = values.servers.split(',') as ServerKind[]
if (kinds.some((kind) => !SERVER_KINDS.includes(kind))) rejectFlag(COMMAND, `--servers: some of ${SERVER_KINDS.join(', ')}`)

const workDir = mkdtempSync(join(tmpdir(), 'http2-stream-handles-'))
const bodyFile = join(workDir, 'call.grpc')
writeFileSync(bodyFile, toGrpcFrame(Buffer.alloc(200, 7)))
try {
  const maps = values['young-stream-maps'] ? 'renewed after each full collection' : 'as node:http2 makes them'
  process.stdout.write(
    `node ${process.version}; HTTP/2: 2 connections × ${streams} streams, stream Maps ${maps}; ${headers} header values added to each request; ` +
      `a full collection forced after N requests:\n`,
  )
  for (const requests of counts) {
    for (const kind of kinds) {
      const result = await runServer(kind, { requests, streams, bodyFile, extraHeaders }, values['young-stream-maps'])
      const f = result.forced
      process.stdout.write(
        `  ${kind.padEnd(10)} ${requests.toLocaleString('en-US').padStart(7)} requests: promoted ${result.promotedPerRequest} B a request; ` +
          `forced collection: pause ${f.pauseMs} ms, ` +
          `clear.weak_global_handles ${f.weakGlobalHandlesMs} ms, clear.external_string_table ${f.externalStringTableMs} ms, ` +
          `heap ${f.heapBeforeMb} → ${f.heapAfterMb} MB, ${result.markCompactsDuringLoad} full collections during the load\n`,
      )
    }
  }
} finally {
  rmSync(workDir, { recursive: true, force: true })
}
