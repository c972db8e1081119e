/**
 * The limits of register, login, refresh and logout over REST (fastify inject, which sets the client
 * address) on a real user service, with the limiter in Redis when REDIS_URL is set: per-address
 * exhaustion answers 429 `rate_limited` with Retry-After in the Error envelope; wrong passwords lock
 * an e-mail whether or not an account has it, with identical answers, before accounts is asked; the
 * lock lifts on the injected clock; addresses are independent (an IPv6 client by its /64); and
 * TRUST_PROXY makes X-Forwarded-For the address. Nothing waits on time: the clock is moved by hand.
 */
import { randomBytes } from 'node:crypto'
import t, { type Test } from 'tap'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import type { UserService } from '../../accounts/contract/index.js'
import type { EngineClient } from '../../engine/client/engine-client.js'
import type { TrustProxy } from '../../edge/trust-proxy.js'
import { createServiceError } from '../../lib/errors.js'
import { createTestUserService, type TestClock } from '../helpers/user-service.js'
import { createTestAuthLimiter } from '../helpers/auth-limiter.js'
import { assertErrorEnvelope, createTestEdgeWithUser, getJson } from '../helpers/edge-inject.js'

// ~90 argon2 hashes and seven edges: more than tap's 60 s on a loaded 2-core machine.
t.setTimeout(180_000)

const PASSWORD = 'correct horse battery staple'
const WRONG_PASSWORD = 'wrong horse battery staple'

/** No route of this file simulates. */
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

let emailCounter = 0
const createEmail = (label: string) => `${label}-${process.pid}-${++emailCounter}-${randomBytes(3).toString('hex')}@example.com`

interface LimitedEdge {
  app: FastifyInstance
  clock: TestClock
  /** Calls that reached accounts, per route. */
  calls: { register: number; login: number; refresh: number; logout: number }
}

/** One database for the whole file (each test keeps to its own addresses and e-mails); its clock only moves forward. */
const base = await createTestUserService(t)

/** An edge with the auth limits on (a limiter of its own), on the real accounts, whose register, login, refresh and logout calls are counted. */
async function createLimitedEdge(t: Test, options: { trustProxy?: TrustProxy; limits?: boolean } = {}): Promise<LimitedEdge> {
  const calls = { register: 0, login: 0, refresh: 0, logout: 0 }
  const userService: UserService = {
    ...base.userService,
    register: (credentials) => (calls.register++, base.userService.register(credentials)),
    login: (credentials) => (calls.login++, base.userService.login(credentials)),
    refresh: (token) => (calls.refresh++, base.userService.refresh(token)),
    logout: (token) => (calls.logout++, base.userService.logout(token)),
  }
  const authLimiter = options.limits === false ? undefined : createTestAuthLimiter(t).limiter
  const { app } = await createTestEdgeWithUser(t, unusedEngine, {
    users: { ...base, userService },
    authLimiter,
    trustProxy: options.trustProxy,
  })
  // The edge's own test user (registered from 127.0.0.1) is not one of the calls a test counts.
  calls.register = 0
  return { app, clock: base.clock, calls }
}

function post(
  app: FastifyInstance,
  url: string,
  payload: unknown,
  ip: string,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url,
    remoteAddress: ip,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(payload),
  })
}

const register = (app: FastifyInstance, email: string, ip: string, headers?: Record<string, string>) =>
  post(app, '/auth/register', { email, password: PASSWORD }, ip, headers)
const login = (app: FastifyInstance, email: string, password: string, ip: string) => post(app, '/auth/login', { email, password }, ip)
const refresh = (app: FastifyInstance, token: string, ip: string) => post(app, '/auth/refresh', { refresh_token: token }, ip)
const logout = (app: FastifyInstance, token: string, ip: string) => post(app, '/auth/logout', { refresh_token: token }, ip)

