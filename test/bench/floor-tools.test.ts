import { createServer } from 'node:http'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { getAnswerTail, readFrameId } from '../../bench/floor/bare-ws-server.js'
import { toGrpcFrame } from '../../bench/support/grpc-frame.js'
import { summarizeGcPauses } from '../../bench/floor/gc-window.js'
import { H2LOAD, parseH2loadLog, parseH2loadOutput, runH2load } from '../../bench/floor/h2load-run.js'
import { createBareGrpcServer } from '../../bench/floor/bare-grpc-server.js'
import { splitEvenly } from '../../bench/floor/worker-pool.js'
import { createWrkScript, parseWrkOutput, toLuaString } from '../../bench/floor/wrk-script.js'
import { runWrk, WRK } from '../../bench/floor/wrk-run.js'

t.test('the wrk script prebuilds every body with the headers and prints one result line', async (t) => {
  const script = createWrkScript({ path: '/api/v1/solana/tx/simulate', headers: { 'x-api-key': 'k"1' }, bodiesFile: '/tmp/b.bodies' })
  t.match(script, 'local bodies_file = "/tmp/b.bodies"')
  t.match(script, '["x-api-key"] = "k\\"1"')
  t.match(script, '["content-type"] = "application/json"')
  t.throws(() => toLuaString('é'))
  const figures = parseWrkOutput(
    'Running 1s test\nWRK_RESULT {"requests":10,"durationUs":1000000,"connectErrors":0,"readErrors":0,"writeErrors":0,"statusErrors":1,"timeouts":0,"p50Us":100,"p90Us":150,"p99Us":300,"p999Us":400,"maxUs":500,"meanUs":110.5}\n',
  )
  t.equal(figures.statusErrors, 1)
  t.equal(figures.p99Us, 300)
  t.throws(() => parseWrkOutput('unable to connect'))
})

