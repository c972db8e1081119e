/**
 * The accounts database goes away and comes back (a TCP proxy in front of it is cut and restored:
 * the real PostgreSQL of DATABASE_URL, which other tests share, or the embedded one keeps running),
 * under the service composed as `npm start` composes it, driven over real sockets:
 *
 * - every route that needs the database answers 503 accounts_unavailable with Retry-After, on an
 *   edge running the user service in-process and on one reaching it over gRPC (the accounts port);
 *   the accounts gRPC port answers UNAVAILABLE, the engine's gRPC port too for a key it must look up;
 * - simulate, which needs no database on its path, keeps answering a known key past the auth cache's
 *   TTL (short here), on REST and on the engine's gRPC port; an unknown key is refused (never 200);
 *   a key revoked before, or invalidated on the bus during the outage, is refused;
 * - the log grows by a few lines per 10 s, however many requests fail;
 * - the database back: the same routes answer again, the simulations answered meanwhile reach
 *   history, and the outage's end is logged once.
 */
import { randomBytes } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import t, { type Test } from 'tap'
import { credentials, Metadata, status as GrpcStatus, type ServiceError as GrpcServiceError } from '@grpc/grpc-js'
import { startUserServiceServer } from '../../accounts/server.js'
import { createUserService } from '../../accounts/create-user-service.js'
import { createGrpcUserServiceClient } from '../../accounts/user-service-client.js'
import { createCallerServices } from '../../callers/caller-services.js'
import { createInProcessEngineClient } from '../../engine/client/engine-client.js'
import { createEdgeServer } from '../../edge/server.js'
import { createDirectCallGate } from '../../engine/grpc/direct-call-gate.js'
import { createTenantProgramBlocks, type TenantProgramBlocks } from '../../engine/detection/programs/tenant-program-blocks.js'
import { startEngineServer } from '../../engine/server.js'
import { createInProcessInvalidationBus } from '../../lib/auth-invalidation.js'
import { ERROR_CATALOGUE } from '../../lib/errors.js'
import { loadAccountsProto, loadEngineProto } from '../../lib/grpc/load-proto.js'
import { createDisabledAdmission } from '../../lib/limits/disabled-admission.js'
import { LOG_THROTTLE_INTERVAL_MS } from '../../lib/log-throttle.js'
import { DEMO_WALLETS } from '../../localnet/seed/demo-state.js'
import { createCaptureLogger } from '../helpers/capture-logger.js'
import { createTestDatabaseBehindProxy, getDatabaseKinds, type DatabaseKind } from '../helpers/database.js'
import { TEST_INTERNAL_TOKEN } from '../helpers/internal-token.js'
import { startStack } from '../helpers/stack.js'
import { buildTransaction, toBase64, transferSol } from '../helpers/transactions.js'

// Two stacks (one per database kind) on a loaded 2-core machine: more than tap's 60 s.
t.setTimeout(300_000)

/** Short, so the test outlives it without waiting: every credential is past it during the outage. */
const AUTH_CACHE_TTL_MS = 50
const AUTH_STALE_MAX_MS = 120_000
const RETRY_AFTER = String(ERROR_CATALOGUE.accounts_unavailable.retryAfterSeconds)
const INFO = 30
/** The requests sent during the outage to show the log does not grow with them. */
const FLOOD = 60
/**
 * Who may log during the outage, each at most one line per 10 s window: the database's pool, the
 * edges' error handler (one log destination, so one count), and each edge's key usage flush and
 * history writes.
 */
const LOG_SOURCES = 6

interface Answer {
  status: number
  retryAfter: string | null
  code: string | undefined
  body: Record<string, unknown>
}

async function call(base: string, method: string, path: string, headers: Record<string, string> = {}, body?: unknown): Promise<Answer> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const parsed = (await response.json()) as Record<string, unknown>
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    code: (parsed.error as { code?: string } | undefined)?.code,
    body: parsed,
  }
}

/** The gRPC status and trailers a unary call failed with (null when it answered). */
interface GrpcFailure {
  code: GrpcStatus
  errorCode: unknown
  retryAfter: unknown
}

const toGrpcFailure = (error: GrpcServiceError | null): GrpcFailure | null =>
  error && { code: error.code, errorCode: error.metadata.get('error-code')[0], retryAfter: error.metadata.get('retry-after')[0] }

