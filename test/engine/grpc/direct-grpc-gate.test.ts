/**
 * The engine's gRPC port for co-located clients (engine/server.ts + engine/grpc/direct-call-gate.ts): an
 * `x-api-key` call is authenticated, charged and recorded as REST is — same authenticator, same
 * budget, same history — and its tenant comes from the key, never from the request. An edge
 * running apart passes with the internal token and its tenant stands.
 */
import t, { type Test } from 'tap'
import { credentials, Metadata, status as GrpcStatus, type ServiceError as GrpcServiceError } from '@grpc/grpc-js'
import { generateKeyPairSigner } from '@solana/kit'
import { createCallerServices } from '../../../callers/caller-services.js'
import { createDirectCallGate, createInternalOnlyGate } from '../../../engine/grpc/direct-call-gate.js'
import { createGrpcEngineClient } from '../../../engine/client/grpc-engine-client.js'
import { createEdgeServer } from '../../../edge/server.js'
import { startEngineServer } from '../../../engine/server.js'
import { createTenantProgramBlocks, type TenantProgramBlocks } from '../../../engine/detection/programs/tenant-program-blocks.js'
import { loadEngineProto } from '../../../lib/grpc/load-proto.js'
import { isServiceError } from '../../../lib/errors.js'
import type { AdmissionCharge } from '../../../lib/limits/admission.js'
import { createInProcessAdmission } from '../../../lib/limits/in-process-admission.js'
import type { SimulateResponse__Output } from '../../../proto/gen/preflight/engine/v1/SimulateResponse.js'
import { createTestUserService, createTestClock, registerTestUser } from '../../helpers/user-service.js'
import { getJson, postSimulate } from '../../helpers/edge-inject.js'
import { quietLogger, startStack } from '../../helpers/stack.js'
import { buildTransaction, transferSol } from '../../helpers/transactions.js'
import { TEST_INTERNAL_TOKEN } from '../../helpers/internal-token.js'

const SYSTEM = '11111111111111111111111111111111'
const INTERNAL_TOKEN = TEST_INTERNAL_TOKEN

interface CallResult {
  error: GrpcServiceError | null
  response: SimulateResponse__Output | undefined
  headers: Metadata | undefined
}

