/**
 * The account routes and authentication (docs/api.md#accounts-and-tokens) over REST (fastify
 * inject) on a real user service and database: register, login, the profile, refresh-token
 * rotation with family revocation, token lifetimes crossed by moving the clock (never by sleeping),
 * and the soft delete that stops every credential at once while keeping the user's history.
 */
import { randomBytes } from 'node:crypto'
import t, { type Test } from 'tap'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import type { SimulationRecord } from '../../accounts/contract/index.js'
import type { EngineClient } from '../../engine/client/engine-client.js'
import { createServiceError } from '../../lib/errors.js'
import { createTestUserService, createTestClock, registerTestUser, type TestUserService } from '../helpers/user-service.js'
import { assertErrorEnvelope, createTestEdgeWithUser, getJson } from '../helpers/edge-inject.js'

const SECOND_MS = 1000
const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS
const PASSWORD = 'correct horse battery staple'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
/** 2031-05-04T10:00:00.000Z, on a whole second: far from the real clock, so nothing passes by accident of timing. */
const START_MS = Date.parse('2031-05-04T10:00:00.000Z')

/** No route of this file simulates; a call reaching the engine is a bug the test would see as a 503. */
const unusedEngine: EngineClient = {
  watch: () => Promise.reject(createServiceError('engine_unavailable', 'these tests never simulate')),
  simulate: () => Promise.reject(createServiceError('engine_unavailable', 'these tests never simulate')),
  scanApprovals: () => Promise.reject(createServiceError('engine_unavailable', 'these tests never scan')),
  execute: () => Promise.reject(createServiceError('engine_unavailable', 'these tests never execute')),
  send: () => Promise.reject(createServiceError('engine_unavailable', 'these tests never send')),
  submit: () => Promise.reject(createServiceError('engine_unavailable', 'these tests never submit')),
  getTips: () => Promise.reject(createServiceError('engine_unavailable', 'these tests never read tips')),
  getTransaction: () => Promise.reject(createServiceError('engine_unavailable', 'these tests never track')),
  health: () => Promise.reject(createServiceError('engine_unavailable', 'these tests never ask the engine')),
  close: async () => undefined,
  transport: 'in-process',
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
const apiKey = (key: string) => ({ 'x-api-key': key })

interface AuthBody {
  token: string
  refresh_token: string
  token_type: string
  expires_in: number
}

let emailCounter = 0
const createEmail = (label: string) => `${label}-${process.pid}-${++emailCounter}@example.com`

function post(app: FastifyInstance, url: string, payload: unknown, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(payload),
  })
}

const getMe = (app: FastifyInstance, headers: Record<string, string>) => app.inject({ method: 'GET', url: '/auth/me', headers })

/** Asserts the token pair (with the token type and lifetime clients expect) and returns it. */
function assertAuthResponse(t: Test, response: LightMyRequestResponse, label: string): AuthBody {
  t.equal(response.statusCode, 200, `${label}: 200`, { body: response.body })
  const body = getJson<AuthBody>(response)
  t.strictSame(Object.keys(body ?? {}).sort(), ['expires_in', 'refresh_token', 'token', 'token_type'], `${label}: the AuthResponse fields`)
  t.match(body?.token, /^[\w-]+\.[\w-]+\.[\w-]+$/, `${label}: token is a JWT`)
  t.type(body?.refresh_token, 'string', `${label}: refresh_token is a string`)
  t.ok((body?.refresh_token.length ?? 0) >= 32, `${label}: refresh_token is not trivially short`)
  t.not(body?.refresh_token, body?.token, `${label}: the two tokens differ`)
  t.equal(body?.token_type, 'Bearer', `${label}: token_type Bearer`)
  t.equal(body?.expires_in, 24 * 3600, `${label}: expires_in is 24 h in seconds`)
  if (!body) throw new Error(`${label}: not JSON: ${response.body}`)
  return body
}

async function countRows(users: TestUserService, sql: string, values: string[]): Promise<number> {
  const [row] = await users.db.query<{ n: string }>(sql, values)
  return Number(row?.n)
}

