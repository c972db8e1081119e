/**
 * The REST doors of submit and tips on real fastify edges with a real user service, over a
 * STAND-IN of the engine's landing (test/helpers/stand-in-transaction-engine.ts: nothing is linted
 * or sent; a test hands it the refusal it needs). One edge calls the engine in-process, the other
 * over a real gRPC server and client, so each refusal is also seen crossing gRPC. What is the
 * edge's own is checked for real: credentials (401 before anything else), validation (422 naming
 * the field, before anything is charged or reaches the engine), what each call is charged (one
 * request, no simulation), the options the engine receives, and that the engine's refusals reach
 * the client whole: bundle_rejected's `error.bundle_lint`, relay_busy's Retry-After header.
 */
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { SUBMIT_LIMITS, submitResponseSchema, type BundleLintEntry } from '../../engine/contract/submit-response.js'
import { MIN_TIP_LAMPORTS, tipFloorSchema, type TipFloor } from '../../engine/contract/tips-response.js'
import { startEngineServer } from '../../engine/server.js'
import { createInProcessEngineClient, type EngineClient } from '../../engine/client/engine-client.js'
import { createGrpcEngineClient } from '../../engine/client/grpc-engine-client.js'
import { createEdgeServer } from '../../edge/server.js'
import { toBase58 } from '../../lib/base58.js'
import { createRetryableError, createServiceError, ServiceError } from '../../lib/errors.js'
import { assertErrorEnvelope, getJson } from '../helpers/edge-inject.js'
import { quietLogger } from '../helpers/stack.js'
import { createStandInTransactionEngine, STAND_IN_SUBMIT, STAND_IN_TIPS } from '../helpers/stand-in-transaction-engine.js'
import { createTestClock, createTestUserService, registerTestUser } from '../helpers/user-service.js'
import { createChargedCallers } from '../helpers/charged-callers.js'

const SUBMIT = '/api/v1/solana/tx/submit'
const TIPS = '/api/v1/solana/tips'

let nextFill = 1
/** Wire-shaped bytes with a distinct non-zero first signature (the stand-in reads no further), and that signature. */
function createSigned(): { base64: string; signature: string } {
  const bytes = new Uint8Array(1 + 64 + 40)
  bytes[0] = 1
  bytes.fill(nextFill++, 1, 65)
  return { base64: Buffer.from(bytes).toString('base64'), signature: toBase58(bytes.subarray(1, 65)) }
}

/** A lint the relay's rules refuse: the tip under the floor. */
const FAILED_LINT: BundleLintEntry[] = [
  { rule: 'bundle_size', ok: true, detail: '1 transaction (at most 5).' },
  { rule: 'tip_present', ok: true, detail: 'The last transaction tips a tip account.' },
  { rule: 'tip_floor', ok: false, detail: 'The tip is 10 lamports; the floor is 1000.' },
]

/** An empty tip floor, as an engine without samples answers it (every percentile null). */
const EMPTY_TIPS: TipFloor = {
  slots: 150,
  sample_count: 0,
  p25: null,
  p50: null,
  p75: null,
  p95: null,
  p99: null,
  floor_lamports: MIN_TIP_LAMPORTS,
  tip_accounts: [],
}

