/**
 * The load worker: a process of its own, so that the generator's CPU is not the server's. Reads
 * one run spec per line on stdin (bench/load/load-run-spec.ts), runs it, and writes JSON lines
 * back: `measuring` and `measured` at the edges of the measured window (the orchestrator samples
 * the server's CPU in between), then `result` (or `error`). Exits when stdin closes.
 *
 * Open loop: undici Pool (HTTP), node:http2 with gRPC framing (gRPC: grpc-engine-stub.ts) or ws (the
 * WebSocket stream) on a fixed schedule, latency from each request's intended start. Saturation:
 * autocannon (HTTP), or a closed loop of gRPC (node:http2) or ws callers. Stream (WebSocket only):
 * one socket sent a fixed number of messages as fast as it takes them.
 */
import { createInterface } from 'node:readline'
import { createGcPauseLog, type GcPauseStats } from './gc-pauses.js'
import { runGrpcOpenLoop } from './grpc-open-loop.js'
import type { ClosedLoopOutcome } from './closed-loop.js'
import { runGrpcSaturation } from './grpc-saturation.js'
import { runHttpOpenLoop } from './http-open-loop.js'
import { runHttpSaturation } from './http-saturation.js'
import { encodeHistogram, MS_PER_US, toLatencySummary } from './latency-histogram.js'
import type { LoadRunSpec, LoadTarget, WindowHooks, WorkerMessage, WorkerRunResult } from './load-run-spec.js'
import type { OpenLoopOutcome } from './open-loop.js'
import { runWebSocketOpenLoop } from './websocket-open-loop.js'
import { runWebSocketSaturation } from './websocket-saturation.js'
import { runWebSocketStream, type StreamOutcome } from './websocket-stream.js'

function send(message: WorkerMessage): void {
  process.stdout.write(`${JSON.stringify(message)}\n`)
}

const gcPauses = createGcPauseLog()

/** What a generator measured; the worker adds its own usage. */
type RunFigures = Omit<WorkerRunResult, 'generator' | 'generatorCpuPct' | 'generatorGc'>

interface WindowMeter extends WindowHooks {
  /** CPU of this process over the window, % of one core, and its GC pauses. */
  getUsage(): { cpuPct: number; gc: GcPauseStats }
}

/** Hooks that tell the orchestrator about the window and measure the worker's own CPU and GC over it. */
function createWindowMeter(): WindowMeter {
  let cpuStart = process.cpuUsage()
  let wallStart = performance.now()
  let wallEnd: number | undefined
  let cpuPct = 0
  return {
    onMeasuring() {
      cpuStart = process.cpuUsage()
      wallStart = performance.now()
      send({ type: 'measuring' })
    },
    onMeasured() {
      wallEnd = performance.now()
      const cpu = process.cpuUsage(cpuStart)
      const wallUs = (wallEnd - wallStart) * 1000
      cpuPct = wallUs > 0 ? Math.round(((cpu.user + cpu.system) / wallUs) * 1000) / 10 : 0
      send({ type: 'measured' })
    },
    getUsage: () => ({ cpuPct, gc: gcPauses.getStats(wallStart, wallEnd ?? performance.now()) }),
  }
}

function fromOpenLoop(outcome: OpenLoopOutcome): RunFigures {
  const answered = outcome.histogram.totalCount - outcome.timeouts
  return {
    sent: outcome.sent,
    latency: toLatencySummary(outcome.histogram, outcome.errors, MS_PER_US),
    histogram: encodeHistogram(outcome.histogram),
    timeouts: outcome.timeouts,
    durationS: Math.round(outcome.windowMs) / 1000,
    achievedRatePerS: Math.round((answered / outcome.answeredWithinMs) * 1000 * 10) / 10,
    firstError: outcome.firstError,
  }
}

function fromClosedLoop(outcome: ClosedLoopOutcome): RunFigures {
  const count = outcome.histogram.totalCount
  return {
    sent: count,
    latency: toLatencySummary(outcome.histogram, outcome.errors, MS_PER_US),
    histogram: encodeHistogram(outcome.histogram),
    timeouts: 0,
    durationS: Math.round(outcome.windowMs) / 1000,
    achievedRatePerS: Math.round((count / outcome.windowMs) * 1000 * 10) / 10,
    firstError: outcome.firstError,
  }
}