t.test('account routes', async (t) => {
  const users = await createTestUserService(t, { clock: createTestClock(START_MS) })
  const { app } = await createTestEdgeWithUser(t, unusedEngine, { users })

  t.test('register answers an AuthResponse whose token works on /auth/me', async (t) => {
    const email = createEmail('register')
    const auth = assertAuthResponse(t, await post(app, '/auth/register', { email, password: PASSWORD }), 'register')
    t.equal((await getMe(app, bearer(auth.token))).statusCode, 200, 'the access token works at once')
  })

  t.test('login with the right password answers an AuthResponse; wrong password and unknown email answer alike', async (t) => {
    const email = createEmail('login')
    assertAuthResponse(t, await post(app, '/auth/register', { email, password: PASSWORD }), 'register')
    const login = assertAuthResponse(t, await post(app, '/auth/login', { email, password: PASSWORD }), 'login')
    t.equal((await getMe(app, bearer(login.token))).statusCode, 200, 'the login token works')
    const upper = assertAuthResponse(
      t,
      await post(app, '/auth/login', { email: `  ${email.toUpperCase()} `, password: PASSWORD }),
      'login, other case',
    )
    t.ok(upper.token, 'the address is matched whatever its case and padding')

    const wrongPassword = await post(app, '/auth/login', { email, password: `${PASSWORD}!` })
    const wrong = assertErrorEnvelope(t, wrongPassword, 'invalid_credentials', 'wrong password')
    const unknownEmail = await post(app, '/auth/login', { email: createEmail('nobody'), password: PASSWORD })
    const unknown = assertErrorEnvelope(t, unknownEmail, 'invalid_credentials', 'unknown email')
    t.equal(unknown?.message, wrong?.message, 'the same message, so a login says nothing about which accounts exist')
    const caseOfPassword = await post(app, '/auth/login', { email, password: PASSWORD.toUpperCase() })
    assertErrorEnvelope(t, caseOfPassword, 'invalid_credentials', 'passwords are case-sensitive')
  })

  t.test('a second registration of an address is 409 email_taken, whatever its case and padding', async (t) => {
    const email = createEmail('taken')
    assertAuthResponse(t, await post(app, '/auth/register', { email, password: PASSWORD }), 'first registration')
    const usersBefore = await countRows(users, 'SELECT count(*) AS n FROM users', [])
    for (const [label, variant] of [
      ['same address', email],
      ['upper case', email.toUpperCase()],
      ['padded', `  ${email}\t`],
      ['mixed case, padded', ` ${email.charAt(0).toUpperCase()}${email.slice(1)} `],
    ] as const) {
      const response = await post(app, '/auth/register', { email: variant, password: `other ${PASSWORD}` })
      assertErrorEnvelope(t, response, 'email_taken', label)
    }
    t.equal(await countRows(users, 'SELECT count(*) AS n FROM users', []), usersBefore, 'no account was added')
    assertAuthResponse(t, await post(app, '/auth/login', { email, password: PASSWORD }), 'the first password still logs in')
  })

  t.test('register validation: 422 validation_error naming the field, nothing stored', async (t) => {
    const usersBefore = await countRows(users, 'SELECT count(*) AS n FROM users', [])
    const cases: [label: string, body: unknown, field: string][] = [
      ['password of 7 characters', { email: createEmail('short'), password: '1234567' }, 'password'],
      ['empty password', { email: createEmail('empty'), password: '' }, 'password'],
      ['missing password', { email: createEmail('missing') }, 'password'],
      ['missing email', { password: PASSWORD }, 'email'],
      ['email is a number', { email: 12345678, password: PASSWORD }, 'email'],
      ['email is null', { email: null, password: PASSWORD }, 'email'],
      ['password is a number', { email: createEmail('number'), password: 123456789 }, 'password'],
      ['password is an array', { email: createEmail('array'), password: [PASSWORD] }, 'password'],
      ['unknown field role', { email: createEmail('role'), password: PASSWORD, role: 'admin' }, 'role'],
      ['unknown field name', { email: createEmail('name'), password: PASSWORD, name: 'Mallory' }, 'name'],
      ['no @ in email', { email: 'not-an-email', password: PASSWORD }, 'email'],
      ['no dot in the domain', { email: 'someone@localhost', password: PASSWORD }, 'email'],
      ['space inside the email', { email: 'some one@example.com', password: PASSWORD }, 'email'],
      ['10 kB email', { email: `${'a'.repeat(10_000)}@example.com`, password: PASSWORD }, 'email'],
      ['10 kB password', { email: createEmail('long'), password: 'p'.repeat(10_240) }, 'password'],
    ]
    for (const [label, body, field] of cases) {
      const response = await post(app, '/auth/register', body)
      const error = assertErrorEnvelope(t, response, 'validation_error', label)
      t.match(error?.message, new RegExp(`\\b${field}\\b`), `${label}: the message names ${field}`, { got: error?.message })
    }
    t.equal(await countRows(users, 'SELECT count(*) AS n FROM users', []), usersBefore, 'no account was stored')
    // The boundary: 8 characters are enough.
    assertAuthResponse(t, await post(app, '/auth/register', { email: createEmail('eight'), password: '12345678' }), '8-character password')
  })

  t.test('GET /auth/me answers the User with a bearer token only', async (t) => {
    const mixed = `  Me-${process.pid}-${++emailCounter}@Example.COM `
    const registeredAtMs = users.clock.nowMs
    const auth = assertAuthResponse(t, await post(app, '/auth/register', { email: mixed, password: PASSWORD }), 'register')
    const response = await getMe(app, bearer(auth.token))
    t.equal(response.statusCode, 200)
    const user = getJson<Record<string, unknown>>(response) ?? {}
    t.match(user.id, UUID, 'id is a uuid')
    t.equal(user.email, mixed.trim().toLowerCase(), 'email is trimmed and lower-cased')
    t.equal(user.role, 'user', 'role user')
    t.equal(user.created_at, new Date(registeredAtMs).toISOString(), 'created_at is the registration time, ISO 8601')
    const allowed = ['id', 'email', 'name', 'role', 'email_verified', 'timezone', 'created_at']
    t.strictSame(
      Object.keys(user).filter((field) => !allowed.includes(field)),
      [],
      'only the User fields',
    )
    t.notMatch(response.body, /password|hash|\$argon2/i, 'no password or hash anywhere in the body')
    const [row] = await users.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [user.id as string])
    t.match(row?.password_hash, /^\$argon2id\$/, 'the stored password is an argon2id hash')
    t.not(row?.password_hash, PASSWORD, 'never the cleartext')

    const key = await registerTestUser(app, 'me-key')
    assertErrorEnvelope(t, await getMe(app, apiKey(key.apiKey)), 'unauthorized', 'an API key on a bearer route')
    assertErrorEnvelope(t, await getMe(app, {}), 'unauthorized', 'no credential')
    assertErrorEnvelope(t, await getMe(app, bearer('not.a.jwt')), 'unauthorized', 'a malformed token')
    assertErrorEnvelope(t, await getMe(app, { authorization: `Basic ${auth.token}` }), 'unauthorized', 'another scheme')
    const [header, payload] = auth.token.split('.')
    assertErrorEnvelope(t, await getMe(app, bearer(`${header}.${payload}.AAAA`)), 'unauthorized', 'a forged signature')
  })

  t.test('POST /auth/refresh rotates the pair; reusing a spent token revokes its family', async (t) => {
    const email = createEmail('refresh')
    const first = assertAuthResponse(t, await post(app, '/auth/register', { email, password: PASSWORD }), 'register')
    // A JWT signed in the same second for the same user would be the very same string.
    users.clock.nowMs += 2 * SECOND_MS
    const second = assertAuthResponse(t, await post(app, '/auth/refresh', { refresh_token: first.refresh_token }), 'refresh')
    t.not(second.refresh_token, first.refresh_token, 'a new refresh token')
    t.not(second.token, first.token, 'a new access token')
    t.equal((await getMe(app, bearer(second.token))).statusCode, 200, 'the new access token works')

    const reuse = await post(app, '/auth/refresh', { refresh_token: first.refresh_token })
    assertErrorEnvelope(t, reuse, 'invalid_refresh_token', 'the spent token again')
    const descendant = await post(app, '/auth/refresh', { refresh_token: second.refresh_token })
    assertErrorEnvelope(t, descendant, 'invalid_refresh_token', 'the token issued from it: its family is revoked')

    // Another family of the same user (a second login) is not touched.
    const other = assertAuthResponse(t, await post(app, '/auth/login', { email, password: PASSWORD }), 'another login')
    assertAuthResponse(t, await post(app, '/auth/refresh', { refresh_token: other.refresh_token }), 'the other family refreshes')

    assertErrorEnvelope(t, await post(app, '/auth/refresh', { refresh_token: 'pfr_unknown' }), 'invalid_refresh_token', 'a malformed token')
    const wellFormed = `pfr_${randomBytes(32).toString('base64url')}`
    assertErrorEnvelope(t, await post(app, '/auth/refresh', { refresh_token: wellFormed }), 'invalid_refresh_token', 'an unknown token')
    // An access token (a JWT, longer than any refresh token) is refused by its size, naming the field.
    const jwt = assertErrorEnvelope(
      t,
      await post(app, '/auth/refresh', { refresh_token: first.token }),
      'validation_error',
      'an access token',
    )
    t.match(jwt?.message, /^refresh_token\b/, 'the message names refresh_token')
    assertErrorEnvelope(t, await post(app, '/auth/refresh', {}), 'validation_error', 'no refresh_token')
    assertErrorEnvelope(t, await post(app, '/auth/refresh', { refresh_token: 42 }), 'validation_error', 'a number')
  })

  t.test('DELETE /auth/account: every credential fails on the very next request; history is kept', async (t) => {
    const victim = await registerTestUser(app, 'victim')
    const bystander = await registerTestUser(app, 'bystander')
    // Warm the edge's caches first: the deletion must reach them, not merely a cold lookup.
    const me = await getMe(app, bearer(victim.token))
    t.equal(me.statusCode, 200)
    const userId = (getJson<{ id: string }>(me) ?? { id: '' }).id
    const stats = () => app.inject({ method: 'GET', url: '/api/v1/solana/simulations/stats', headers: apiKey(victim.apiKey) })
    t.equal((await stats()).statusCode, 200, 'the key works before')

    const records: SimulationRecord[] = [true, false, true].map((success, i) => ({
      userId,
      apiKeyId: i === 0 ? null : victim.apiKeyId,
      createdAtMs: users.clock.nowMs - i * SECOND_MS,
      success,
      decision: success ? 'approve' : 'block',
      riskLevel: success ? 'low' : 'high',
      mevScore: 0,
      mevLevel: 'none',
      failureCode: success ? null : 'insufficient_sol',
      failureReason: success ? null : 'no SOL',
      computeUnits: 150,
      feeEstimateSol: 0.000005,
      latencyMs: 1.5,
      signature: null,
      cached: false,
    }))
    await users.userService.recordSimulations(records)

    assertErrorEnvelope(
      t,
      await app.inject({ method: 'DELETE', url: '/auth/account', headers: apiKey(victim.apiKey) }),
      'unauthorized',
      'deleting with an API key',
    )
    assertErrorEnvelope(t, await app.inject({ method: 'DELETE', url: '/auth/account' }), 'unauthorized', 'deleting with no credential')
    t.equal((await getMe(app, bearer(victim.token))).statusCode, 200, 'refused deletions deleted nothing')

    const deleted = await app.inject({ method: 'DELETE', url: '/auth/account', headers: bearer(victim.token) })
    t.equal(deleted.statusCode, 200, 'deleted', { body: deleted.body })
    const body = getJson<Record<string, unknown>>(deleted)
    t.strictSame(Object.keys(body ?? {}), ['message'], 'the body is {message}')
    t.type(body?.message, 'string')
    t.ok(typeof body?.message === 'string' && body.message.length > 0, 'a non-empty message')

    assertErrorEnvelope(t, await getMe(app, bearer(victim.token)), 'unauthorized', 'the bearer token on the next request')
    assertErrorEnvelope(t, await stats(), 'unauthorized', 'the API key on the next request')
    assertErrorEnvelope(
      t,
      await app.inject({ method: 'GET', url: '/api/v1/solana/simulations', headers: bearer(victim.token) }),
      'unauthorized',
      'the bearer token on an either route',
    )
    assertErrorEnvelope(
      t,
      await app.inject({ method: 'GET', url: '/api/v1/api-keys', headers: bearer(victim.token) }),
      'unauthorized',
      'the key list',
    )
    assertErrorEnvelope(
      t,
      await app.inject({ method: 'DELETE', url: '/auth/account', headers: bearer(victim.token) }),
      'unauthorized',
      'a second deletion',
    )
    assertErrorEnvelope(
      t,
      await post(app, '/auth/login', { email: victim.email, password: victim.password }),
      'invalid_credentials',
      'login',
    )
    assertErrorEnvelope(
      t,
      await post(app, '/auth/refresh', { refresh_token: victim.refreshToken }),
      'invalid_refresh_token',
      'the refresh token',
    )

    const sql = 'SELECT count(*) AS n FROM simulations WHERE user_id = $1'
    t.equal(await countRows(users, sql, [userId]), records.length, 'the history rows remain')
    t.equal(
      await countRows(users, 'SELECT count(*) AS n FROM users WHERE id = $1 AND deleted_at IS NOT NULL', [userId]),
      1,
      'the user row remains, marked deleted',
    )
    t.equal(await countRows(users, 'SELECT count(*) AS n FROM api_keys WHERE user_id = $1', [userId]), 1, 'the key row remains')

    t.equal((await getMe(app, bearer(bystander.token))).statusCode, 200, 'another user keeps working (bearer)')
    const bystanderStats = await app.inject({
      method: 'GET',
      url: '/api/v1/solana/simulations/stats',
      headers: apiKey(bystander.apiKey),
    })
    t.equal(bystanderStats.statusCode, 200, 'another user keeps working (API key)')

    // The address is free again (the unique index covers live accounts only); the new account is a stranger.
    const again = assertAuthResponse(t, await post(app, '/auth/register', { email: victim.email, password: PASSWORD }), 're-register')
    const newMe = getJson<{ id: string }>(await getMe(app, bearer(again.token)))
    t.not(newMe?.id, userId, 'a new account, not the deleted one revived')
    const newStats = await app.inject({ method: 'GET', url: '/api/v1/solana/simulations/stats', headers: bearer(again.token) })
    t.equal(getJson<{ total_simulations: number }>(newStats)?.total_simulations, 0, "it sees none of the deleted account's history")
    assertErrorEnvelope(t, await stats(), 'unauthorized', 'the deleted account key stays dead')
  })
})