t.test('direct gRPC with x-api-key', async (t) => {
  let tenantBlocks: TenantProgramBlocks | undefined
  const stack = await startStack(t, {
    engineOptions: { getTenantBlocks: (tenantId) => (tenantBlocks as TenantProgramBlocks).get(tenantId) },
  })
  // Noon UTC: the clock moves by seconds only, never across a midnight.
  const users = await createTestUserService(t, { clock: createTestClock(Date.UTC(2026, 10, 25, 12)) })
  tenantBlocks = createTenantProgramBlocks({ load: (tenantId) => users.userService.getProgramBlocks(tenantId), invalidations: users.bus })
  t.teardown(() => tenantBlocks?.close())
  const callers = createCallerServices({
    userService: users.userService,
    signingKey: users.signingKey,
    admission: createInProcessAdmission(),
    logger: quietLogger,
    invalidations: users.bus,
    usageFlushIntervalMs: 60_000,
    now: users.clock.now,
  })
  const app = createEdgeServer({
    engine: {
      watch: (tx, options, listener) => stack.engine.watch(tx, options, listener),
      simulate: (tx, options) => stack.engine.simulate(tx, options),
      scanApprovals: (wallet) => stack.engine.scanApprovals(wallet),
      execute: (tx, options) => stack.engine.execute(tx, options),
      send: (tx, options) => stack.engine.send(tx, options),
      submit: (tx, options) => stack.engine.submit(tx, options),
      getTips: () => stack.engine.getTips(),
      getTransaction: (tenantId, signature) => stack.engine.getTransaction(tenantId, signature),
      health: async () => stack.engine.getHealth(),
      close: async () => undefined,
      transport: 'in-process',
    },
    userService: users.userService,
    signingKey: users.signingKey,
    callers,
    logger: quietLogger,
    bodyLimitBytes: 256 * 1024,
    now: users.clock.now,
  })
  await app.ready()
  const server = await startEngineServer(stack.engine, '127.0.0.1', 0, {
    gate: createDirectCallGate({ callers, internalToken: INTERNAL_TOKEN }),
  })
  t.teardown(async () => {
    await server.close()
    await app.close()
    await callers.close()
  })
  const blocker = await registerTestUser(app, 'blocker')
  const other = await registerTestUser(app, 'other')
  const put = await app.inject({
    method: 'PUT',
    url: '/api/v1/solana/program-blocks',
    headers: { 'content-type': 'application/json', 'x-api-key': blocker.apiKey },
    payload: JSON.stringify({ program_ids: [SYSTEM] }),
  })
  t.equal(put.statusCode, 200, put.body)

  const payer = await generateKeyPairSigner()
  await stack.rpc('requestAirdrop', [payer.address, 2_000_000_000])
  const { value } = await stack.rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
  const transaction = await buildTransaction({
    feePayer: payer.address,
    blockhash: value.blockhash,
    instructions: [transferSol(payer.address, (await generateKeyPairSigner()).address, 10_000_000n)],
  })

  const proto = loadEngineProto()
  const client = new proto.preflight.engine.v1.Engine(server.address, credentials.createInsecure())
  t.teardown(() => client.close())
  const call = (metadata: Record<string, string>, tenantId = ''): Promise<CallResult> =>
    new Promise((resolve) => {
      const md = new Metadata()
      for (const [name, value] of Object.entries(metadata)) md.set(name, value)
      let headers: Metadata | undefined
      const pending = client.Simulate(
        { transaction, tenant_id: tenantId },
        md,
        (error: GrpcServiceError | null, response?: SimulateResponse__Output) => resolve({ error, response, headers }),
      )
      pending.on('metadata', (received: Metadata) => (headers = received))
    })
  const assertRefused = (t: Test, result: CallResult, grpcCode: GrpcStatus, code: string, label: string) => {
    t.equal(result.error?.code, grpcCode, `${label}: gRPC status`)
    t.equal(result.error?.metadata.get('error-code')[0], code, `${label}: error-code ${code}`)
    t.equal(result.response, undefined, `${label}: no answer`)
  }

  t.test('no key, a wrong key, a wrong internal token: UNAUTHENTICATED', async (t) => {
    assertRefused(t, await call({}), GrpcStatus.UNAUTHENTICATED, 'unauthorized', 'no metadata')
    assertRefused(t, await call({ 'x-api-key': 'pf_live_not-a-key' }), GrpcStatus.UNAUTHENTICATED, 'unauthorized', 'unknown key')
    assertRefused(t, await call({ 'x-internal-token': 'guess' }), GrpcStatus.UNAUTHENTICATED, 'unauthorized', 'wrong internal token')
    assertRefused(
      t,
      await call({ authorization: `Bearer ${blocker.token}` }),
      GrpcStatus.UNAUTHENTICATED,
      'unauthorized',
      'a bearer token is not a key here',
    )
  })

  t.test("the tenant is the key's user, whatever tenant_id the request names", async (t) => {
    users.clock.nowMs += 2_000
    const own = await call({ 'x-api-key': blocker.apiKey })
    t.equal(own.error, null)
    t.equal(own.response?.decision, 'block', "the key's user blocks the System program")
    t.ok(own.headers?.get('ratelimit-limit')[0], 'RateLimit headers arrive as initial metadata')
    const blockerId = await getUserId(blocker.apiKey)
    const spoofed = await call({ 'x-api-key': other.apiKey }, blockerId)
    t.equal(spoofed.error, null)
    t.equal(spoofed.response?.decision, 'approve', "another user's key cannot borrow a tenant by naming it")
    const internal = await call({ 'x-internal-token': INTERNAL_TOKEN }, blockerId)
    t.equal(internal.response?.decision, 'block', "an edge's internal call names the tenant it authenticated")
  })

  t.test('one budget with REST: a burst shared by both doors ends in RESOURCE_EXHAUSTED with retry-after', async (t) => {
    users.clock.nowMs += 10_000
    const user = await registerTestUser(app, 'burst')
    let restOk = 0
    for (let i = 0; i < 5; i++)
      if (
        (await postSimulate(app, { transaction: Buffer.from(transaction).toString('base64') }, { 'x-api-key': user.apiKey })).statusCode ===
        200
      )
        restOk++
    t.equal(restOk, 5)
    const results: CallResult[] = []
    for (let i = 0; i < 6; i++) results.push(await call({ 'x-api-key': user.apiKey }))
    t.equal(results.filter((r) => r.error === null).length, 4, '10 a second in all: the key creation, 5 over REST, 4 over gRPC')
    const refused = results.at(-1) as CallResult
    assertRefused(t, refused, GrpcStatus.RESOURCE_EXHAUSTED, 'rate_limited', 'past the bucket')
    t.equal(refused.error?.metadata.get('retry-after')[0], '1', 'retry-after in whole seconds')
    const rest = await postSimulate(app, { transaction: Buffer.from(transaction).toString('base64') }, { 'x-api-key': user.apiKey })
    t.equal(rest.statusCode, 429, 'REST sees the same empty bucket')
    t.equal(getJson<{ error: { code: string } }>(rest)?.error.code, 'rate_limited')
  })

  t.test('gRPC calls are recorded in the caller history', async (t) => {
    users.clock.nowMs += 10_000
    const user = await registerTestUser(app, 'history')
    t.equal((await call({ 'x-api-key': user.apiKey })).error, null)
    await callers.history.flush()
    const listed = await app.inject({ method: 'GET', url: '/api/v1/solana/simulations', headers: { 'x-api-key': user.apiKey } })
    const page = getJson<{ simulations: { api_key_id: string | null }[] }>(listed)
    t.equal(page?.simulations.length, 1, 'one gRPC simulation in the history')
    t.equal(page?.simulations[0]?.api_key_id, user.apiKeyId)
  })

  t.test("an edge's gRPC engine client passes with the internal token", async (t) => {
    const remote = createGrpcEngineClient(server.address, { internalToken: INTERNAL_TOKEN })
    t.teardown(() => remote.close())
    const response = await remote.simulate(transaction, {})
    t.equal(response.success, true)
    const tokenless = createGrpcEngineClient(server.address)
    t.teardown(() => tokenless.close())
    const refused = await tokenless.simulate(transaction, {}).catch((error: unknown) => error)
    t.ok(isServiceError(refused, 'unauthorized'), 'without the token the gate refuses')

    const internalOnly = await startEngineServer(stack.engine, '127.0.0.1', 0, { gate: createInternalOnlyGate(INTERNAL_TOKEN) })
    t.teardown(() => internalOnly.close())
    const keyless = createGrpcEngineClient(internalOnly.address)
    const withToken = createGrpcEngineClient(internalOnly.address, { internalToken: INTERNAL_TOKEN })
    t.teardown(async () => {
      await keyless.close()
      await withToken.close()
    })
    const keyed = await keyless.simulate(transaction, {}).catch((error: unknown) => error)
    t.ok(isServiceError(keyed, 'unauthorized'), 'an engine without accounts takes only its edges')
    t.equal((await withToken.simulate(transaction, {})).success, true)
  })

  t.test('ScanApprovals passes the same gate: a key or the internal token; one request charged, no simulation', async (t) => {
    users.clock.nowMs += 10_000
    const user = await registerTestUser(app, 'scanner')
    const wallet = (await generateKeyPairSigner()).address
    const charges: AdmissionCharge[] = []
    const admit = callers.admission.admit.bind(callers.admission)
    callers.admission.admit = (caller, charge, nowMs) => {
      charges.push(charge)
      return admit(caller, charge, nowMs)
    }
    t.teardown(() => {
      callers.admission.admit = admit
    })
    const keyed = createGrpcEngineClient(server.address, { apiKey: user.apiKey })
    const internal = createGrpcEngineClient(server.address, { internalToken: INTERNAL_TOKEN })
    const keyless = createGrpcEngineClient(server.address)
    t.teardown(async () => {
      await keyed.close()
      await internal.close()
      await keyless.close()
    })
    t.match(await keyed.scanApprovals(wallet), { wallet, approvals: [], revoke_transaction: null })
    t.same(charges, [{ requests: 1, simulations: 0 }], "charged to the key's user: a request, no simulation")
    t.match(await internal.scanApprovals(wallet), { wallet, approvals: [] })
    t.equal(charges.length, 1, "an edge's call was charged by the edge")
    const refused = await keyless.scanApprovals(wallet).catch((error: unknown) => error)
    t.ok(isServiceError(refused, 'unauthorized'), 'no credential: unauthorized')
    const invalid = await keyed.scanApprovals('nope').catch((error: unknown) => error)
    t.ok(isServiceError(invalid, 'validation_error'), 'a bad address: validation_error')
  })

  /** The user id behind an API key, as the edge's authenticator resolves it. */
  async function getUserId(apiKey: string): Promise<string> {
    const principal = await callers.authenticator.authenticate({ 'x-api-key': apiKey }, 'either')
    return principal.userId
  }
})