/** What a client can tell apart in an answer, request id aside. */
function getVisible(response: LightMyRequestResponse) {
  const body = getJson<{ error?: { code?: string; message?: string } }>(response)
  return {
    status: response.statusCode,
    code: body?.error?.code,
    message: body?.error?.message,
    retryAfter: response.headers['retry-after'],
    headerNames: Object.keys(response.headers).sort(),
  }
}

t.test('register: 10 from one address, then 429 with Retry-After in the envelope; other addresses unaffected', async (t) => {
  const { app, clock, calls } = await createLimitedEdge(t)
  for (let i = 0; i < 10; i++) {
    const answer = await register(app, createEmail('burst'), '203.0.113.7')
    t.equal(answer.statusCode, 200, `registration ${i + 1}`, { body: answer.body })
  }
  const refused = await register(app, createEmail('burst'), '203.0.113.7')
  assertErrorEnvelope(t, refused, 'rate_limited', 'the 11th registration')
  t.equal(refused.headers['retry-after'], '360', 'one registration comes back every 6 minutes')
  t.equal(calls.register, 10, 'the refused one never reached accounts')
  t.equal((await register(app, createEmail('other'), '203.0.113.8')).statusCode, 200, 'another address has its own bucket')
  clock.nowMs += 359_000
  t.equal((await register(app, createEmail('burst'), '203.0.113.7')).headers['retry-after'], '1', '1 s to go')
  clock.nowMs += 1_000
  t.equal((await register(app, createEmail('burst'), '203.0.113.7')).statusCode, 200, 'after Retry-After one more passes')
  t.equal((await register(app, createEmail('burst'), '203.0.113.7')).statusCode, 429, 'and only one')
})

t.test('register: one e-mail 3 times from anywhere, then 429 before the password is hashed', async (t) => {
  const { app, calls } = await createLimitedEdge(t)
  const email = createEmail('same')
  t.equal((await register(app, email, '198.51.100.1')).statusCode, 200)
  t.equal((await register(app, email, '198.51.100.2')).statusCode, 409, 'taken')
  // Another spelling of the same address is the same bucket.
  t.equal((await register(app, `  ${email.toUpperCase()}`, '198.51.100.3')).statusCode, 409)
  assertErrorEnvelope(t, await register(app, email, '198.51.100.4'), 'rate_limited', 'the 4th attempt on one e-mail')
  t.equal(calls.register, 3)
})

t.test('login: 5 wrong passwords lock an e-mail, known or not, with identical answers, before accounts is asked', async (t) => {
  const { app, clock, calls } = await createLimitedEdge(t)
  const known = createEmail('known')
  t.equal((await register(app, known, '192.0.2.1')).statusCode, 200)
  const unknown = createEmail('nobody')
  const answers: Record<'known' | 'unknown', LightMyRequestResponse[]> = { known: [], unknown: [] }
  for (let i = 0; i < 7; i++) {
    answers.known.push(await login(app, known, WRONG_PASSWORD, '192.0.2.10'))
    answers.unknown.push(await login(app, unknown, WRONG_PASSWORD, '192.0.2.11'))
  }
  t.strictSame(
    answers.known.map((answer) => answer.statusCode),
    [401, 401, 401, 401, 401, 429, 429],
    'five failures, then locked',
  )
  t.strictSame(answers.known.map(getVisible), answers.unknown.map(getVisible), 'an unknown e-mail answers exactly as a known one')
  const locked = answers.known[5] as LightMyRequestResponse
  assertErrorEnvelope(t, locked, 'rate_limited', 'a locked e-mail')
  t.equal(locked.headers['retry-after'], '60', 'one attempt a minute')
  t.equal(calls.login, 10, 'the locked attempts never reached accounts (no argon2)')

  const beforeLocked = calls.login
  assertErrorEnvelope(
    t,
    await login(app, known, PASSWORD, '192.0.2.12'),
    'rate_limited',
    'the right password, while locked, from another address',
  )
  t.equal(calls.login, beforeLocked, 'not checked either')

  clock.nowMs += 60_000
  t.equal((await login(app, known, PASSWORD, '192.0.2.12')).statusCode, 200, 'once the lock lifts, the right password works')
  t.equal((await login(app, known, PASSWORD, '192.0.2.12')).statusCode, 200, 'and a success spends nothing')
  t.equal((await login(app, known, WRONG_PASSWORD, '192.0.2.12')).statusCode, 401, 'one wrong guess a minute')
  t.equal((await login(app, known, PASSWORD, '192.0.2.12')).statusCode, 429, 'then locked again')
  t.equal((await login(app, unknown, WRONG_PASSWORD, '192.0.2.11')).statusCode, 401, 'the unknown e-mail got its minute too')
})

