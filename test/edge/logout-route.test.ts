/**
 * POST /auth/logout over REST (fastify inject) on a real user service and database: logging out
 * with one login's refresh token revokes that login's family (the token presented, the tokens
 * rotated from it and those it was rotated from) and no other; any token answers the same
 * 200 {revoked: true}, so a client may repeat it and an attacker learns nothing; the access token
 * lives on (stateless); and a malformed body is a 4xx Error envelope that revokes nothing.
 */
import { randomBytes } from 'node:crypto'
import t, { type Test } from 'tap'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { assertErrorEnvelope, createTestEdgeWithUser, getJson } from '../helpers/edge-inject.js'
import { unusedEngine } from '../helpers/unused-engine.js'
import { createTestClock, createTestUserService } from '../helpers/user-service.js'

const DAY_MS = 24 * 3_600_000
const PASSWORD = 'correct horse battery staple'
/** 2031-05-04T10:00:00.000Z: far from the real clock, so nothing passes by accident of timing. */
const START_MS = Date.parse('2031-05-04T10:00:00.000Z')

interface AuthBody {
  token: string
  refresh_token: string
}

let emailCounter = 0
const createEmail = (label: string) => `${label}-${process.pid}-${++emailCounter}-${randomBytes(3).toString('hex')}@example.com`

function post(app: FastifyInstance, url: string, payload: unknown, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  })
}

const logout = (app: FastifyInstance, refreshToken: unknown) => post(app, '/auth/logout', { refresh_token: refreshToken })
const refresh = (app: FastifyInstance, refreshToken: string) => post(app, '/auth/refresh', { refresh_token: refreshToken })

/** A token pair from `url` (register, login or refresh), asserting the 200. */
async function getPair(t: Test, response: Promise<LightMyRequestResponse>, label: string): Promise<AuthBody> {
  const answer = await response
  t.equal(answer.statusCode, 200, `${label}: 200`, { body: answer.body })
  const body = getJson<AuthBody>(answer)
  if (!body) throw new Error(`${label}: not JSON: ${answer.body}`)
  return body
}

/** Asserts logout's one answer: 200, JSON, exactly {revoked: true}. */
function assertRevoked(t: Test, response: LightMyRequestResponse, label: string): void {
  t.equal(response.statusCode, 200, `${label}: 200`, { body: response.body })
  t.match(response.headers['content-type'], /^application\/json/, `${label}: JSON`)
  t.strictSame(getJson(response), { revoked: true }, `${label}: {revoked: true}`)
}

t.test('POST /auth/logout', async (t) => {
  const users = await createTestUserService(t, { clock: createTestClock(START_MS) })
  const { app } = await createTestEdgeWithUser(t, unusedEngine, { users })
  const email = createEmail('logout')
  await getPair(t, post(app, '/auth/register', { email, password: PASSWORD }), 'register')
  const login = () => getPair(t, post(app, '/auth/login', { email, password: PASSWORD }), 'login')

  t.test("revokes the presented token's family, before and after it in the chain, and no other", async (t) => {
    const a1 = await login()
    const b = await login()
    const a2 = await getPair(t, refresh(app, a1.refresh_token), 'A rotated')

    assertRevoked(t, await logout(app, a2.refresh_token), "logout with A's refresh token")
    assertErrorEnvelope(t, await refresh(app, a2.refresh_token), 'invalid_refresh_token', "A's token no longer refreshes")
    assertErrorEnvelope(t, await refresh(app, a1.refresh_token), 'invalid_refresh_token', 'nor the token A was rotated from')

    // Logging out with a token the chain had already rotated past ends the tokens rotated from it.
    const c1 = await login()
    const c2 = await getPair(t, refresh(app, c1.refresh_token), 'C rotated')
    assertRevoked(t, await logout(app, c1.refresh_token), 'logout with C’s spent first token')
    assertErrorEnvelope(t, await refresh(app, c2.refresh_token), 'invalid_refresh_token', 'the token C had been rotated into')

    await getPair(t, refresh(app, b.refresh_token), 'family B, another login of the same user, still refreshes')
    const me = await app.inject({ method: 'GET', url: '/auth/me', headers: { authorization: `Bearer ${a2.token}` } })
    t.equal(me.statusCode, 200, "A's access token stays valid until it expires: access tokens are stateless")
  })

  t.test('answers 200 {revoked: true} whatever the token: unknown, garbage, revoked, expired', async (t) => {
    const revoked = await login()
    assertRevoked(t, await logout(app, revoked.refresh_token), 'a live token')
    const expired = await login()
    const live = await login()
    const cases: Array<[string, string]> = [
      ['the same token again (already revoked)', revoked.refresh_token],
      ['an unknown token of the right shape', `pfr_${randomBytes(32).toString('base64url')}`],
      ['garbage', 'pfr_unknown'],
      ['one character', 'x'],
      ['256 characters', 'y'.repeat(256)],
    ]
    for (const [label, token] of cases) assertRevoked(t, await logout(app, token), label)
    users.clock.nowMs += 31 * DAY_MS
    assertRevoked(t, await logout(app, expired.refresh_token), 'an expired token')
    users.clock.nowMs -= 31 * DAY_MS
    await getPair(t, refresh(app, live.refresh_token), 'none of these revoked another family')
  })

  t.test('a malformed body is a 4xx Error envelope and revokes nothing', async (t) => {
    const live = await login()
    const cases: Array<[string, unknown]> = [
      ['no refresh_token', {}],
      ['a number', { refresh_token: 42 }],
      ['null', { refresh_token: null }],
      ['an array', { refresh_token: [live.refresh_token] }],
      ['an empty string', { refresh_token: '' }],
      ['257 characters', { refresh_token: 'z'.repeat(257) }],
      ['an unknown field beside the token', { refresh_token: live.refresh_token, everywhere: true }],
      ['not an object', [live.refresh_token]],
    ]
    for (const [label, body] of cases) {
      const error = assertErrorEnvelope(t, await post(app, '/auth/logout', body), 'validation_error', label)
      t.match(error?.message, /refresh_token|everywhere|body/, `${label}: the message names what is wrong`, { got: error?.message })
    }
    assertErrorEnvelope(t, await post(app, '/auth/logout', '{"refresh_token": '), 'invalid_json', 'malformed JSON')
    const text = await app.inject({ method: 'POST', url: '/auth/logout', headers: { 'content-type': 'text/plain' }, payload: 'x' })
    assertErrorEnvelope(t, text, 'unsupported_media_type', 'not JSON at all')
    await getPair(t, refresh(app, live.refresh_token), 'the token named in the refused bodies still refreshes')
  })
})
