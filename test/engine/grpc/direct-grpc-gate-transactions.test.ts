/**
 * Execute, Send and GetTransaction on the engine's gRPC port through its gate (engine/server.ts +
 * engine/grpc/direct-call-gate.ts), with a real gRPC server and client, a real user service and the
 * real caller services, over a STAND-IN of the engine's landing (test/helpers/stand-in-transaction-engine.ts:
 * nothing is judged or sent). An API key's call runs as the key's user whatever tenant_id it names
 * (so another user's tracking is NOT_FOUND), is charged as REST charges it (Execute one
 * simulation, Send and GetTransaction none) and is recorded with its kind; an edge's internal call
 * names its tenant and was charged and recorded by the edge.
 */
import t, { type Test } from 'tap'
import { credentials, Metadata, status as GrpcStatus, type ServiceError as GrpcServiceError } from '@grpc/grpc-js'
import { loadEngineProto } from '../../../lib/grpc/load-proto.js'
import type { SimulationRecord } from '../../../accounts/contract/index.js'
import { createDirectCallGate } from '../../../engine/grpc/direct-call-gate.js'
import { startEngineServer } from '../../../engine/server.js'
import { createInProcessEngineClient, type EngineClient } from '../../../engine/client/engine-client.js'
import { createGrpcEngineClient } from '../../../engine/client/grpc-engine-client.js'
import { createEdgeServer } from '../../../edge/server.js'
import { toBase58 } from '../../../lib/base58.js'
import { isServiceError, type ErrorCode } from '../../../lib/errors.js'
import { quietLogger } from '../../helpers/stack.js'
import { createStandInTransactionEngine } from '../../helpers/stand-in-transaction-engine.js'
import { TEST_INTERNAL_TOKEN } from '../../helpers/internal-token.js'
import { createTestClock, createTestUserService, registerTestUser } from '../../helpers/user-service.js'
import { createChargedCallers } from '../../helpers/charged-callers.js'

let nextFill = 1
/** Wire-shaped bytes with a distinct non-zero first signature (the stand-in reads no further), and that signature. */
function createSigned(): { bytes: Uint8Array; signature: string } {
  const bytes = new Uint8Array(1 + 64 + 40)
  bytes[0] = 1
  bytes.fill(nextFill++, 1, 65)
  return { bytes, signature: toBase58(bytes.subarray(1, 65)) }
}

/** Asserts `work` rejects with the catalogue error `code`. */
async function assertRejects(t: Test, work: Promise<unknown>, code: ErrorCode, label: string): Promise<void> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  )
  t.ok(isServiceError(error, code), `${label}: ${code}`, { got: isServiceError(error) ? error.code : String(error) })
}