t.test('submit and tips over REST (stand-in engine, in-process and over gRPC)', async (t) => {
  // Noon UTC: the clock moves by hand only, never across a midnight.
  const users = await createTestUserService(t, { clock: createTestClock(Date.UTC(2026, 10, 25, 12)) })
  const { callers, charges, admission } = createChargedCallers(users)
  const standIn = createStandInTransactionEngine()
  const server = await startEngineServer(standIn.engine, '127.0.0.1', 0)
  const grpcClient = createGrpcEngineClient(server.address)
  const createEdge = async (engine: EngineClient) => {
    const app = createEdgeServer({
      engine,
      userService: users.userService,
      signingKey: users.signingKey,
      callers,
      logger: quietLogger,
      bodyLimitBytes: 256 * 1024,
      now: users.clock.now,
    })
    await app.ready()
    return app
  }
  const inProcess = await createEdge(createInProcessEngineClient(standIn.engine))
  const overGrpc = await createEdge(grpcClient)
  const edges: Array<[string, FastifyInstance]> = [
    ['in-process', inProcess],
    ['over gRPC', overGrpc],
  ]
  t.teardown(async () => {
    await inProcess.close()
    await overGrpc.close()
    await grpcClient.close()
    await server.close()
    await callers.close()
  })
  const alice = await registerTestUser(inProcess, 'alice')
  const aliceId = (
    (await inProcess.inject({ method: 'GET', url: '/auth/me', headers: { authorization: `Bearer ${alice.token}` } })).json() as {
      id: string
    }
  ).id
  // Each subtest starts with a full bucket: 10 requests a second without a card.
  const refill = () => (users.clock.nowMs += 2_000)
  const key = { 'x-api-key': alice.apiKey }
  const post = (body: unknown, headers: Record<string, string> = key, app = inProcess) =>
    app.inject({
      method: 'POST',
      url: SUBMIT,
      headers: { 'content-type': 'application/json', ...headers },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    })
  const getTips = (headers: Record<string, string> = key, app = inProcess, url = TIPS) => app.inject({ method: 'GET', url, headers })
  const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true })
  addFormats.default(ajv)
  const fitsSubmit = ajv.compile(submitResponseSchema)
  const fitsTips = ajv.compile(tipFloorSchema)

  t.test('no credential or a bad one is 401, before validation', async (t) => {
    const calls = standIn.calls.length
    for (const [label, request] of [
      ['submit', post({ transaction: createSigned().base64, strategy: 'direct' }, {})],
      ['submit with a bad body', post({ strategy: 'jito' }, {})],
      ['submit with an unknown key', post({ transaction: createSigned().base64, strategy: 'direct' }, { 'x-api-key': 'pf_live_nope' })],
      ['submit with a bad bearer token', post({ transaction: createSigned().base64, strategy: 'direct' }, { authorization: 'Bearer x' })],
      ['tips', getTips({})],
      ['tips with an unknown key', getTips({ 'x-api-key': 'pf_live_nope' })],
    ] as const) {
      assertErrorEnvelope(t, await request, 'unauthorized', label)
    }
    t.equal(standIn.calls.length, calls, 'nothing reached the engine')
  })

  t.test('bodies that break the schema are 4xx naming the field, never 500, and neither charged nor sent', async (t) => {
    refill()
    const { base64 } = createSigned()
    const good = { transaction: base64, strategy: 'managed_tip_bundle' }
    const cases: Array<[string, unknown, RegExp]> = [
      ['no transaction', { strategy: 'direct' }, /required property 'transaction'/],
      ['no strategy', { transaction: base64 }, /required property 'strategy'/],
      ['an unknown strategy', { ...good, strategy: 'jito' }, /^strategy: must be equal to one of the allowed values/],
      ['a strategy that is not a string', { ...good, strategy: 1 }, /^strategy: /],
      ['a null strategy', { ...good, strategy: null }, /^strategy: /],
      ['tip_lamports -1', { ...good, tip_lamports: -1 }, /^tip_lamports: must be >= 0/],
      ['tip_lamports 1.5', { ...good, tip_lamports: 1.5 }, /^tip_lamports: must be integer/],
      ['tip_lamports as a string', { ...good, tip_lamports: '1000' }, /^tip_lamports: must be integer/],
      ['tip_lamports over the limit', { ...good, tip_lamports: SUBMIT_LIMITS.maxTipLamports + 1 }, /^tip_lamports: must be <= /],
      ['deadline_ms under the limit', { ...good, deadline_ms: SUBMIT_LIMITS.minDeadlineMs - 1 }, /^deadline_ms: must be >= 100/],
      ['deadline_ms over the limit', { ...good, deadline_ms: SUBMIT_LIMITS.maxDeadlineMs + 1 }, /^deadline_ms: must be <= 60000/],
      ['deadline_ms 150.5', { ...good, deadline_ms: 150.5 }, /^deadline_ms: must be integer/],
      ['deadline_ms as a string', { ...good, deadline_ms: '1000' }, /^deadline_ms: must be integer/],
      ['wait_confirmation "yes"', { ...good, wait_confirmation: 'yes' }, /^wait_confirmation: must be boolean/],
      ["send's use_relay", { ...good, use_relay: true }, /^use_relay: is not a known field/],
      ['an unknown field', { ...good, tip: 5_000 }, /^tip: is not a known field/],
      ['an empty transaction', { ...good, transaction: '' }, /^transaction: /],
      ['a transaction that is not a string', { ...good, transaction: 42 }, /^transaction: must be string/],
      ['an array', [good], /^body: must be object/],
    ]
    const before = { charges: charges.length, calls: standIn.calls.length }
    for (const [label, body, problem] of cases) {
      const error = assertErrorEnvelope(t, await post(body), 'validation_error', label)
      t.match(error?.message, problem, `${label}: names the field`)
    }
    assertErrorEnvelope(t, await post('{"transaction": '), 'invalid_json', 'not JSON')
    t.equal(charges.length, before.charges, 'nothing charged')
    t.equal(standIn.calls.length, before.calls, 'nothing reached the engine')
  })

  t.test('bytes the edge cannot decode are invalid_transaction; what the engine refuses is its error', async (t) => {
    refill()
    const calls = standIn.calls.length
    assertErrorEnvelope(t, await post({ transaction: 'not base64!', strategy: 'direct' }), 'invalid_transaction', 'not base64')
    assertErrorEnvelope(t, await post({ transaction: 'A'.repeat(2_000), strategy: 'direct' }), 'invalid_transaction', 'over 1232 bytes')
    t.equal(standIn.calls.length, calls, 'the edge refused both itself')
    const unsignedBytes = new Uint8Array(105)
    unsignedBytes[0] = 1
    const unsigned = Buffer.from(unsignedBytes).toString('base64')
    assertErrorEnvelope(
      t,
      await post({ transaction: unsigned, strategy: 'direct' }),
      'invalid_signature',
      'unsigned: the engine refused it',
    )
    for (const [label, app] of edges) {
      standIn.rejectNextSubmit(createServiceError('invalid_transaction', 'transaction: truncated message header'))
      const error = assertErrorEnvelope(
        t,
        await post({ transaction: createSigned().base64, strategy: 'direct' }, key, app),
        'invalid_transaction',
        `${label}: bytes the engine cannot decode`,
      )
      t.equal(error?.message, 'transaction: truncated message header', `${label}: the engine's message`)
    }
  })

  t.test(
    "a submit answers the engine's SubmitResponse; the engine gets the options given, tip and deadline left out when not sent",
    async (t) => {
      refill()
      for (const [label, app] of edges) {
        standIn.calls.length = 0
        const full = createSigned()
        const body = {
          transaction: full.base64,
          strategy: 'managed_tip_bundle',
          tip_lamports: 25_000,
          wait_confirmation: true,
          deadline_ms: 500,
        }
        const response = await post(body, { authorization: `Bearer ${alice.token}` }, app)
        t.equal(response.statusCode, 200, `${label}: ${response.body}`)
        t.type(response.headers['ratelimit-remaining'], 'string', `${label}: RateLimit headers on an admitted call`)
        const answer = getJson(response)
        t.strictSame(
          answer,
          { ...STAND_IN_SUBMIT, signature: full.signature, strategy: 'managed_tip_bundle', tip_lamports: 25_000, billable: true },
          `${label}: every field as the engine answered it`,
        )
        t.ok(fitsSubmit(answer), `${label}: fits SubmitResponse`, { errors: fitsSubmit.errors })
        const bare = await post({ transaction: createSigned().base64, strategy: 'direct' }, key, app)
        t.match(getJson(bare), { strategy: 'direct', tip_lamports: null, billable: false }, `${label}: direct is free, no tip`)
        t.strictSame(
          standIn.calls.map((call) => call.options),
          [
            { tenantId: aliceId, strategy: 'managed_tip_bundle', tipLamports: 25_000, waitConfirmation: true, deadlineMs: 500 },
            { tenantId: aliceId, strategy: 'direct', waitConfirmation: false },
          ],
          `${label}: the options reach the engine as given, the caller's tenant, the defaults of what it left out`,
        )
      }
    },
  )

  t.test('the limits themselves are accepted', async (t) => {
    refill()
    for (const [tip, deadline] of [
      [0, SUBMIT_LIMITS.minDeadlineMs],
      [SUBMIT_LIMITS.maxTipLamports, SUBMIT_LIMITS.maxDeadlineMs],
    ] as const) {
      const body = { transaction: createSigned().base64, strategy: 'auto_direct', tip_lamports: tip, deadline_ms: deadline }
      for (const [label, app] of edges) {
        const response = await post(body, key, app)
        t.equal(response.statusCode, 200, `${label}: tip ${tip}, deadline ${deadline}: ${response.body}`)
        t.equal(getJson<{ tip_lamports: number }>(response)?.tip_lamports, tip, `${label}: the tip crosses unchanged`)
      }
    }
  })

  t.test('submit and tips are charged one request each and no simulation, so a spent quota does not stop them', async (t) => {
    refill()
    charges.length = 0
    t.equal((await post({ transaction: createSigned().base64, strategy: 'staked_sender' })).statusCode, 200)
    t.equal((await getTips()).statusCode, 200)
    t.same(charges, [
      { requests: 1, simulations: 0 },
      { requests: 1, simulations: 0 },
    ])
    const spender = await registerTestUser(inProcess, 'spender')
    const spenderId = (
      (await inProcess.inject({ method: 'GET', url: '/auth/me', headers: { authorization: `Bearer ${spender.token}` } })).json() as {
        id: string
      }
    ).id
    admission.restoreDailyCounts?.([{ userId: spenderId, simulations: 1_000 }], users.clock.now())
    const spent = { 'x-api-key': spender.apiKey }
    t.equal((await post({ transaction: createSigned().base64, strategy: 'direct' }, spent)).statusCode, 200, 'submit past the quota')
    t.equal((await getTips(spent)).statusCode, 200, 'tips past the quota')
  })

  t.test("the engine's refusals reach the client whole, in-process and over gRPC", async (t) => {
    for (const [label, app] of edges) {
      refill()
      const body = { transaction: createSigned().base64, strategy: 'managed_tip_bundle', tip_lamports: 10 }

      standIn.rejectNextSubmit(createServiceError('relay_unavailable', 'submit: the bundle relay is not wired yet.'))
      const unavailable = await post(body, key, app)
      const relay = assertErrorEnvelope(t, unavailable, 'relay_unavailable', `${label}: no relay`)
      t.equal(relay?.message, 'submit: the bundle relay is not wired yet.', `${label}: the engine's message`)
      t.equal(unavailable.headers['retry-after'], undefined, `${label}: no Retry-After when nothing says when`)

      standIn.rejectNextSubmit(new ServiceError('bundle_rejected', undefined, { details: { bundle_lint: FAILED_LINT } }))
      const rejected = assertErrorEnvelope(t, await post(body, key, app), 'bundle_rejected', `${label}: a failed lint`)
      t.strictSame(rejected?.bundle_lint, FAILED_LINT, `${label}: error.bundle_lint, every rule as the engine listed it`)

      standIn.rejectNextSubmit(createRetryableError('relay_busy', 3))
      const busy = await post(body, key, app)
      assertErrorEnvelope(t, busy, 'relay_busy', `${label}: the relay's rate limit`)
      t.equal(busy.headers['retry-after'], '3', `${label}: Retry-After`)
      t.notOk(Object.hasOwn(getJson<{ error: object }>(busy)?.error ?? {}, 'bundle_lint'), `${label}: no lint beside it`)
    }
  })

  t.test("tips: the engine's floor, with samples and without (nulls), on both transports", async (t) => {
    refill()
    for (const [label, app] of edges) {
      const sampled = await getTips(key, app)
      t.equal(sampled.statusCode, 200)
      t.type(sampled.headers['ratelimit-remaining'], 'string', `${label}: RateLimit headers`)
      t.strictSame(getJson(sampled), STAND_IN_TIPS, `${label}: every field, a p99 past 2^32 included`)
      t.ok(fitsTips(getJson(sampled)), `${label}: fits TipFloor`, { errors: fitsTips.errors })
    }
    standIn.setTips(EMPTY_TIPS)
    t.teardown(() => standIn.setTips(STAND_IN_TIPS))
    for (const [label, app] of edges) {
      const empty = await getTips({ authorization: `Bearer ${alice.token}` }, app)
      t.strictSame(getJson(empty), EMPTY_TIPS, `${label}: null percentiles stay null`)
      t.ok(fitsTips(getJson(empty)), `${label}: fits TipFloor`, { errors: fitsTips.errors })
    }
    assertErrorEnvelope(t, await getTips(key, inProcess, `${TIPS}?strategy=direct`), 'validation_error', 'a query parameter')
  })
})
