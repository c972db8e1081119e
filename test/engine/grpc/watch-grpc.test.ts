/**
 * The engine's Watch call (server streaming) on its gRPC port: refused before any work without a
 * credential the gate accepts, like every call; with an API key it is charged one request and one
 * simulation, once, and recorded as one simulate; with an edge's internal token (through the edge's
 * gRPC EngineClient) the update and the cancel travel the stream, and the engine stops watching.
 */
import t from 'tap'
import { credentials, Metadata, status as GrpcStatus, type ServiceError as GrpcServiceError } from '@grpc/grpc-js'
import { generateKeyPairSigner } from '@solana/kit'
import { createDirectCallGate, createInternalOnlyGate } from '../../../engine/grpc/direct-call-gate.js'
import { createInProcessEngineClient } from '../../../engine/client/engine-client.js'
import { createGrpcEngineClient } from '../../../engine/client/grpc-engine-client.js'
import { createEdgeServer } from '../../../edge/server.js'
import { startEngineServer } from '../../../engine/server.js'
import type { SimulateResponse } from '../../../engine/contract/simulate-response.js'
import type { WatchEndReason } from '../../../engine/contract/simulation-watch.js'
import { loadEngineProto } from '../../../lib/grpc/load-proto.js'
import { isServiceError } from '../../../lib/errors.js'
import type { WatchEvent__Output } from '../../../proto/gen/preflight/engine/v1/WatchEvent.js'
import { createTestUserService, createTestClock, registerTestUser } from '../../helpers/user-service.js'
import { quietLogger, startStack } from '../../helpers/stack.js'
import { createStackTransfer } from '../../helpers/stack-transfer.js'
import { buildTransaction, transferSol } from '../../helpers/transactions.js'
import { TEST_INTERNAL_TOKEN } from '../../helpers/internal-token.js'
import { waitUntil } from '../../helpers/wait-until.js'
import { createChargedCallers } from '../../helpers/charged-callers.js'