t.test(
  'wrk sends the bodies in turn, not one body again and again',
  { skip: existsSync(WRK) ? false : `${WRK} is not installed` },
  async (t) => {
    const seen = new Map<string, number>()
    let apiKey: string | undefined
    const server = createServer((req, res) => {
      const chunks: Buffer[] = []
      apiKey = req.headers['x-api-key'] as string
      req.on('data', (chunk: Buffer) => chunks.push(chunk))
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString()
        seen.set(body, (seen.get(body) ?? 0) + 1)
        res.end('{}')
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const workDir = mkdtempSync(join(tmpdir(), 'wrk-test-'))
    t.teardown(() => {
      server.close()
      rmSync(workDir, { recursive: true, force: true })
    })
    const bodies = Array.from({ length: 50 }, (_, i) => JSON.stringify({ transaction: `tx-${i}` }))
    const run = await runWrk({
      origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      path: '/x',
      headers: { 'x-api-key': 'bench' },
      bodies,
      threads: 1,
      connections: 1,
      durationS: 1,
      workDir,
      name: 'cycle',
    })
    t.ok(run.latency.count > 50, `${run.latency.count} requests`)
    t.equal(seen.size, 50, 'every body was sent')
    t.equal(apiKey, 'bench')
    t.equal(run.latency.errors, 0)

    // Many callers: body i with key i % 3, every pairing the same each time round.
    const pairs = new Set<string>()
    server.removeAllListeners('request')
    server.on('request', (req, res) => {
      let body = ''
      req.on('data', (chunk: Buffer) => (body += chunk.toString()))
      req.on('end', () => {
        pairs.add(`${String(req.headers['x-api-key'])} ${body}`)
        res.end('{}')
      })
    })
    await runWrk({
      origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      path: '/x',
      headers: {},
      bodies: bodies.slice(0, 6),
      threads: 1,
      connections: 1,
      durationS: 1,
      workDir,
      name: 'rotated',
      rotatedHeader: { name: 'x-api-key', values: ['k0', 'k1', 'k2'] },
    })
    t.same(
      [...pairs].sort(),
      bodies
        .slice(0, 6)
        .map((body, i) => `k${i % 3} ${body}`)
        .sort(),
      'each body with its own key',
    )
  },
)

t.test('h2load totals and its per-request log are read', async (t) => {
  const counts = parseH2loadOutput(
    'finished in 2.00s, 5000.00 req/s, 1MB/s\nrequests: 10000 total, 10000 started, 10000 done, 9990 succeeded, 10 failed, 0 errored, 0 timeout\n',
  )
  t.same(counts, { succeeded: 9990, failed: 10, errored: 0, timeout: 0, durationS: 2 })
  t.same(parseH2loadLog('1700000000000000\t200\t120\n1700000000000100\t200\t95\n'), [120, 95])
  t.throws(() => parseH2loadOutput('connect failed'))
})

t.test(
  'h2load runs its calls in flight against the gRPC floor, each run read apart',
  { skip: existsSync(H2LOAD) ? false : `${H2LOAD} is not installed` },
  async (t) => {
    const server = await createBareGrpcServer(Buffer.from([0, 0, 0, 0, 1, 8]))
    t.teardown(() => server.close())
    const workDir = mkdtempSync(join(tmpdir(), 'h2load-'))
    t.teardown(() => rmSync(workDir, { recursive: true, force: true }))
    const saturate = () =>
      runH2load({
        url: `http://127.0.0.1:${server.port}/preflight.engine.v1.Engine/Simulate`,
        body: Buffer.from([0, 0, 0, 0, 2, 10, 0]),
        headers: {},
        clients: 2,
        streams: 4,
        threads: 1,
        durationS: 0.5,
        workDir,
        name: 'saturation',
      })
    const run = await saturate()
    t.match(run.tool, /^h2load \(1 thread, 2 connections × 4 streams/)
    t.equal(run.concurrency, 8)
    t.equal(run.targetRatePerS, null)
    t.equal(run.latency.errors, 0)
    t.equal(run.firstError, null)
    const expected = run.achievedRatePerS * run.durationS
    t.ok(Math.abs(run.latency.count - expected) <= expected * 0.02 + 5, `its own calls timed: ${run.latency.count} of ${expected}`)
    // The same name again (h2load appends to its log): only the second run's calls are read.
    const again = await saturate()
    const expectedAgain = again.achievedRatePerS * again.durationS
    t.ok(
      Math.abs(again.latency.count - expectedAgain) <= expectedAgain * 0.02 + 5,
      `the second run's calls alone: ${again.latency.count} of ${expectedAgain}`,
    )
  },
)

t.test('the bare WebSocket server answers with the message id in place of the captured one', async (t) => {
  t.equal(readFrameId('{"id":4711,"transaction":"AA"}'), '4711')
  t.equal(readFrameId('{"transaction":"AA"}'), null)
  const tail = getAnswerTail('{"id":1,"success":true}')
  t.equal(`{"id":${readFrameId('{"id":99,"x":1}')}${tail}`, '{"id":99,"success":true}')
  t.throws(() => getAnswerTail('{"error":"x"}'))
})

t.test('a gRPC frame is a zero flag, a big-endian length and the message', async (t) => {
  const frame = toGrpcFrame(Buffer.from([1, 2, 3]))
  t.same([...frame], [0, 0, 0, 0, 3, 1, 2, 3])
})

t.test('GC pauses are summarised by nearest rank; load splits evenly', async (t) => {
  const summary = summarizeGcPauses([...Array.from({ length: 99 }, () => 1), 30])
  t.same(summary, { count: 100, p50Ms: 1, p99Ms: 1, maxMs: 30, totalMs: 129 })
  t.same(summarizeGcPauses([]), { count: 0, p50Ms: 0, p99Ms: 0, maxMs: 0, totalMs: 0 })
  t.same(splitEvenly(16, 3), [6, 5, 5])
  t.same(splitEvenly(1, 2), [1, 0])
})