function fromStream(outcome: StreamOutcome): RunFigures {
  const answered = outcome.histogram.totalCount
  return {
    sent: outcome.sent,
    latency: toLatencySummary(outcome.histogram, outcome.errors, MS_PER_US),
    histogram: encodeHistogram(outcome.histogram),
    timeouts: outcome.timeouts,
    durationS: Math.round(outcome.totalMs) / 1000,
    achievedRatePerS: outcome.totalMs > 0 ? Math.round((answered / outcome.totalMs) * 1000 * 10) / 10 : 0,
    firstError: outcome.firstError,
    peakUnanswered: outcome.peakUnanswered,
  }
}

function getSockets(target: Extract<LoadTarget, { kind: 'websocket' }>, concurrency?: number): string {
  const sockets = concurrency === undefined ? target.sockets : Math.min(target.sockets, concurrency)
  return `ws, ${target.format === 'json' ? 'JSON text' : 'MessagePack binary'} frames, ${sockets} socket${sockets === 1 ? '' : 's'}`
}

async function runOpen(spec: Extract<LoadRunSpec, { mode: 'open' }>, hooks: WindowMeter): Promise<[string, RunFigures]> {
  const { target } = spec
  switch (target.kind) {
    case 'http':
      return [`undici Pool (${spec.connections} connections), open loop`, fromOpenLoop(await runHttpOpenLoop(spec, target, hooks))]
    case 'grpc':
      return ['node:http2 gRPC framing, one connection, open loop', fromOpenLoop(await runGrpcOpenLoop(spec, target, hooks))]
    case 'websocket':
      return [`${getSockets(target)}, open loop`, fromOpenLoop(await runWebSocketOpenLoop(spec, target, hooks))]
  }
}

async function runSaturation(spec: Extract<LoadRunSpec, { mode: 'saturation' }>, hooks: WindowMeter): Promise<[string, RunFigures]> {
  const { target } = spec
  switch (target.kind) {
    case 'http':
      return [`autocannon, ${spec.concurrency} connections`, fromClosedLoop(await runHttpSaturation(spec, target, hooks))]
    case 'grpc':
      return [
        `node:http2 gRPC framing, one connection, ${spec.concurrency} callers`,
        fromClosedLoop(await runGrpcSaturation(spec, target, hooks)),
      ]
    case 'websocket':
      return [
        `${getSockets(target, spec.concurrency)}, ${spec.concurrency} callers`,
        fromClosedLoop(await runWebSocketSaturation(spec, target, hooks)),
      ]
  }
}

/** Runs one spec with the generator its target and mode call for. */
export async function runLoadSpec(spec: LoadRunSpec, hooks: WindowMeter): Promise<WorkerRunResult> {
  let generator: string
  let figures: RunFigures
  if (spec.mode === 'open') [generator, figures] = await runOpen(spec, hooks)
  else if (spec.mode === 'saturation') [generator, figures] = await runSaturation(spec, hooks)
  else {
    if (spec.target.kind !== 'websocket') throw new Error(`a stream run needs a WebSocket target, not ${spec.target.kind}`)
    generator = `${getSockets(spec.target, 1)}, ${spec.count} messages as fast as the socket takes them`
    figures = fromStream(await runWebSocketStream(spec, spec.target, hooks))
  }
  // Let the last GC entries of the window arrive (they are delivered asynchronously).
  await new Promise((resolve) => setTimeout(resolve, 5))
  const usage = hooks.getUsage()
  return { generator, ...figures, generatorCpuPct: usage.cpuPct, generatorGc: usage.gc }
}

// Specs run one after another, in the order they arrive.
let queue = Promise.resolve()
const lines = createInterface({ input: process.stdin })
lines.on('line', (line) => {
  queue = queue.then(async () => {
    try {
      const result = await runLoadSpec(JSON.parse(line) as LoadRunSpec, createWindowMeter())
      send({ type: 'result', result })
    } catch (error) {
      send({ type: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) })
    }
  })
})
lines.on('close', () => {
  void queue.then(() => process.exit(0))
})
