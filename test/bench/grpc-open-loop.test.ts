/**
 * The gRPC open-loop generator (bench/floor/grpc-open-loop.c): calls reach the server evenly
 * spaced at the rate asked for (where h2load --rps sends a connection's calls in 10 ms bursts), each
 * carrying the headers given, and an answer that is not grpc-status 0, or none at all, is an error.
 */
import { createServer, type Http2Server, type ServerHttp2Session, type ServerHttp2Stream } from 'node:http2'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t, { type Test } from 'tap'
import { NGHTTP2_HEADER, parseGrpcOpenLoopLog, parseGrpcOpenLoopOutput, runGrpcOpenLoop } from '../../bench/floor/grpc-open-loop-run.js'

const PATH = '/preflight.engine.v1.Engine/Simulate'
const BODY = Buffer.from([0, 0, 0, 0, 2, 10, 0])
const skip = existsSync(NGHTTP2_HEADER) ? false : `${NGHTTP2_HEADER} is missing (libnghttp2-dev)`

/** A gRPC server on a free port whose streams `answer` handles; closed with the test. */
async function startServer(t: Test, answer: (stream: ServerHttp2Stream, headers: Record<string, unknown>) => void): Promise<string> {
  const server: Http2Server = createServer()
  const sessions = new Set<ServerHttp2Session>()
  server.on('session', (session) => sessions.add(session))
  server.on('stream', (stream, headers) => {
    stream.on('error', () => undefined)
    answer(stream, headers)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  t.teardown(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        // A stream left unanswered on purpose would hold the close.
        for (const session of sessions) session.destroy()
      }),
  )
  return `127.0.0.1:${(server.address() as AddressInfo).port}`
}

function answerWith(stream: ServerHttp2Stream, grpcStatus: string): void {
  stream.on('data', () => undefined)
  stream.on('end', () => {
    if (stream.destroyed) return
    stream.respond({ ':status': 200, 'content-type': 'application/grpc' }, { waitForTrailers: true })
    stream.once('wantTrailers', () => stream.sendTrailers({ 'grpc-status': grpcStatus }))
    stream.end(Buffer.from([0, 0, 0, 0, 1, 8]))
  })
}

function workDir(t: Test): string {
  const dir = mkdtempSync(join(tmpdir(), 'grpc-open-loop-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

t.test('its totals and its per-call log are read', async (t) => {
  t.same(parseGrpcOpenLoopOutput('sent 10 answered 8 failed 1 unanswered 1 max_lateness_us 250\n'), {
    sent: 10,
    answered: 8,
    failed: 1,
    unanswered: 1,
    maxLatenessUs: 250,
  })
  t.throws(() => parseGrpcOpenLoopOutput('connect: refused'))
  t.same(parseGrpcOpenLoopLog('100\t0\t350\n2600\t2\t1000000\n'), [
    { dueUs: 100, outcome: 0, latencyUs: 350 },
    { dueUs: 2600, outcome: 2, latencyUs: 1_000_000 },
  ])
})

t.test('calls reach the server evenly spaced, at the rate, with the headers given', { skip }, async (t) => {
  const arrivals: number[] = []
  let apiKey: unknown
  const address = await startServer(t, (stream, headers) => {
    arrivals.push(performance.now())
    apiKey = headers['x-api-key']
    answerWith(stream, '0')
  })
  const run = await runGrpcOpenLoop({
    address,
    path: PATH,
    body: BODY,
    headers: { 'x-api-key': 'k1' },
    ratePerS: 400,
    durationS: 1,
    warmUpS: 0.3,
    connections: 2,
    workDir: workDir(t),
    name: 'even',
  })
  t.equal(apiKey, 'k1')
  t.equal(run.latency.count, 400, 'every call of the measured second timed')
  t.equal(run.latency.errors, 0)
  t.equal(run.firstError, null)
  t.equal(run.targetRatePerS, 400)
  t.ok(run.achievedRatePerS >= 390 && run.achievedRatePerS <= 400, `at its rate: ${run.achievedRatePerS}/s`)
  t.equal(arrivals.length, 520, 'the warm-up calls were sent too')
  // 2.5 ms apart on schedule. h2load --rps at this rate put 327 of 517 within 0.5 ms of another.
  const gaps = arrivals.slice(1).map((at, i) => at - (arrivals[i] as number))
  const close = gaps.filter((gap) => gap < 0.5).length
  t.ok(close < gaps.length * 0.25, `${close} of ${gaps.length} calls arrived within 0.5 ms of the one before`)
})

t.test('an answer other than grpc-status 0, and no answer at all, are errors', { skip }, async (t) => {
  const refusing = await startServer(t, (stream) => answerWith(stream, '14'))
  const options = { path: PATH, body: BODY, headers: {}, ratePerS: 100, durationS: 0.2, warmUpS: 0, connections: 1 }
  const refused = await runGrpcOpenLoop({ ...options, address: refusing, workDir: workDir(t), name: 'refused' })
  t.equal(refused.latency.count, 20)
  t.equal(refused.latency.errors, 20, 'UNAVAILABLE counted as failed')
  t.match(refused.firstError, /20 failed, 0 unanswered of 20/)

  const silent = await startServer(t, (stream) => stream.on('data', () => undefined))
  const unanswered = await runGrpcOpenLoop({ ...options, address: silent, workDir: workDir(t), name: 'silent' })
  t.equal(unanswered.latency.errors, 20, 'unanswered after the drain: errors')
  t.ok(unanswered.latency.p50Ms >= 900, `timed to the end of the drain: p50 ${unanswered.latency.p50Ms} ms`)
  t.match(unanswered.firstError, /0 failed, 20 unanswered of 20/)
})
