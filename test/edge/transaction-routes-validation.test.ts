/**
 * The REST doors of execute, send and tracking on a real fastify edge with a real user service,
 * over a STAND-IN of the engine's landing (test/helpers/stand-in-transaction-engine.ts: nothing is
 * judged or sent). What is the edge's own is checked for real: credentials (401), validation (422
 * naming the field, before anything is charged or reaches the engine), owner-only tracking (404
 * for another user's signature), what each call is charged (execute one simulation, send and the
 * read none), and the history record of each execute and send with its kind.
 */
import t from 'tap'
import type { SimulationRecord } from '../../accounts/contract/index.js'
import { createInProcessEngineClient } from '../../engine/client/engine-client.js'
import { createEdgeServer } from '../../edge/server.js'
import { toBase58 } from '../../lib/base58.js'
import { assertErrorEnvelope, getJson } from '../helpers/edge-inject.js'
import { quietLogger } from '../helpers/stack.js'
import { createStandInTransactionEngine } from '../helpers/stand-in-transaction-engine.js'
import { createTestClock, createTestUserService, registerTestUser } from '../helpers/user-service.js'
import { createChargedCallers } from '../helpers/charged-callers.js'

const EXECUTE = '/api/v1/solana/tx/execute'
const SEND = '/api/v1/solana/tx/send'
const TRACKING = '/api/v1/solana/transactions'

let nextFill = 1
/** Wire-shaped bytes with a distinct non-zero first signature (the stand-in reads no further), and that signature. */
function createSigned(): { base64: string; signature: string } {
  const bytes = new Uint8Array(1 + 64 + 40)
  bytes[0] = 1
  bytes.fill(nextFill++, 1, 65)
  return { base64: Buffer.from(bytes).toString('base64'), signature: toBase58(bytes.subarray(1, 65)) }
}