async function runOutage(t: Test, kind: DatabaseKind): Promise<void> {
  const { logger, lines } = createCaptureLogger()
  const { db, proxy } = await createTestDatabaseBehindProxy(t, kind, { logger })
  const bus = createInProcessInvalidationBus()
  t.teardown(() => bus.close())
  const signingKey = randomBytes(32)
  const userService = createUserService({ db, signingKey, onInvalidate: (event) => void bus.publish(event) })

  let tenantBlocks: TenantProgramBlocks | undefined
  const stack = await startStack(t, {
    engineOptions: { getTenantBlocks: (tenantId) => (tenantBlocks as TenantProgramBlocks).get(tenantId) },
  })
  tenantBlocks = createTenantProgramBlocks({
    load: (tenantId) => userService.getProgramBlocks(tenantId),
    invalidations: bus,
    trustMs: AUTH_CACHE_TTL_MS,
    refreshMs: AUTH_CACHE_TTL_MS,
    staleMaxMs: AUTH_STALE_MAX_MS,
  })
  t.teardown(() => tenantBlocks?.close())

  // Edge A: the user service in this process (npm start); its callers also serve the engine's gRPC port.
  const callers = createCallerServices({
    userService,
    signingKey,
    admission: createDisabledAdmission(),
    logger,
    invalidations: bus,
    authCacheTtlMs: AUTH_CACHE_TTL_MS,
    authStaleMaxMs: AUTH_STALE_MAX_MS,
  })
  const engineClient = createInProcessEngineClient(stack.engine)
  const edge = createEdgeServer({ engine: engineClient, userService, signingKey, callers, logger, bodyLimitBytes: 256 * 1024 })
  const engineGrpc = await startEngineServer(stack.engine, '127.0.0.1', 0, { gate: createDirectCallGate({ callers }) })
  // Edge B: the user service over gRPC (edge/main.ts with ACCOUNTS_URL), invalidations on the same bus (Redis's part).
  const accountsGrpc = await startUserServiceServer(userService, '127.0.0.1', 0, { internalToken: TEST_INTERNAL_TOKEN, logger })
  const remoteUserService = createGrpcUserServiceClient(accountsGrpc.address, { internalToken: TEST_INTERNAL_TOKEN })
  const remoteCallers = createCallerServices({
    userService: remoteUserService,
    signingKey,
    admission: createDisabledAdmission(),
    logger,
    invalidations: bus,
    authCacheTtlMs: AUTH_CACHE_TTL_MS,
    authStaleMaxMs: AUTH_STALE_MAX_MS,
  })
  const remoteEdge = createEdgeServer({
    engine: engineClient,
    userService: remoteUserService,
    signingKey,
    callers: remoteCallers,
    logger,
    bodyLimitBytes: 256 * 1024,
  })
  const local = await edge.listen({ host: '127.0.0.1', port: 0 })
  const remote = await remoteEdge.listen({ host: '127.0.0.1', port: 0 })
  const engineProto = loadEngineProto()
  const engineStub = new engineProto.preflight.engine.v1.Engine(engineGrpc.address, credentials.createInsecure())
  const accountsProto = loadAccountsProto()
  const accountsStub = new accountsProto.preflight.accounts.v1.Accounts(accountsGrpc.address, credentials.createInsecure())
  t.teardown(async () => {
    engineStub.close()
    accountsStub.close()
    await Promise.all([edge.close(), remoteEdge.close(), engineGrpc.close(), accountsGrpc.close()])
    await Promise.all([callers.close(), remoteCallers.close()])
    await remoteUserService.close()
  })

  const { value } = await stack.rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
  const transaction = toBase64(
    await buildTransaction({
      feePayer: DEMO_WALLETS[0],
      blockhash: value.blockhash,
      instructions: [transferSol(DEMO_WALLETS[0], DEMO_WALLETS[1], 1_000n)],
    }),
  )
  const simulate = (base: string, apiKey: string) =>
    call(base, 'POST', '/api/v1/solana/tx/simulate', { 'x-api-key': apiKey }, { transaction })
  const grpcSimulate = (apiKey: string): Promise<GrpcFailure | null> =>
    new Promise((resolve) => {
      const metadata = new Metadata()
      metadata.set('x-api-key', apiKey)
      engineStub.Simulate({ transaction: Buffer.from(transaction, 'base64') }, metadata, (error: GrpcServiceError | null) =>
        resolve(toGrpcFailure(error)),
      )
    })
  const grpcGetUserState = (userId: string): Promise<GrpcFailure | null> =>
    new Promise((resolve) => {
      const metadata = new Metadata()
      metadata.set('x-internal-token', TEST_INTERNAL_TOKEN)
      accountsStub.GetUserState({ user_id: userId }, metadata, (error: GrpcServiceError | null) => resolve(toGrpcFailure(error)))
    })

  // Before: a user with three keys, each used on every door.
  const email = `outage-${process.pid}-${randomBytes(3).toString('hex')}@example.com`
  const password = 'correct horse battery staple'
  const registered = await call(local, 'POST', '/auth/register', {}, { email, password })
  t.equal(registered.status, 200, 'registered')
  const bearer = { authorization: `Bearer ${registered.body.token as string}` }
  const createKey = async (name: string) => {
    const created = await call(local, 'POST', '/api/v1/api-keys', bearer, { name })
    return { id: created.body.id as string, key: created.body.key as string }
  }
  const [known, invalidated, revoked] = [await createKey('known'), await createKey('invalidated'), await createKey('revoked')]
  const me = await call(local, 'GET', '/auth/me', bearer)
  const userId = me.body.id as string
  for (const base of [local, remote]) {
    for (const { key } of [known, invalidated, revoked]) t.equal((await simulate(base, key)).status, 200, 'a simulate before the outage')
    t.equal((await call(base, 'GET', '/api/v1/api-keys', bearer)).status, 200, 'the bearer token before the outage')
  }
  t.equal(await grpcSimulate(known.key), null, 'the engine gRPC port before the outage')
  t.equal((await call(local, 'DELETE', `/api/v1/api-keys/${revoked.id}`, bearer)).status, 200, 'one key revoked')
  t.equal((await simulate(local, revoked.key)).status, 401, 'and refused')
  const historyBefore = (await call(local, 'GET', '/api/v1/solana/simulations?limit=100', { 'x-api-key': known.key })).body
    .simulations as unknown[]

  await proxy.cut()
  const linesBefore = lines.length
  const startedMs = Date.now()
  // Past the auth cache's TTL and the program blocks' trust: what is served now is served stale.
  await sleep(4 * AUTH_CACHE_TTL_MS)

  await t.test('routes that need the database: 503 accounts_unavailable with Retry-After, on both edges', async (t) => {
    for (const [label, base] of [
      ['in-process', local],
      ['over gRPC', remote],
    ] as const) {
      const answers: Array<[string, Answer]> = [
        ['register', await call(base, 'POST', '/auth/register', {}, { email: `x-${email}`, password })],
        ['login', await call(base, 'POST', '/auth/login', {}, { email, password })],
        ['list keys (a bearer token served stale)', await call(base, 'GET', '/api/v1/api-keys', bearer)],
        ['create a key', await call(base, 'POST', '/api/v1/api-keys', bearer, { name: 'during' })],
        ['history (an API key served stale)', await call(base, 'GET', '/api/v1/solana/simulations', { 'x-api-key': known.key })],
        ['statistics', await call(base, 'GET', '/api/v1/solana/simulations/stats', { 'x-api-key': known.key })],
        ['program blocks', await call(base, 'GET', '/api/v1/solana/program-blocks', { 'x-api-key': known.key })],
      ]
      for (const [route, answer] of answers) {
        t.match(answer, { status: 503, code: 'accounts_unavailable', retryAfter: RETRY_AFTER }, `${label}: ${route}`)
      }
    }
  })

  await t.test('the gRPC doors: UNAVAILABLE with retry-after', async (t) => {
    t.match(
      await grpcGetUserState(userId),
      { code: GrpcStatus.UNAVAILABLE, errorCode: 'accounts_unavailable', retryAfter: RETRY_AFTER },
      'the accounts port',
    )
    t.match(
      await grpcSimulate(`pf_live_${'1'.repeat(44)}`),
      { code: GrpcStatus.UNAVAILABLE, errorCode: 'accounts_unavailable', retryAfter: RETRY_AFTER },
      'the engine port, for a key it must look up',
    )
  })

  await t.test('simulate: a known key answered past the cache TTL; unknown, revoked and invalidated keys refused', async (t) => {
    for (const base of [local, remote]) {
      t.equal((await simulate(base, known.key)).status, 200, 'a known key')
      t.equal((await simulate(base, known.key)).status, 200, 'again')
    }
    t.equal(await grpcSimulate(known.key), null, 'a known key on the engine gRPC port')
    const unknown = await simulate(local, `pf_live_${'2'.repeat(44)}`)
    t.match(unknown, { status: 503, code: 'accounts_unavailable', retryAfter: RETRY_AFTER }, 'an unknown key: 503, never 200')
    for (const base of [local, remote]) t.not((await simulate(base, revoked.key)).status, 200, 'the key revoked before')
    await bus.publish({ kind: 'api_key', userId, apiKeyId: invalidated.id })
    for (const base of [local, remote]) {
      t.match(
        await simulate(base, invalidated.key),
        { status: 503, code: 'accounts_unavailable' },
        'a key invalidated on the bus meanwhile',
      )
    }
  })

  await t.test('the log grows by a few lines per 10 s, not by one per request', async (t) => {
    const answers = await Promise.all(
      Array.from({ length: FLOOD }, (_, i) =>
        i % 2 === 0
          ? call(i % 4 === 0 ? local : remote, 'POST', '/auth/login', {}, { email, password })
          : simulate(i % 3 === 0 ? local : remote, `pf_live_${String(i).padStart(44, '3')}`),
      ),
    )
    t.ok(
      answers.every((answer) => answer.status === 503),
      `${FLOOD} requests: 503`,
    )
    // Past a key usage flush (every second) and many history ticks (every 200 ms), which fail too.
    await sleep(1_500)
    const outageLines = lines.slice(linesBefore).filter((line) => line.level >= INFO)
    const windows = 1 + Math.ceil((Date.now() - startedMs) / LOG_THROTTLE_INTERVAL_MS)
    t.ok(
      outageLines.length <= LOG_SOURCES * windows,
      `${outageLines.length} lines at info or above over ${windows} window(s) of 10 s, for over ${FLOOD} failed requests`,
      { lines: outageLines.map((line) => line.msg) },
    )
    const database = outageLines.filter((line) => /^accounts database unavailable/.test(line.msg))
    t.ok(database.length >= 1 && database.length <= windows, 'the database: its first failure, then a summary per window')
    t.ok(database[0]?.err, 'the first with its cause')
  })

  await t.test("the database back: answered again, the outage's simulations in history, its end logged once", async (t) => {
    await proxy.restore()
    let login = await call(local, 'POST', '/auth/login', {}, { email, password })
    // The pool reconnects at the first query; a connection it held through the cut may fail one more.
    for (let attempt = 0; login.status !== 200 && attempt < 20; attempt++) {
      await sleep(100)
      login = await call(local, 'POST', '/auth/login', {}, { email, password })
    }
    t.equal(login.status, 200, 'login on the in-process edge')
    t.equal((await call(remote, 'POST', '/auth/login', {}, { email, password })).status, 200, 'login over gRPC')
    t.equal((await call(remote, 'GET', '/api/v1/api-keys', bearer)).status, 200, 'the key listing')
    t.equal(await grpcGetUserState(userId), null, 'the accounts gRPC port')
    t.equal((await simulate(local, `pf_live_${'2'.repeat(44)}`)).status, 401, 'an unknown key is unknown again')
    t.equal((await simulate(local, invalidated.key)).status, 200, 'the invalidated key, looked up: it was never revoked')
    // Answered during the outage: 4 simulations on REST, 1 on gRPC; delivered from memory on the next ticks.
    let history: unknown[] = []
    for (let attempt = 0; history.length < historyBefore.length + 5 && attempt < 50; attempt++) {
      await sleep(100)
      history = (await call(local, 'GET', '/api/v1/solana/simulations?limit=100', { 'x-api-key': known.key })).body.simulations as unknown[]
    }
    t.ok(history.length >= historyBefore.length + 5, `the simulations answered during the outage reached history (${history.length})`)
    t.equal(lines.filter((line) => /^accounts database available again/.test(line.msg)).length, 1, "the outage's end: one line")
  })
}

for (const kind of getDatabaseKinds()) t.test(`${kind}: the accounts database goes away and comes back`, (t) => runOutage(t, kind))
