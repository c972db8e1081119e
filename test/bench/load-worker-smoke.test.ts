// The load worker in its own process, briefly and at low rates, against a real stack wired as
// `npm start` wires it (one set of caller services for the edge and the engine's gRPC gate): REST,
// simulate-batch, the WebSocket stream (JSON and MessagePack) and gRPC with the API key. Every
// mode must answer every request without an error and fill its histogram; a rejected request must
// count as an error (keeps bench/load/ from rotting).
import t from 'tap'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { Packr } from 'msgpackr'
import { createEdgeServer } from '../../edge/server.js'
import { createInProcessEngineClient } from '../../engine/client/engine-client.js'
import { createInProcessUserServiceClient } from '../../accounts/user-service-client.js'
import { createCallerServices } from '../../callers/caller-services.js'
import { createDirectCallGate } from '../../engine/grpc/direct-call-gate.js'
import { startEngineServer } from '../../engine/server.js'
import { createDisabledAdmission } from '../../lib/limits/disabled-admission.js'
import { createBenchCase } from '../../bench/support/bench-cases.js'
import { createCountedUserService } from '../../bench/support/counted-user-service.js'
import { createLoadWorker } from '../../bench/load/load-worker-client.js'
import type { LoadRunSpec, LoadTarget } from '../../bench/load/load-run-spec.js'
import { readStreamAnswer } from '../../bench/load/stream-answer.js'
import { createTestUserService, registerTestUser } from '../helpers/user-service.js'
import { quietLogger, startStack } from '../helpers/stack.js'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

t.test('an answer frame gives its id and kind from its first bytes, in both encodings', async (t) => {
  const packr = new Packr({ useRecords: false, mapsAsObjects: true })
  const answer = { success: true, compute_units: 150, logs: ['a'], decision: 'approve' }
  const error = { code: 'invalid_transaction', message: 'no', request_id: 'r' }
  for (const id of [0, 7, 127, 128, 255, 256, 65_535, 65_536, 4_000_000_000]) {
    t.same(readStreamAnswer(Buffer.from(JSON.stringify({ id, ...answer })), 'json'), { id, isError: false }, `JSON answer ${id}`)
    t.same(readStreamAnswer(Buffer.from(JSON.stringify({ id, error })), 'json'), { id, isError: true }, `JSON error ${id}`)
    t.same(readStreamAnswer(packr.pack({ id, ...answer }), 'msgpack'), { id, isError: false }, `MessagePack answer ${id}`)
    t.same(readStreamAnswer(packr.pack({ id, error }), 'msgpack'), { id, isError: true }, `MessagePack error ${id}`)
  }
  // A large answer is a map16; an error about an unreadable message has no id.
  const wide = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`field${i}`, i]))
  t.same(readStreamAnswer(packr.pack({ id: 9, ...wide }), 'msgpack'), { id: 9, isError: false }, 'map16')
  t.same(readStreamAnswer(Buffer.from(JSON.stringify({ id: null, error })), 'json'), { id: null, isError: true })
  t.same(readStreamAnswer(packr.pack({ id: null, error }), 'msgpack'), { id: null, isError: true })
  t.equal(readStreamAnswer(Buffer.from('{"success":true}'), 'json'), undefined, 'no id first: not an answer the edge writes')
  t.equal(readStreamAnswer(packr.pack({ success: true }), 'msgpack'), undefined)
  t.equal(readStreamAnswer(Buffer.from('{"id":"abc","error":{}}'), 'json'), undefined, 'the load client sends integer ids only')
})