t.test('login: 30 from one address, then one every 2 s; an IPv6 client counts by its /64', async (t) => {
  const { app, clock } = await createLimitedEdge(t)
  const statuses: number[] = []
  for (let i = 0; i < 30; i++) statuses.push((await login(app, createEmail('spray'), WRONG_PASSWORD, '2001:db8:7:7::1')).statusCode)
  t.strictSame(statuses, Array(30).fill(401), 'thirty guesses on thirty e-mails')
  const refused = await login(app, createEmail('spray'), WRONG_PASSWORD, '2001:db8:7:7:ffff:1:2:3')
  assertErrorEnvelope(t, refused, 'rate_limited', 'the 31st, from another address of the same /64')
  t.equal(refused.headers['retry-after'], '2')
  t.equal((await login(app, createEmail('spray'), WRONG_PASSWORD, '2001:db8:7:8::1')).statusCode, 401, 'the next /64 is another client')
  t.equal((await login(app, createEmail('spray'), WRONG_PASSWORD, '192.0.2.50')).statusCode, 401, 'and so is an IPv4 client')
  clock.nowMs += 2_000
  t.equal((await login(app, createEmail('spray'), WRONG_PASSWORD, '2001:db8:7:7::1')).statusCode, 401, 'a token back after 2 s')
})

t.test('refresh: a chain of rotations passes; one token presented 3 times, then 429; 60 from one address', async (t) => {
  const { app, calls } = await createLimitedEdge(t)
  const registered = await register(app, createEmail('refresh'), '198.51.100.20')
  let token = (registered.json() as { refresh_token: string }).refresh_token
  for (let i = 0; i < 5; i++) {
    const rotated = await refresh(app, token, '198.51.100.20')
    t.equal(rotated.statusCode, 200, `rotation ${i + 1}`)
    token = (rotated.json() as { refresh_token: string }).refresh_token
  }
  const stolen = `pfr_${randomBytes(32).toString('base64url')}`
  t.strictSame(
    [
      await refresh(app, stolen, '198.51.100.21'),
      await refresh(app, stolen, '198.51.100.22'),
      await refresh(app, stolen, '198.51.100.23'),
    ].map((r) => r.statusCode),
    [401, 401, 401],
  )
  const before = calls.refresh
  assertErrorEnvelope(t, await refresh(app, stolen, '198.51.100.24'), 'rate_limited', 'the 4th presentation of one token')
  t.equal(calls.refresh, before, 'not looked up')

  const statuses: number[] = []
  for (let i = 0; i < 55; i++)
    statuses.push((await refresh(app, `pfr_${randomBytes(32).toString('base64url')}`, '198.51.100.20')).statusCode)
  t.strictSame(statuses, Array(55).fill(401), 'with the 5 rotations, 60 from one address')
  const refused = await refresh(app, token, '198.51.100.20')
  assertErrorEnvelope(t, refused, 'rate_limited', 'the 61st from one address')
  t.equal(refused.headers['retry-after'], '1')
  t.equal((await refresh(app, token, '198.51.100.25')).statusCode, 200, 'the live token still works from elsewhere')
})