t.test('execute, send and tracking over REST (stand-in engine)', async (t) => {
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
  t.teardown(async () => {
    await app.close()
    await callers.close()
  })
  const alice = await registerTestUser(app, 'alice')
  const bob = await registerTestUser(app, 'bob')
  // Each subtest starts with a full bucket: 10 requests a second without a card.
  const refill = () => (users.clock.nowMs += 2_000)
  const post = (url: string, body: unknown, headers: Record<string, string> = { 'x-api-key': alice.apiKey }) =>
    app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', ...headers },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    })
  const getUserId = async (token: string) =>
    ((await app.inject({ method: 'GET', url: '/auth/me', headers: { authorization: `Bearer ${token}` } })).json() as { id: string }).id
  const get = (url: string, headers: Record<string, string> = { 'x-api-key': alice.apiKey }) => app.inject({ method: 'GET', url, headers })

  t.test('bodies that break the schema are 422 naming the field, and neither charged nor sent', async (t) => {
    refill()
    const { base64 } = createSigned()
    const cases: Array<[string, string, unknown, RegExp]> = [
      ['execute without transaction', EXECUTE, { policy: 'strict' }, /transaction/],
      ['send without transaction', SEND, { max_retries: 1 }, /transaction/],
      ['max_retries 6', SEND, { transaction: base64, max_retries: 6 }, /max_retries/],
      ['max_retries -1', SEND, { transaction: base64, max_retries: -1 }, /max_retries/],
      ['max_retries 1.5', SEND, { transaction: base64, max_retries: 1.5 }, /max_retries/],
      ['send wait_confirmation "yes"', SEND, { transaction: base64, wait_confirmation: 'yes' }, /wait_confirmation/],
      ['execute wait_confirmation 1', EXECUTE, { transaction: base64, wait_confirmation: 1 }, /wait_confirmation/],
      ['use_relay "true"', SEND, { transaction: base64, use_relay: 'true' }, /use_relay/],
      ['execute unknown field', EXECUTE, { transaction: base64, max_retries: 1 }, /max_retries/],
      ['send unknown field', SEND, { transaction: base64, policy: 'strict' }, /policy/],
      ['execute bad policy', EXECUTE, { transaction: base64, policy: { max_mev_score: 2 } }, /policy\.max_mev_score/],
      ['empty transaction', EXECUTE, { transaction: '' }, /transaction/],
    ]
    const before = { charges: charges.length, calls: standIn.calls.length }
    for (const [label, url, body, field] of cases) {
      const error = assertErrorEnvelope(t, await post(url, body), 'validation_error', label)
      t.match(error?.message, field, `${label}: names the field`)
    }
    t.equal(charges.length, before.charges, 'nothing charged')
    t.equal(standIn.calls.length, before.calls, 'nothing reached the engine')
  })

  t.test('bytes the edge cannot decode are invalid_transaction; an unsigned one is what the engine says', async (t) => {
    refill()
    assertErrorEnvelope(t, await post(EXECUTE, { transaction: 'not base64!' }), 'invalid_transaction', 'execute: not base64')
    assertErrorEnvelope(t, await post(SEND, { transaction: '%%%%' }), 'invalid_transaction', 'send: not base64')
    assertErrorEnvelope(t, await post(SEND, { transaction: 'A'.repeat(2_000) }), 'invalid_transaction', 'send: over 1232 bytes')
    const unsignedBytes = new Uint8Array(105)
    unsignedBytes[0] = 1
    const unsigned = Buffer.from(unsignedBytes).toString('base64')
    assertErrorEnvelope(t, await post(EXECUTE, { transaction: unsigned }), 'invalid_signature', 'execute: the engine refused it')
  })

  t.test('no credential or a bad one is 401, before validation', async (t) => {
    for (const [label, request] of [
      ['execute', post(EXECUTE, { transaction: createSigned().base64 }, {})],
      ['send', post(SEND, { max_retries: 9 }, {})],
      ['tracking', get(`${TRACKING}/${createSigned().signature}`, {})],
      ['a revoked-looking key', get(`${TRACKING}/${createSigned().signature}`, { 'x-api-key': 'pf_live_nope' })],
    ] as const) {
      assertErrorEnvelope(t, await request, 'unauthorized', label)
    }
  })

  t.test('execute charges one request and one simulation; send and the read one request', async (t) => {
    refill()
    charges.length = 0
    const executed = createSigned()
    const response = await post(EXECUTE, { transaction: executed.base64, wait_confirmation: true })
    t.equal(response.statusCode, 200, response.body)
    t.equal(getJson<{ signature: string }>(response)?.signature, executed.signature)
    t.type(response.headers['ratelimit-remaining'], 'string', 'RateLimit headers on an admitted call')
    const sent = createSigned()
    t.equal((await post(SEND, { transaction: sent.base64 }, { authorization: `Bearer ${alice.token}` })).statusCode, 200)
    t.equal((await get(`${TRACKING}/${sent.signature}`)).statusCode, 200)
    t.same(charges, [
      { requests: 1, simulations: 1 },
      { requests: 1, simulations: 0 },
      { requests: 1, simulations: 0 },
    ])
  })

  t.test("with the day's quota spent, execute is quota_exceeded and send still passes", async (t) => {
    refill()
    const spender = await registerTestUser(app, 'spender')
    const userId = await getUserId(spender.token)
    admission.restoreDailyCounts?.([{ userId, simulations: 1_000 }], users.clock.now())
    const key = { 'x-api-key': spender.apiKey }
    const calls = standIn.calls.length
    assertErrorEnvelope(t, await post(EXECUTE, { transaction: createSigned().base64 }, key), 'quota_exceeded', 'execute past the quota')
    t.equal(standIn.calls.length, calls, 'the refused execute never reached the engine')
    t.equal((await post(SEND, { transaction: createSigned().base64 }, key)).statusCode, 200, 'a send simulates nothing: no quota')
  })

  t.test("the caller's tenant owns the tracking: another user's signature is 404, as an unknown one", async (t) => {
    refill()
    const calls = standIn.calls.length
    const mine = createSigned()
    t.equal((await post(SEND, { transaction: mine.base64 })).statusCode, 200)
    const own = await get(`${TRACKING}/${mine.signature}`)
    t.equal(own.statusCode, 200)
    t.match(getJson(own), { signature: mine.signature, kind: 'send', status: 'pending' })
    assertErrorEnvelope(t, await get(`${TRACKING}/${mine.signature}`, { 'x-api-key': bob.apiKey }), 'not_found', "bob reads alice's")
    assertErrorEnvelope(t, await get(`${TRACKING}/${createSigned().signature}`), 'not_found', 'an unknown signature')
    const aliceId = await getUserId(alice.token)
    t.strictSame(
      standIn.calls.slice(calls).map((call) => [call.method, call.tenantId]),
      [
        ['send', aliceId],
        ['getTransaction', aliceId],
        ['getTransaction', await getUserId(bob.token)],
        ['getTransaction', aliceId],
      ],
      "every call ran as its caller's tenant",
    )
  })

  t.test('a malformed signature in the path is 422; a query parameter too', async (t) => {
    refill()
    for (const bad of ['0'.repeat(88), 'O'.repeat(70), 'short', `${'1'.repeat(89)}`]) {
      assertErrorEnvelope(t, await get(`${TRACKING}/${bad}`), 'validation_error', `signature ${bad.slice(0, 8)}… (${bad.length})`)
    }
    assertErrorEnvelope(t, await get(`${TRACKING}/${createSigned().signature}?verbose=1`), 'validation_error', 'an unknown query parameter')
  })

  t.test('each execute and send is recorded in history with its kind and signature', async (t) => {
    refill()
    // What the earlier cases recorded goes first.
    await callers.history.flush()
    recorded.length = 0
    const executed = createSigned()
    const sent = createSigned()
    t.equal((await post(EXECUTE, { transaction: executed.base64 })).statusCode, 200)
    t.equal((await post(SEND, { transaction: sent.base64 })).statusCode, 200)
    assertErrorEnvelope(
      t,
      await post(SEND, { transaction: createSigned().base64, use_relay: true }),
      'relay_unavailable',
      'refused: not recorded',
    )
    await callers.history.flush()
    t.match(recorded, [
      { kind: 'execute', signature: executed.signature, apiKeyId: alice.apiKeyId, decision: 'warn', success: true, computeUnits: 150 },
      { kind: 'send', signature: sent.signature, apiKeyId: alice.apiKeyId, decision: null, success: false },
    ])
    t.equal(recorded.length, 2, 'one record per answered call')
  })
})
