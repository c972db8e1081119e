// The load worker in its own process, for about a second at a low rate, against a real stack over
// REST (with an API key) and gRPC: it must answer every request without an error (keeps bench/load/
// from rotting).
import t from 'tap'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { createEdgeServer } from '../../edge/server.js'
import { createInProcessEngineClient } from '../../edge/engine-client.js'
import { startEngineServer } from '../../engine/server.js'
import { createBenchCase } from '../../bench/support/bench-cases.js'
import { createLoadWorker } from '../../bench/load/load-worker-client.js'
import type { LoadRunSpec } from '../../bench/load/load-run-spec.js'
import { createTestAccounts, registerTestUser } from '../helpers/accounts.js'
import { quietLogger, startStack } from '../helpers/stack.js'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

t.test('the load worker drives REST and gRPC on a schedule and in a closed loop', async (t) => {
  const { engine, rpc } = await startStack(t)
  const grpc = await startEngineServer(engine, '127.0.0.1', 0)
  t.teardown(() => grpc.close())
  const testAccounts = await createTestAccounts(t)
  const edge = createEdgeServer({
    engine: createInProcessEngineClient(engine),
    accounts: testAccounts.accounts,
    signingKey: testAccounts.signingKey,
    invalidations: testAccounts.bus,
    logger: quietLogger,
    bodyLimitBytes: 262_144,
  })
  await edge.listen({ port: 0, host: '127.0.0.1' })
  t.teardown(() => edge.close())
  const user = await registerTestUser(edge)
  const worker = createLoadWorker(ROOT)
  t.teardown(() => worker.close())

  const { value } = await rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
  const { bytes } = createBenchCase('sol-transfer', value.blockhash)
  const base64 = Buffer.from(bytes).toString('base64')
  const rest = {
    kind: 'http',
    origin: `http://127.0.0.1:${(edge.server.address() as AddressInfo).port}`,
    path: '/api/v1/solana/tx/simulate',
    bodies: [JSON.stringify({ transaction: base64 })],
    answer: 'rest',
    headers: { 'x-api-key': user.apiKey },
  } as const
  const grpcTarget = { kind: 'grpc', address: grpc.address, transactions: [base64], replaceRecentBlockhash: false } as const
  const open = { mode: 'open', ratePerS: 50, warmupMs: 100, durationS: 1, drainTimeoutMs: 2_000, connections: 2 } as const

  const specs: Array<[string, LoadRunSpec]> = [
    ['REST open loop', { ...open, target: rest }],
    ['gRPC open loop', { ...open, target: grpcTarget }],
    ['REST closed loop (autocannon)', { mode: 'saturation', concurrency: 2, warmupMs: 0, durationS: 1, target: rest }],
    ['gRPC closed loop', { mode: 'saturation', concurrency: 2, warmupMs: 100, durationS: 0.5, target: grpcTarget }],
  ]
  for (const [name, spec] of specs) {
    let windows = 0
    const result = await worker.run(spec, { onMeasuring: () => windows++, onMeasured: () => windows++ })
    t.ok(result.latency.count > 0, `${name}: requests were measured (${result.latency.count})`)
    t.equal(result.latency.errors, 0, `${name}: no errors (${result.firstError ?? 'none'})`)
    t.ok(result.latency.p50Ms > 0 && result.latency.p50Ms <= result.latency.maxMs, `${name}: p50 ${result.latency.p50Ms} ms ≤ max`)
    t.equal(windows, 2, `${name}: the measured window was announced`)
    if (spec.mode === 'open') t.equal(result.sent, 50, `${name}: the schedule sent rate × duration requests`)
  }

  // A request the service rejects must count as an error, not as a fast answer.
  const shortOpen = { ...open, ratePerS: 40, durationS: 0.25 }
  const badRest = await worker.run({ ...shortOpen, target: { ...rest, bodies: [JSON.stringify({ transaction: 'not base64!' })] } })
  t.equal(badRest.latency.errors, badRest.latency.count, `a 422 is an error (${badRest.firstError})`)
  t.match(badRest.firstError, /HTTP 422/, 'the error names the status')
  // Without the key, every REST request is a 401: an error too, from either HTTP generator.
  const { headers: _key, ...keyless } = rest
  const unauthorizedOpen = await worker.run({ ...shortOpen, target: keyless })
  t.ok(unauthorizedOpen.latency.count > 0, 'the keyless requests were counted')
  t.equal(unauthorizedOpen.latency.errors, unauthorizedOpen.latency.count, `a 401 is an error (${unauthorizedOpen.firstError})`)
  t.match(unauthorizedOpen.firstError, /HTTP 401/, 'the error names the status')
  const unauthorizedClosed = await worker.run({ mode: 'saturation', concurrency: 2, warmupMs: 0, durationS: 1, target: keyless })
  t.ok(unauthorizedClosed.latency.errors > 0, `autocannon counts the 401s as errors (${unauthorizedClosed.firstError})`)
  t.equal(unauthorizedClosed.latency.errors, unauthorizedClosed.latency.count, 'every keyless request was an error')
  const badGrpc = await worker.run({ ...shortOpen, target: { ...grpcTarget, transactions: [''] } })
  t.equal(badGrpc.latency.errors, badGrpc.latency.count, `a gRPC error status is an error (${badGrpc.firstError})`)
  t.ok(badGrpc.latency.count > 0, 'the rejected calls were counted')
})