t.test('logout: one token 3 times, then 429; 60 from one address, in buckets apart from refresh', async (t) => {
  const { app, clock, calls } = await createLimitedEdge(t)
  const registered = await register(app, createEmail('logout'), '198.51.100.40')
  const token = (registered.json() as { refresh_token: string }).refresh_token
  t.strictSame(
    [await logout(app, token, '198.51.100.41'), await logout(app, token, '198.51.100.42'), await logout(app, token, '198.51.100.43')].map(
      (r) => r.statusCode,
    ),
    [200, 200, 200],
    'a logout, and two repeats of it',
  )
  const refused = await logout(app, token, '198.51.100.44')
  assertErrorEnvelope(t, refused, 'rate_limited', 'the 4th logout with one token')
  t.equal(refused.headers['retry-after'], '60', 'one a minute')
  t.equal(calls.logout, 3, 'the refused one never reached accounts')
  clock.nowMs += 60_000
  t.equal((await logout(app, token, '198.51.100.44')).statusCode, 200, 'after Retry-After one more passes')

  const statuses: number[] = []
  for (let i = 0; i < 60; i++)
    statuses.push((await logout(app, `pfr_${randomBytes(32).toString('base64url')}`, '198.51.100.45')).statusCode)
  t.strictSame(statuses, Array(60).fill(200), 'sixty unknown tokens from one address answer alike')
  const spent = await logout(app, `pfr_${randomBytes(32).toString('base64url')}`, '198.51.100.45')
  assertErrorEnvelope(t, spent, 'rate_limited', 'the 61st from one address')
  t.equal(spent.headers['retry-after'], '1')
  t.equal(
    (await refresh(app, token, '198.51.100.45')).statusCode,
    401,
    "refresh's own bucket is untouched (its answer: the family is revoked)",
  )
})

t.test('TRUST_PROXY: X-Forwarded-For from a trusted proxy is the client; otherwise it is ignored', async (t) => {
  const proxy = '10.0.0.5'
  const behind = await createLimitedEdge(t, { trustProxy: ['10.0.0.0/8'] })
  for (let i = 0; i < 10; i++) await register(behind.app, createEmail('xff'), proxy, { 'x-forwarded-for': '198.51.100.60' })
  assertErrorEnvelope(
    t,
    await register(behind.app, createEmail('xff'), proxy, { 'x-forwarded-for': '198.51.100.60' }),
    'rate_limited',
    'the 11th for one forwarded client',
  )
  t.equal(
    (await register(behind.app, createEmail('xff'), proxy, { 'x-forwarded-for': '198.51.100.61' })).statusCode,
    200,
    'another forwarded client, through the same proxy',
  )
  // A client forging the header in front of the proxy: the proxy appends the address it saw, which counts.
  t.equal(
    (await register(behind.app, createEmail('xff'), proxy, { 'x-forwarded-for': '203.0.113.99, 198.51.100.60' })).statusCode,
    429,
    'a forged entry before the real one changes nothing',
  )
  const direct = await register(behind.app, createEmail('xff'), '198.51.100.60', { 'x-forwarded-for': '203.0.113.1' })
  t.equal(direct.statusCode, 429, 'a client that is no trusted proxy cannot name another address')

  const unproxied = await createLimitedEdge(t)
  for (let i = 0; i < 10; i++) await register(unproxied.app, createEmail('noxff'), proxy, { 'x-forwarded-for': `198.51.100.${i}` })
  const shared = await register(unproxied.app, createEmail('noxff'), proxy, { 'x-forwarded-for': '198.51.100.200' })
  t.equal(shared.statusCode, 429, 'without TRUST_PROXY every client of the proxy shares its bucket')
})

t.test('without a limiter (AUTH_LIMITS=off) nothing locks', async (t) => {
  const { app, calls } = await createLimitedEdge(t, { limits: false })
  const email = createEmail('unlimited')
  const statuses: number[] = []
  for (let i = 0; i < 7; i++) statuses.push((await login(app, email, WRONG_PASSWORD, '192.0.2.99')).statusCode)
  t.strictSame(statuses, Array(7).fill(401))
  t.equal(calls.login, 7)
})