t.test('the load worker drives every door on a schedule, in a closed loop and as a stream', async (t) => {
  const { engine, rpc } = await startStack(t)
  const users = await createTestUserService(t)
  const counted = createCountedUserService(createInProcessUserServiceClient(users.userService))
  // As main.ts and bench/support/bench-service.ts: the gRPC port takes the key through the gate.
  const callers = createCallerServices({
    userService: counted.userService,
    signingKey: users.signingKey,
    admission: createDisabledAdmission(),
    logger: quietLogger,
    invalidations: users.bus,
  })
  t.teardown(() => callers.close())
  const grpc = await startEngineServer(engine, '127.0.0.1', 0, { gate: createDirectCallGate({ callers }) })
  t.teardown(() => grpc.close())
  const edge = createEdgeServer({
    engine: createInProcessEngineClient(engine),
    userService: users.userService,
    signingKey: users.signingKey,
    callers,
    logger: quietLogger,
    bodyLimitBytes: 262_144,
  })
  await edge.listen({ port: 0, host: '127.0.0.1' })
  t.teardown(() => edge.close())
  const user = await registerTestUser(edge)
  const worker = createLoadWorker(ROOT)
  t.teardown(() => worker.close())

  const { value } = await rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
  const base64 = [createBenchCase('sol-transfer', value.blockhash), createBenchCase('spl-transfer', value.blockhash)].map((c) =>
    Buffer.from(c.bytes).toString('base64'),
  )
  const origin = `http://127.0.0.1:${(edge.server.address() as AddressInfo).port}`
  const key = { 'x-api-key': user.apiKey }
  const rest = {
    kind: 'http',
    origin,
    path: '/api/v1/solana/tx/simulate',
    bodies: base64.map((transaction) => JSON.stringify({ transaction })),
    answer: 'rest',
    headers: key,
  } as const
  const batch = {
    kind: 'http',
    origin,
    path: '/api/v1/solana/tx/simulate-batch',
    bodies: [JSON.stringify({ transactions: [...base64, ...base64, ...base64, ...base64, ...base64] })],
    answer: 'rest',
    headers: key,
    expectEnd: '"total":10,"succeeded":10,"failed":0}',
  } as const
  const grpcTarget = {
    kind: 'grpc',
    address: grpc.address,
    transactions: base64,
    replaceRecentBlockhash: false,
    apiKey: user.apiKey,
  } as const
  const websocket = {
    kind: 'websocket',
    url: `${origin.replace('http', 'ws')}/api/v1/solana/stream`,
    headers: key,
    transactions: base64,
    replaceRecentBlockhash: false,
    format: 'json',
    sockets: 2,
  } as const
  const msgpack = { ...websocket, format: 'msgpack', sockets: 1 } as const
  const open = { mode: 'open', ratePerS: 200, warmupMs: 50, durationS: 0.25, drainTimeoutMs: 2_000, connections: 2 } as const
  const closed = { mode: 'saturation', concurrency: 4, warmupMs: 50, durationS: 0.3 } as const

  const specs: Array<[string, LoadRunSpec, number?]> = [
    ['REST open loop', { ...open, target: rest }, 50],
    ['gRPC open loop (with the key, through the gate)', { ...open, target: grpcTarget }, 50],
    ['WebSocket open loop, JSON, 2 sockets', { ...open, ratePerS: 1_000, target: websocket }, 250],
    ['WebSocket open loop, MessagePack', { ...open, ratePerS: 1_000, target: msgpack }, 250],
    ['batch open loop', { ...open, ratePerS: 40, target: batch }, 10],
    ['REST closed loop (autocannon)', { mode: 'saturation', concurrency: 2, warmupMs: 0, durationS: 1, target: rest }],
    ['batch closed loop (autocannon)', { mode: 'saturation', concurrency: 2, warmupMs: 0, durationS: 1, target: batch }],
    ['gRPC closed loop', { ...closed, target: grpcTarget }],
    ['WebSocket closed loop, JSON', { ...closed, target: websocket }],
    ['WebSocket closed loop, MessagePack', { ...closed, target: msgpack }],
    ['WebSocket stream', { mode: 'stream', count: 400, drainTimeoutMs: 5_000, target: websocket }, 400],
  ]
  let lookupsAfterFirst: number | undefined
  for (const [name, spec, expectedSent] of specs) {
    let windows = 0
    await callers.history.flush()
    const recordsBefore = counted.counts.historyRecords
    const result = await worker.run(spec, { onMeasuring: () => windows++, onMeasured: () => windows++ })
    await callers.history.flush()
    // Every door records its simulations in history, the gRPC port too (warm-up requests included).
    const recorded = counted.counts.historyRecords - recordsBefore
    const simulations = result.latency.count * (spec.target.kind === 'http' && spec.target.path.endsWith('-batch') ? 10 : 1)
    t.ok(recorded >= simulations, `${name}: ${recorded} history records for ${simulations} measured simulations`)
    t.ok(result.latency.count > 0, `${name}: requests were measured (${result.latency.count})`)
    t.equal(result.latency.errors, 0, `${name}: no errors (${result.firstError ?? 'none'})`)
    t.equal(result.firstError, null, `${name}: nothing went wrong`)
    t.ok(result.latency.p50Ms > 0 && result.latency.p50Ms <= result.latency.maxMs, `${name}: p50 ${result.latency.p50Ms} ms ≤ max`)
    t.ok(result.achievedRatePerS > 0, `${name}: ${result.achievedRatePerS}/s`)
    t.equal(windows, 2, `${name}: the measured window was announced`)
    if (expectedSent !== undefined) {
      t.equal(result.sent, expectedSent, `${name}: every scheduled request was sent`)
      t.equal(result.latency.count, expectedSent, `${name}: and answered`)
    }
    if (spec.mode === 'stream') t.ok((result.peakUnanswered ?? 0) >= 1, `${name}: at most ${result.peakUnanswered} unanswered`)
    lookupsAfterFirst ??= counted.counts.lookups
  }
  t.equal(
    counted.counts.lookups,
    lookupsAfterFirst,
    'no credential lookup after the first door: the authenticator and its cache are shared',
  )

  // A request the service rejects must count as an error, not as a fast answer.
  const shortOpen = { ...open, ratePerS: 80, durationS: 0.125 }
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
  // The gate refuses a call without the key: the gRPC path cannot skip authentication.
  const { apiKey: _apiKey, ...grpcKeyless } = grpcTarget
  const keylessGrpc = await worker.run({ ...shortOpen, target: grpcKeyless })
  t.equal(keylessGrpc.latency.errors, keylessGrpc.latency.count, `a keyless gRPC call is an error (${keylessGrpc.firstError})`)
  t.match(keylessGrpc.firstError, /gRPC 16/, 'UNAUTHENTICATED')
  // A batch whose items cannot be simulated is still a 200: its counts make it an error.
  const badBatch: LoadTarget = {
    ...batch,
    bodies: [JSON.stringify({ transactions: ['not base64!', ...base64.slice(1)] })],
    expectEnd: batch.expectEnd,
  }
  const badBatchRun = await worker.run({ ...shortOpen, ratePerS: 16, target: badBatch })
  t.equal(badBatchRun.latency.errors, badBatchRun.latency.count, `a batch with a failed item is an error (${badBatchRun.firstError})`)
  // A WebSocket error frame is an error of the message it answers.
  const badSocket = await worker.run({ ...shortOpen, target: { ...websocket, transactions: ['not base64!'] } })
  t.equal(badSocket.latency.errors, badSocket.latency.count, `an error frame is an error (${badSocket.firstError})`)
  t.match(badSocket.firstError, /invalid_transaction|validation_error/, 'the error names the code')
  const badMsgpack = await worker.run({
    mode: 'stream',
    count: 20,
    drainTimeoutMs: 2_000,
    target: { ...msgpack, transactions: ['not base64!'] },
  })
  t.equal(badMsgpack.latency.errors, 20, `MessagePack error frames are errors (${badMsgpack.firstError})`)
  // A handshake without the key is refused: the run fails instead of measuring nothing.
  await t.rejects(worker.run({ ...shortOpen, target: { ...websocket, headers: {} } }), /HTTP 401/, 'a refused handshake fails the run')
})