t.test('token lifetimes: 24 h access, 30 days refresh, by the clock', async (t) => {
  const users = await createTestUserService(t, { clock: createTestClock(START_MS) })
  const { app } = await createTestEdgeWithUser(t, unusedEngine, { users })
  const { clock } = users
  const email = createEmail('lifetime')
  const issuedAtMs = clock.nowMs
  const auth = assertAuthResponse(t, await post(app, '/auth/register', { email, password: PASSWORD }), 'register')
  // A second family, to try at the refresh token's last millisecond without spending the first.
  const spare = assertAuthResponse(t, await post(app, '/auth/login', { email, password: PASSWORD }), 'login')

  t.equal((await getMe(app, bearer(auth.token))).statusCode, 200, 'valid when issued')
  clock.nowMs = issuedAtMs + DAY_MS - SECOND_MS
  t.equal((await getMe(app, bearer(auth.token))).statusCode, 200, 'valid a second before 24 h (and now cached by the edge)')
  clock.nowMs = issuedAtMs + DAY_MS
  assertErrorEnvelope(t, await getMe(app, bearer(auth.token)), 'unauthorized', 'the access token at 24 h')
  const fresh = assertAuthResponse(t, await post(app, '/auth/login', { email, password: PASSWORD }), 'a fresh login at 24 h')
  t.equal((await getMe(app, bearer(fresh.token))).statusCode, 200, 'its token works')

  clock.nowMs = issuedAtMs + 30 * DAY_MS - 1
  const lastMoment = assertAuthResponse(
    t,
    await post(app, '/auth/refresh', { refresh_token: spare.refresh_token }),
    'refresh 1 ms before 30 days',
  )
  t.equal((await getMe(app, bearer(lastMoment.token))).statusCode, 200, 'the refreshed access token works')
  clock.nowMs = issuedAtMs + 30 * DAY_MS
  assertErrorEnvelope(
    t,
    await post(app, '/auth/refresh', { refresh_token: auth.refresh_token }),
    'invalid_refresh_token',
    'the refresh token at 30 days',
  )
  // Rotation restarts the 30 days: the token issued 1 ms before the first family expired lives on.
  clock.nowMs = issuedAtMs + 60 * DAY_MS - 2
  assertAuthResponse(
    t,
    await post(app, '/auth/refresh', { refresh_token: lastMoment.refresh_token }),
    'a rotated token counts 30 days from its own issue',
  )
})
