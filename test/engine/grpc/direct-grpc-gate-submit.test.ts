/**
 * Submit and GetTips on the engine's gRPC port through its gate (engine/server.ts +
 * engine/grpc/direct-call-gate.ts), with a real gRPC server and clients, a real user service and
 * the real caller services, over a STAND-IN of the engine's landing
 * (test/helpers/stand-in-transaction-engine.ts: nothing is linted or sent; a test hands it the
 * refusal it needs). A call needs a credential; an API key's Submit runs as the key's user whatever
 * tenant_id it names and both are charged as REST charges them (one request, no simulation, up to
 * the rate limit); a request breaking REST's limits is INVALID_ARGUMENT naming the field before
 * anything is charged or reaches the engine; and a refusal reaches a direct caller whole, on the
 * wire: the status, the `error-code` trailer, bundle_rejected's lint in `error-details`,
 * relay_busy's `retry-after`.
 */
import t, { type Test } from 'tap'
import { credentials, Metadata, status as GrpcStatus, type ServiceError as GrpcServiceError } from '@grpc/grpc-js'
import { loadEngineProto } from '../../../lib/grpc/load-proto.js'
import type { BundleLintEntry, SubmitOptions } from '../../../engine/contract/submit-response.js'
import { SUBMIT_LIMITS } from '../../../engine/contract/submit-response.js'
import { createDirectCallGate } from '../../../engine/grpc/direct-call-gate.js'
import { startEngineServer } from '../../../engine/server.js'
import { createInProcessEngineClient, type EngineClient } from '../../../engine/client/engine-client.js'
import { createGrpcEngineClient } from '../../../engine/client/grpc-engine-client.js'
import { createEdgeServer } from '../../../edge/server.js'
import { toBase58 } from '../../../lib/base58.js'
import { createRetryableError, createServiceError, isServiceError, ServiceError, type ErrorCode } from '../../../lib/errors.js'
import { quietLogger } from '../../helpers/stack.js'
import { createStandInTransactionEngine, STAND_IN_TIPS } from '../../helpers/stand-in-transaction-engine.js'
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

/** The catalogue error `work` rejects with (failing the test when it resolves or rejects with another). */
async function getRejection(t: Test, work: Promise<unknown>, code: ErrorCode, label: string): Promise<ServiceError | undefined> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  )
  t.ok(isServiceError(error, code), `${label}: ${code}`, { got: isServiceError(error) ? `${error.code}: ${error.message}` : String(error) })
  return isServiceError(error) ? error : undefined
}

const FAILED_LINT: BundleLintEntry[] = [
  { rule: 'signatures', ok: true, detail: 'Every transaction is signed.' },
  { rule: 'no_vote_accounts', ok: false, detail: 'A transaction writes a vote account.' },
]