t.test('Watch over gRPC', async (t) => {
  const stack = await startStack(t, { geyser: true, engineEnv: { ENGINE_WORKERS: '0' } })
  await waitUntil(() => stack.engine.geyserState === 'connected', 5_000, 'the geyser stream')
  const users = await createTestUserService(t, { clock: createTestClock(Date.UTC(2026, 10, 25, 12)) })
  const { callers, charges } = createChargedCallers(users)
  const app = createEdgeServer({
    engine: createInProcessEngineClient(stack.engine),
    userService: users.userService,
    signingKey: users.signingKey,
    callers,
    logger: quietLogger,
    bodyLimitBytes: 256 * 1024,
    now: users.clock.now,
  })
  await app.ready()
  const server = await startEngineServer(stack.engine, '127.0.0.1', 0, {
    gate: createDirectCallGate({ callers, internalToken: TEST_INTERNAL_TOKEN }),
  })
  t.teardown(async () => {
    await server.close()
    await app.close()
    await callers.close()
  })
  const user = await registerTestUser(app, 'watcher')
  const transfer = await createStackTransfer(stack)

  const proto = loadEngineProto()
  const client = new proto.preflight.engine.v1.Engine(server.address, credentials.createInsecure())
  t.teardown(() => client.close())
  /** The events of one Watch call until it ends or `count` arrived (then cancelled), and its error. */
  const watch = (metadata: Record<string, string>, count = 1) =>
    new Promise<{ events: WatchEvent__Output[]; error: GrpcServiceError | null }>((resolve) => {
      const md = new Metadata()
      for (const [name, value] of Object.entries(metadata)) md.set(name, value)
      const call = client.Watch({ transaction: transfer.bytes }, md)
      const events: WatchEvent__Output[] = []
      call.on('data', (event: WatchEvent__Output) => {
        events.push(event)
        if (events.length === count) {
          call.cancel()
          resolve({ events, error: null })
        }
      })
      call.on('error', (error: GrpcServiceError) => resolve({ events, error }))
      call.on('end', () => resolve({ events, error: null }))
    })

  t.test('no key, an unknown key, a wrong internal token: UNAUTHENTICATED, nothing watched', async (t) => {
    for (const [label, metadata] of [
      ['no metadata', {}],
      ['unknown key', { 'x-api-key': 'pf_live_not-a-key' }],
      ['wrong internal token', { 'x-internal-token': 'guess' }],
      ['a bearer token is not a key here', { authorization: `Bearer ${user.token}` }],
    ] as const) {
      const result = await watch(metadata)
      t.equal(result.error?.code, GrpcStatus.UNAUTHENTICATED, `${label}: gRPC status`)
      t.equal(result.error?.metadata.get('error-code')[0], 'unauthorized', `${label}: error-code`)
      t.same(result.events, [], `${label}: no event`)
    }
    t.equal(stack.engine.watches.stats.started, 0, 'the engine started no watch')
  })

  t.test('an API key: the first answer, charged once as one simulation', async (t) => {
    charges.length = 0
    const result = await watch({ 'x-api-key': user.apiKey })
    t.equal(result.error, null)
    t.equal(result.events[0]?.event, 'simulation')
    t.match(result.events[0]?.watch_id, /^w_[0-9a-f]{24}$/)
    t.equal(result.events[0]?.simulation?.success, true)
    t.same(charges, [{ requests: 1, simulations: 1 }], 'one request, one simulation')
    await waitUntil(() => stack.engine.watches.stats.open === 0, 2_000, 'the cancel reaching the engine')
  })

  t.test("an edge's gRPC client: the update, then the cancel stops the engine's watch", async (t) => {
    const edgeClient = createGrpcEngineClient(server.address, { internalToken: TEST_INTERNAL_TOKEN })
    t.teardown(() => edgeClient.close())
    const refused = await createGrpcEngineClient(server.address, {})
      .watch(transfer.bytes, {}, { update: () => undefined, end: () => undefined })
      .then(
        () => undefined,
        (error: unknown) => error,
      )
    t.ok(isServiceError(refused, 'unauthorized'), 'without the token the edge client is refused too')

    const updates: SimulateResponse[] = []
    const ends: WatchEndReason[] = []
    const started = await edgeClient.watch(
      transfer.bytes,
      {},
      { update: (response) => updates.push(response), end: (reason) => ends.push(reason) },
    )
    t.equal(started.response.success, true)
    t.equal(stack.engine.watches.stats.open, 1)
    const elsewhere = await generateKeyPairSigner()
    const { value } = await stack.rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
    const drain = await buildTransaction({
      feePayer: transfer.payer.address,
      blockhash: value.blockhash,
      instructions: [transferSol(transfer.payer.address, elsewhere.address, 2_000_000_000n - 5_000n)],
      signers: [transfer.payer],
    })
    t.equal(stack.localnet.chain.send(drain).err, null)
    stack.localnet.chain.advanceSlot()
    stack.localnet.chain.advanceSlot()
    await waitUntil(() => updates.length > 0, 5_000, 'the update over gRPC')
    t.equal(updates[0]?.success, false)
    t.equal(updates[0]?.failure_code, 'insufficient_sol')
    started.cancel()
    await waitUntil(() => stack.engine.watches.stats.open === 0, 2_000, 'the cancel reaching the engine')
    t.same(ends, [], 'a cancelled watch is not told it ended')
  })

  t.test('closing the port ends its open watches shutting_down at once, not after the grace period', async (t) => {
    const closing = await startEngineServer(stack.engine, '127.0.0.1', 0, { gate: createInternalOnlyGate(TEST_INTERNAL_TOKEN) })
    const edgeClient = createGrpcEngineClient(closing.address, { internalToken: TEST_INTERNAL_TOKEN })
    t.teardown(() => edgeClient.close())
    const ends: WatchEndReason[] = []
    const fresh = await createStackTransfer(stack)
    await edgeClient.watch(fresh.bytes, {}, { update: () => undefined, end: (reason) => ends.push(reason) })
    t.equal(stack.engine.watches.stats.open, 1)
    const startedAt = Date.now()
    await closing.close()
    t.ok(Date.now() - startedAt < 2_000, `closed in ${Date.now() - startedAt} ms (the grace period is 10 s)`)
    await waitUntil(() => ends.length > 0, 2_000, 'the end at the edge')
    t.same(ends, ['shutting_down'])
    t.equal(stack.engine.watches.stats.open, 0)
  })
})