t.test('Execute, Send and GetTransaction through the gate (stand-in engine)', async (t) => {
  // Noon UTC: the clock moves by hand only, never across a midnight.
  const users = await createTestUserService(t, { clock: createTestClock(Date.UTC(2026, 10, 25, 12)) })
  const recorded: SimulationRecord[] = []
  const recordSimulations = users.userService.recordSimulations.bind(users.userService)
  users.userService.recordSimulations = async (records) => {
    recorded.push(...records)
    return recordSimulations(records)
  }
  const { callers, charges, admission } = createChargedCallers(users)
  const standIn = createStandInTransactionEngine()
  // The edge only registers users and issues their keys here.
  const app = createEdgeServer({
    engine: createInProcessEngineClient(standIn.engine),
    userService: users.userService,
    signingKey: users.signingKey,
    callers,
    logger: quietLogger,
    bodyLimitBytes: 256 * 1024,
    now: users.clock.now,
  })
  await app.ready()
  const server = await startEngineServer(standIn.engine, '127.0.0.1', 0, {
    gate: createDirectCallGate({ callers, internalToken: TEST_INTERNAL_TOKEN }),
  })
  const clients: EngineClient[] = []
  const connect = (options: { apiKey?: string; internalToken?: string }) => {
    const client = createGrpcEngineClient(server.address, options)
    clients.push(client)
    return client
  }
  t.teardown(async () => {
    for (const client of clients) await client.close()
    await server.close()
    await app.close()
    await callers.close()
  })
  const alice = await registerTestUser(app, 'alice')
  const bob = await registerTestUser(app, 'bob')
  const getUserId = async (apiKey: string) => (await callers.authenticator.authenticate({ 'x-api-key': apiKey }, 'either')).userId
  const aliceId = await getUserId(alice.apiKey)
  const bobId = await getUserId(bob.apiKey)
  const asAlice = connect({ apiKey: alice.apiKey })
  const asBob = connect({ apiKey: bob.apiKey })
  const asEdge = connect({ internalToken: TEST_INTERNAL_TOKEN })
  const anonymous = connect({})
  const refill = () => (users.clock.nowMs += 2_000)

  t.test('no credential: UNAUTHENTICATED for all three, and the engine is not called', async (t) => {
    const calls = standIn.calls.length
    await assertRejects(t, anonymous.execute(createSigned().bytes, {}), 'unauthorized', 'Execute')
    await assertRejects(t, anonymous.send(createSigned().bytes, {}), 'unauthorized', 'Send')
    await assertRejects(t, anonymous.getTransaction(aliceId, createSigned().signature), 'unauthorized', 'GetTransaction')
    t.equal(standIn.calls.length, calls)
  })

  t.test("an API key's call runs as the key's user, whatever tenant_id it names", async (t) => {
    refill()
    const calls = standIn.calls.length
    await asAlice.execute(createSigned().bytes, { tenantId: bobId })
    await asAlice.send(createSigned().bytes, { tenantId: bobId })
    await asEdge.send(createSigned().bytes, { tenantId: bobId })
    t.strictSame(
      standIn.calls.slice(calls).map((call) => [call.method, call.tenantId]),
      [
        ['execute', aliceId],
        ['send', aliceId],
        ['send', bobId],
      ],
      "the key's user twice; the edge's named tenant",
    )
  })

  t.test("GetTransaction: the owner's record; another tenant's is NOT_FOUND even when named", async (t) => {
    refill()
    const mine = createSigned()
    await asAlice.execute(mine.bytes, {})
    t.match(await asAlice.getTransaction(aliceId, mine.signature), { signature: mine.signature, kind: 'execute', status: 'pending' })
    t.match(await asAlice.getTransaction(bobId, mine.signature), { signature: mine.signature }, "the request's tenant_id is ignored")
    await assertRejects(t, asBob.getTransaction(bobId, mine.signature), 'not_found', "bob's key")
    await assertRejects(t, asBob.getTransaction(aliceId, mine.signature), 'not_found', "bob's key naming alice")
    t.match(
      await asEdge.getTransaction(aliceId, mine.signature),
      { signature: mine.signature },
      'an edge names the tenant it authenticated',
    )
    await assertRejects(t, asEdge.getTransaction(bobId, mine.signature), 'not_found', 'an edge naming another tenant')
    // On the wire: the NOT_FOUND status with the catalogue code in the error-code trailer.
    const raw = new (loadEngineProto().preflight.engine.v1.Engine)(server.address, credentials.createInsecure())
    t.teardown(() => raw.close())
    const metadata = new Metadata()
    metadata.set('x-api-key', bob.apiKey)
    const error = await new Promise<GrpcServiceError | null>((resolve) =>
      raw.GetTransaction({ tenant_id: aliceId, signature: mine.signature }, metadata, (error: GrpcServiceError | null) => resolve(error)),
    )
    t.equal(error?.code, GrpcStatus.NOT_FOUND, 'gRPC status NOT_FOUND')
    t.equal(error?.metadata.get('error-code')[0], 'not_found', 'error-code not_found')
  })

  t.test('charges: Execute a request and a simulation, Send and GetTransaction a request; an edge call none', async (t) => {
    refill()
    charges.length = 0
    const executed = createSigned()
    await asAlice.execute(executed.bytes, { waitConfirmation: false })
    await asAlice.send(createSigned().bytes, { maxRetries: 0 })
    await asAlice.getTransaction(aliceId, executed.signature)
    t.same(charges, [
      { requests: 1, simulations: 1 },
      { requests: 1, simulations: 0 },
      { requests: 1, simulations: 0 },
    ])
    await asEdge.execute(createSigned().bytes, { tenantId: aliceId })
    await asEdge.getTransaction(aliceId, executed.signature)
    t.equal(charges.length, 3, "an edge's calls were charged by the edge")
  })

  t.test("with the day's quota spent, Execute is quota_exceeded before the engine and Send still passes", async (t) => {
    refill()
    const spender = await registerTestUser(app, 'spender')
    admission.restoreDailyCounts?.([{ userId: await getUserId(spender.apiKey), simulations: 1_000 }], users.clock.now())
    const asSpender = connect({ apiKey: spender.apiKey })
    const calls = standIn.calls.length
    await assertRejects(t, asSpender.execute(createSigned().bytes, {}), 'quota_exceeded', 'Execute')
    t.equal(standIn.calls.length, calls, 'not executed')
    t.match(await asSpender.send(createSigned().bytes, {}), { confirmation: 'failed' }, 'Send simulates nothing')
  })

  t.test("a key's Execute and Send are recorded with their kind; an edge's are the edge's to record", async (t) => {
    refill()
    await callers.history.flush()
    recorded.length = 0
    const executed = createSigned()
    const sent = createSigned()
    await asAlice.execute(executed.bytes, {})
    await asAlice.send(sent.bytes, {})
    await asEdge.execute(createSigned().bytes, { tenantId: aliceId })
    await assertRejects(t, asAlice.send(createSigned().bytes, { useRelay: true }), 'relay_unavailable', 'a refused send')
    await callers.history.flush()
    t.match(recorded, [
      { kind: 'execute', userId: aliceId, apiKeyId: alice.apiKeyId, signature: executed.signature, decision: 'warn' },
      { kind: 'send', userId: aliceId, apiKeyId: alice.apiKeyId, signature: sent.signature },
    ])
    t.equal(recorded.length, 2, 'only the two answered key calls')
  })

  t.test('the same signed transaction sent twice is one history record (one call to count and bill)', async (t) => {
    refill()
    await callers.history.flush()
    recorded.length = 0
    const twice = createSigned()
    await asAlice.send(twice.bytes, {})
    await asAlice.send(twice.bytes, {})
    await callers.history.flush()
    t.equal(recorded.length, 2, 'both calls are delivered')
    t.equal(recorded[0]?.recordId, recorded[1]?.recordId, 'under one record id')
    const page = await users.userService.listSimulations({ userId: aliceId, limit: 200 })
    t.equal(page.simulations.filter((item) => item.signature === twice.signature).length, 1, 'and stored once')
  })
})