t.test('Submit and GetTips through the gate (stand-in engine)', async (t) => {
  // Noon UTC: the clock moves by hand only, never across a midnight.
  const users = await createTestUserService(t, { clock: createTestClock(Date.UTC(2026, 10, 25, 12)) })
  const { callers, charges } = createChargedCallers(users)
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
  const raw = new (loadEngineProto().preflight.engine.v1.Engine)(server.address, credentials.createInsecure())
  t.teardown(async () => {
    raw.close()
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
  const asEdge = connect({ internalToken: TEST_INTERNAL_TOKEN })
  const anonymous = connect({})
  const refill = () => (users.clock.nowMs += 2_000)
  const direct: SubmitOptions = { strategy: 'direct' }
  /** A raw Submit with alice's key, answered with its error (null: it succeeded). */
  const rawSubmit = (request: Record<string, unknown>) => {
    const metadata = new Metadata()
    metadata.set('x-api-key', alice.apiKey)
    return new Promise<GrpcServiceError | null>((resolve) =>
      raw.Submit(request, metadata, (error: GrpcServiceError | null) => resolve(error)),
    )
  }

  t.test('no credential (or a bad key): UNAUTHENTICATED for both, and the engine is not called', async (t) => {
    const calls = standIn.calls.length
    await getRejection(t, anonymous.submit(createSigned().bytes, direct), 'unauthorized', 'Submit')
    await getRejection(t, anonymous.getTips(), 'unauthorized', 'GetTips')
    const stranger = connect({ apiKey: 'pf_live_nope' })
    await getRejection(t, stranger.submit(createSigned().bytes, direct), 'unauthorized', 'Submit with an unknown key')
    await getRejection(t, stranger.getTips(), 'unauthorized', 'GetTips with an unknown key')
    const wire = await new Promise<GrpcServiceError | null>((resolve) =>
      raw.GetTips({}, new Metadata(), (error: GrpcServiceError | null) => resolve(error)),
    )
    t.equal(wire?.code, GrpcStatus.UNAUTHENTICATED, 'on the wire: UNAUTHENTICATED')
    t.equal(wire?.metadata.get('error-code')[0], 'unauthorized', 'with the error-code trailer')
    t.equal(standIn.calls.length, calls)
  })

  t.test("an API key's Submit runs as the key's user, whatever tenant_id it names; an edge's names its tenant", async (t) => {
    refill()
    standIn.calls.length = 0
    const answer = await asAlice.submit(createSigned().bytes, {
      tenantId: bobId,
      strategy: 'managed_tip_bundle',
      tipLamports: 7_000,
      waitConfirmation: true,
      deadlineMs: 1_500,
    })
    t.match(answer, { strategy: 'managed_tip_bundle', tip_lamports: 7_000, billable: true, route: 'relay_bundle' })
    await asEdge.submit(createSigned().bytes, { tenantId: bobId, strategy: 'direct' })
    t.strictSame(
      standIn.calls.map((call) => call.options),
      [
        { tenantId: aliceId, strategy: 'managed_tip_bundle', tipLamports: 7_000, waitConfirmation: true, deadlineMs: 1_500 },
        { tenantId: bobId, strategy: 'direct', waitConfirmation: false },
      ],
      "the key's user; the edge's named tenant; tip and deadline left out when not sent",
    )
    t.strictSame(await asAlice.getTips(), STAND_IN_TIPS, 'GetTips: the floor, every field')
  })

  t.test("an API key's Submit runs under the key's user's plan: card_on_file in the request cannot buy a managed tip", async (t) => {
    refill()
    standIn.calls.length = 0
    // Alice has no card: asking for one in the request changes nothing.
    const spoof = await rawSubmit({ transaction: createSigned().bytes, strategy: 'managed_tip_bundle', card_on_file: true })
    t.equal(spoof, null, 'the call itself goes through')
    t.notOk('cardOnFile' in (standIn.calls[0]?.options ?? {}), "the engine gets alice's plan (no card), not the request's")
    // Bob has one: his key's calls carry it without asking, and an edge's call names its tenant's.
    await users.userService.setCardOnFile(bobId, true)
    callers.authenticator.invalidate({ kind: 'user', userId: bobId })
    const asBob = connect({ apiKey: bob.apiKey })
    await asBob.submit(createSigned().bytes, { strategy: 'managed_tip_bundle' })
    await asEdge.submit(createSigned().bytes, { tenantId: aliceId, cardOnFile: true, strategy: 'managed_tip_bundle' })
    t.strictSame(
      standIn.calls.slice(1).map((call) => call.options),
      [
        { tenantId: bobId, cardOnFile: true, strategy: 'managed_tip_bundle', waitConfirmation: false },
        { tenantId: aliceId, cardOnFile: true, strategy: 'managed_tip_bundle', waitConfirmation: false },
      ],
      "bob's card from his key; the edge's word for the tenant it authenticated",
    )
  })

  t.test("charges: Submit and GetTips a request each and no simulation, as REST; an edge's call none", async (t) => {
    refill()
    charges.length = 0
    await asAlice.submit(createSigned().bytes, direct)
    await asAlice.getTips()
    t.same(charges, [
      { requests: 1, simulations: 0 },
      { requests: 1, simulations: 0 },
    ])
    await asEdge.submit(createSigned().bytes, { tenantId: aliceId, strategy: 'staked_sender' })
    await asEdge.getTips()
    t.equal(charges.length, 2, "an edge's calls were charged by the edge")
  })

  t.test("REST's limits: INVALID_ARGUMENT naming the field, before the gate charges and before the engine", async (t) => {
    refill()
    const calls = standIn.calls.length
    charges.length = 0
    const { bytes } = createSigned()
    const cases: Array<[string, Record<string, unknown>, ErrorCode, RegExp]> = [
      [
        'an unknown strategy',
        { transaction: bytes, strategy: 'jito' },
        'validation_error',
        /^strategy: must be one of direct, auto_direct/,
      ],
      ['no strategy', { transaction: bytes }, 'validation_error', /^strategy: /],
      [
        'tip_lamports over the limit',
        { transaction: bytes, strategy: 'managed_tip_bundle', tip_lamports: SUBMIT_LIMITS.maxTipLamports + 1 },
        'validation_error',
        /^tip_lamports: must be <= 1000000000000$/,
      ],
      [
        'deadline_ms under the limit',
        { transaction: bytes, strategy: 'direct', deadline_ms: SUBMIT_LIMITS.minDeadlineMs - 1 },
        'validation_error',
        /^deadline_ms: must be from 100 to 60000$/,
      ],
      [
        'deadline_ms over the limit',
        { transaction: bytes, strategy: 'direct', deadline_ms: SUBMIT_LIMITS.maxDeadlineMs + 1 },
        'validation_error',
        /^deadline_ms: /,
      ],
      ['no transaction', { strategy: 'direct' }, 'invalid_transaction', /^transaction is empty$/],
    ]
    for (const [label, request, code, problem] of cases) {
      const error = await rawSubmit(request)
      t.equal(error?.code, GrpcStatus.INVALID_ARGUMENT, `${label}: INVALID_ARGUMENT`)
      t.equal(error?.metadata.get('error-code')[0], code, `${label}: ${code}`)
      t.match(error?.details, problem, `${label}: names the field`)
    }
    // The typed client sends what it is given: the server, not the client, holds the line.
    const typed = await getRejection(
      t,
      asAlice.submit(bytes, { strategy: 'auto_direct', deadlineMs: 60_001 }),
      'validation_error',
      'through the client',
    )
    t.match(typed?.message, /^deadline_ms: /)
    t.equal(standIn.calls.length, calls, 'nothing reached the engine')
    t.same(charges, [], 'nothing charged')
    t.equal(
      await rawSubmit({ transaction: bytes, strategy: 'direct', tip_lamports: 0, deadline_ms: 100 }),
      null,
      'the limits themselves pass',
    )
  })

  t.test('a refusal reaches a direct caller whole: status, error-code, error-details, retry-after', async (t) => {
    refill()
    const { bytes } = createSigned()

    standIn.rejectNextSubmit(createServiceError('relay_unavailable', 'submit: the bundle relay is not wired yet.'))
    const unavailable = await rawSubmit({ transaction: bytes, strategy: 'managed_tip_bundle' })
    t.equal(unavailable?.code, GrpcStatus.UNAVAILABLE, 'relay_unavailable: UNAVAILABLE')
    t.equal(unavailable?.metadata.get('error-code')[0], 'relay_unavailable')
    t.equal(unavailable?.details, 'submit: the bundle relay is not wired yet.', "the engine's message")

    standIn.rejectNextSubmit(new ServiceError('bundle_rejected', undefined, { details: { bundle_lint: FAILED_LINT } }))
    const rejected = await rawSubmit({ transaction: bytes, strategy: 'managed_tip_bundle' })
    t.equal(rejected?.code, GrpcStatus.FAILED_PRECONDITION, 'bundle_rejected: FAILED_PRECONDITION')
    t.equal(rejected?.metadata.get('error-code')[0], 'bundle_rejected')
    t.strictSame(
      JSON.parse(String(rejected?.metadata.get('error-details')[0])),
      { bundle_lint: FAILED_LINT },
      'the lint in the error-details trailer, as JSON',
    )

    standIn.rejectNextSubmit(createRetryableError('relay_busy', 2.2))
    const busy = await rawSubmit({ transaction: bytes, strategy: 'managed_tip_bundle' })
    t.equal(busy?.code, GrpcStatus.UNAVAILABLE, 'relay_busy: UNAVAILABLE')
    t.equal(busy?.metadata.get('error-code')[0], 'relay_busy')
    t.equal(busy?.metadata.get('retry-after')[0], '3', 'the retry-after trailer, whole seconds rounded up')

    // The same through the typed client: the ServiceError is rebuilt with its details and headers.
    standIn.rejectNextSubmit(
      new ServiceError('bundle_rejected', 'the tip is in the first transaction', { details: { bundle_lint: FAILED_LINT } }),
    )
    const lint = await getRejection(t, asAlice.submit(bytes, direct), 'bundle_rejected', 'typed client')
    t.equal(lint?.message, 'the tip is in the first transaction')
    t.strictSame(lint?.details, { bundle_lint: FAILED_LINT }, 'details rebuilt')
    standIn.rejectNextSubmit(createRetryableError('relay_busy', 5))
    const retry = await getRejection(t, asAlice.submit(bytes, direct), 'relay_busy', 'typed client')
    t.equal(retry?.headers?.['retry-after'], '5', 'Retry-After rebuilt')
  })

  t.test('a burst of GetTips meets the rate limit like any read: RESOURCE_EXHAUSTED with retry-after', async (t) => {
    refill()
    let refusal: ServiceError | undefined
    // The free plan's bucket holds 10; the test clock stands still, so it does not refill.
    for (let i = 0; i < 20 && !refusal; i++) {
      refusal = await asAlice.getTips().then(
        () => undefined,
        (error: unknown) => (isServiceError(error) ? error : undefined),
      )
    }
    t.equal(refusal?.code, 'rate_limited', 'rate_limited')
    t.type(refusal?.headers?.['retry-after'], 'string', 'with Retry-After')
    await getRejection(t, asAlice.submit(createSigned().bytes, direct), 'rate_limited', 'Submit shares the bucket')
  })
})
