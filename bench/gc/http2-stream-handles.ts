/**
 * What a full collection pays for the requests served since the last one, with no work in them:
 * a bare node:http server (keep-alive, each request on a connection's parser), a bare node:http2
 * server (each request a stream) and a grpc-js server whose handler answers at once. Tells whether
 * the gRPC port's long full-collection pauses (`clear.weak_global_handles`,
 * `clear.external_string_table`) come from node:http2 or grpc-js themselves, or from the service.
 *
 * Each server runs in a process of its own (`--trace-gc-nvp`, allocation-site pretenuring off and
 * the old generation's growing factor at 2, as the service runs). After a warm-up and a forced full
 * collection, h2load sends N requests (HTTP/2 and gRPC: 2 connections × 16 streams, the gRPC body
 * framed; HTTP/1.1: `--h1`, 32 connections), then one full collection is forced and its phases read.
 *
 *   npx tsx bench/gc/http2-stream-handles.ts [--requests 20000,80000] [--servers http,http2,grpc-js]
 */
import { spawn, execFile, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { once } from 'node:events'
import { writeFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs, promisify } from 'node:util'
import { toGrpcFrame } from '../support/grpc-frame.js'
import { parseGcTrace, type GcTraceEntry } from './gc-trace.js'

const run = promisify(execFile)

type ServerKind = 'http' | 'http2' | 'grpc-js'
const SERVER_KINDS: readonly ServerKind[] = ['http', 'http2', 'grpc-js']
const PATH = '/bench.Service/Call'

// Commands on stdin: `mark` forces a full collection and notes the full collections seen so far,
// `measure` prints how many came since the mark, forces one and exits (V8 writes its trace through
// C stdio, flushed at exit, so the forced collection is the trace's last one, read after the exit).
const SERVER = `
const kind = process.argv[1]
const answer = Buffer.alloc(600, 1)
const { PerformanceObserver, constants } = require('node:perf_hooks')
let majors = 0
let marked = 0
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) if (entry.detail.kind === constants.NODE_PERFORMANCE_GC_MAJOR) majors++
}).observe({ entryTypes: ['gc'] })
function listening(port) { console.log('port ' + port) }
if (kind === 'grpc-js') {
  const grpc = require('@grpc/grpc-js')
  const server = new grpc.Server()
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
  server.keepAliveTimeout = 600000
  server.listen(0, '127.0.0.1', () => listening(server.address().port))
}
process.stdin.on('data', (data) => {
  for (const command of String(data).trim().split('\\n')) {
    if (command === 'mark') {
      globalThis.gc()
      // Its own gc entry arrives a turn later: counted before the mark, not in the load.
      setTimeout(() => { marked = majors; console.log('marked') }, 100)
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
  forced: ForcedCollection
}

class TracedServer {
  private output = ''
  private constructor(private readonly child: ChildProcessWithoutNullStreams) {
    child.stdout.setEncoding('utf8')
    child.stdout.on('data', (chunk: string) => (this.output += chunk))
  }

  static async start(kind: ServerKind): Promise<{ server: TracedServer; port: number }> {
    const child = spawn(
      process.execPath,
      ['--expose-gc', '--no-allocation-site-pretenuring', '--heap-growing-percent=100', '--trace-gc-nvp', '-e', SERVER, kind],
      { cwd: join(import.meta.dirname, '..', '..') },
    )
    const server = new TracedServer(child)
    const port = Number((await server.waitFor(/^port (\d+)$/m))[1])
    return { server, port }
  }

  async mark(): Promise<void> {
    const from = this.output.length
    this.child.stdin.write('mark\n')
    await this.waitFor(/^marked$/m, from)
  }

  /** Forces a full collection, lets the process exit and returns it and the full collections since the mark. */
  async measure(): Promise<{ collection: GcTraceEntry; markCompactsDuringLoad: number }> {
    // 'close', not 'exit': the trace's last lines may still be in the pipe when the process exits.
    const exited = once(this.child, 'close')
    this.child.stdin.write('measure\n')
    await exited
    const collection = parseGcTrace(this.output)
      .filter((entry) => entry.kind === 'mc')
      .at(-1)
    if (!collection) throw new Error('no full collection in the trace')
    const during = /^majors-during-load (\d+)$/m.exec(this.output)
    return { collection, markCompactsDuringLoad: Number(during?.[1] ?? NaN) }
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

async function sendRequests(kind: ServerKind, port: number, requests: number, bodyFile: string): Promise<void> {
  const shape = kind === 'http' ? ['--h1', '-c', '32', '-m', '1'] : ['-c', '2', '-m', '16']
  const grpc = kind === 'grpc-js' ? ['-d', bodyFile, '-H', 'content-type: application/grpc', '-H', 'te: trailers'] : []
  await run('h2load', ['-t', '1', ...shape, ...grpc, '-n', String(requests), `http://127.0.0.1:${port}${PATH}`])
}

async function runServer(kind: ServerKind, requests: number, bodyFile: string): Promise<ServerRun> {
  const { server, port } = await TracedServer.start(kind)
  try {
    await sendRequests(kind, port, 2_000, bodyFile)
    await server.mark()
    await sendRequests(kind, port, requests, bodyFile)
    // The gc performance entries of the load's last collections arrive a turn later.
    await new Promise((resolve) => setTimeout(resolve, 200))
    const { collection, markCompactsDuringLoad } = await server.measure()
    return { kind, requests, markCompactsDuringLoad, forced: toForcedCollection(collection) }
  } finally {
    server.kill()
  }
}

const { values } = parseArgs({
  options: { requests: { type: 'string', default: '20000,80000' }, servers: { type: 'string', default: SERVER_KINDS.join(',') } },
})
const counts = values.requests.split(',').map(Number)
if (counts.some((count) => !(count > 0))) throw new Error('--requests: positive counts, comma-separated')
const kinds = values.servers.split(',') as ServerKind[]
if (kinds.some((kind) => !SERVER_KINDS.includes(kind))) throw new Error(`--servers: some of ${SERVER_KINDS.join(', ')}`)

const workDir = mkdtempSync(join(tmpdir(), 'http2-stream-handles-'))
const bodyFile = join(workDir, 'call.grpc')
writeFileSync(bodyFile, toGrpcFrame(Buffer.alloc(200, 7)))
try {
  process.stdout.write(`node ${process.version}; a full collection forced after N requests:\n`)
  for (const requests of counts) {
    for (const kind of kinds) {
      const result = await runServer(kind, requests, bodyFile)
      const f = result.forced
      process.stdout.write(
        `  ${kind.padEnd(10)} ${requests.toLocaleString('en-US').padStart(7)} requests: pause ${f.pauseMs} ms, ` +
          `clear.weak_global_handles ${f.weakGlobalHandlesMs} ms, clear.external_string_table ${f.externalStringTableMs} ms, ` +
          `heap ${f.heapBeforeMb} → ${f.heapAfterMb} MB, ${result.markCompactsDuringLoad} full collections during the load\n`,
      )
    }
  }
} finally {
  rmSync(workDir, { recursive: true, force: true })
}
