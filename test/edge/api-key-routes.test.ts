/**
 * The API-key routes (docs/api.md#api-keys) over REST (fastify inject) on a real user service
 * and database: create, list, rotate (the old key lives exactly 24 h more, by the clock), revoke,
 * expiry, ownership, bearer-only access, and SQL in every text input stored or refused literally.
 */
import t, { type Test } from 'tap'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import type { EngineClient } from '../../engine/client/engine-client.js'
import { createServiceError } from '../../lib/errors.js'
import { createTestUserService, createTestClock, registerTestUser, type TestUserService, type TestUser } from '../helpers/user-service.js'
import { assertErrorEnvelope, createTestEdgeWithUser, getJson } from '../helpers/edge-inject.js'

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
/** 2031-05-04T10:00:00.000Z: far from the real clock, so nothing passes by accident of timing. */
const START_MS = Date.parse('2031-05-04T10:00:00.000Z')
const KEYS_PATH = '/api/v1/api-keys'
const INJECTIONS = [`' OR 1=1 --`, `'; DROP TABLE api_keys; --`, `x'); DELETE FROM users; --`, `1; TRUNCATE api_key_secrets`]

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

interface ApiKeyBody {
  id: string
  name: string
  prefix: string
  key?: string
  requests_count: number
  last_used_at: string | null
  expires_at: string | null
  created_at: string
}

const bearer = (user: TestUser) => ({ authorization: `Bearer ${user.token}` })

function createKey(app: FastifyInstance, user: TestUser, payload: unknown, headers: Record<string, string> = bearer(user)) {
  return app.inject({
    method: 'POST',
    url: KEYS_PATH,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(payload),
  })
}

const listKeys = (app: FastifyInstance, headers: Record<string, string>) => app.inject({ method: 'GET', url: KEYS_PATH, headers })
const revokeKey = (app: FastifyInstance, id: string, headers: Record<string, string>) =>
  app.inject({ method: 'DELETE', url: `${KEYS_PATH}/${encodeURIComponent(id)}`, headers })
const rotateKey = (app: FastifyInstance, id: string, headers: Record<string, string>) =>
  app.inject({ method: 'POST', url: `${KEYS_PATH}/${encodeURIComponent(id)}/rotate`, headers })

/** A request on an `either` route with the key: 200 while the key authenticates, 401 otherwise. */
const useKey = (app: FastifyInstance, key: string) =>
  app.inject({ method: 'GET', url: '/api/v1/solana/simulations/stats', headers: { 'x-api-key': key } })

function getKeyBody(response: LightMyRequestResponse): ApiKeyBody {
  const body = getJson<ApiKeyBody>(response)
  if (!body) throw new Error(`not JSON: ${response.statusCode} ${response.body}`)
  return body
}

async function getKeyList(t: Test, app: FastifyInstance, user: TestUser): Promise<ApiKeyBody[]> {
  const response = await listKeys(app, bearer(user))
  t.equal(response.statusCode, 200, 'list: 200', { body: response.body })
  return getJson<{ keys: ApiKeyBody[] }>(response)?.keys ?? []
}

/** Every property name anywhere in a JSON value. */
function getPropertyNames(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(getPropertyNames)
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([name, inner]) => [name, ...getPropertyNames(inner)])
  }
  return []
}

interface TableCounts {
  users: number
  refresh_tokens: number
  api_keys: number
  api_key_secrets: number
  revoked: number
}

async function getTableCounts(users: TestUserService): Promise<TableCounts> {
  const [row] = await users.db.query<Record<keyof TableCounts, string>>(
    `SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM refresh_tokens) AS refresh_tokens,
            (SELECT count(*) FROM api_keys) AS api_keys, (SELECT count(*) FROM api_key_secrets) AS api_key_secrets,
            (SELECT count(*) FROM api_keys WHERE revoked_at IS NOT NULL) AS revoked`,
  )
  if (!row) throw new Error('no counts')
  return {
    users: Number(row.users),
    refresh_tokens: Number(row.refresh_tokens),
    api_keys: Number(row.api_keys),
    api_key_secrets: Number(row.api_key_secrets),
    revoked: Number(row.revoked),
  }
}

t.test('API key routes', async (t) => {
  const users = await createTestUserService(t, { clock: createTestClock(START_MS) })
  const { clock } = users
  const { app, user } = await createTestEdgeWithUser(t, unusedEngine, { users })

  t.test('create answers the ApiKey with the cleartext key once; list never shows it', async (t) => {
    const response = await createKey(app, user, { name: 'ci deploys' })
    t.equal(response.statusCode, 200, { body: response.body })
    const created = getKeyBody(response)
    t.match(created.id, UUID, 'id is a uuid')
    t.equal(created.name, 'ci deploys')
    t.equal(created.prefix, 'pf_live_', 'prefix pf_live_')
    t.type(created.key, 'string')
    t.ok(created.key?.startsWith('pf_live_'), 'the key starts with pf_live_')
    t.ok((created.key?.length ?? 0) >= 'pf_live_'.length + 32, 'and carries a long random part')
    t.equal(created.requests_count, 0, 'requests_count 0')
    t.equal(created.last_used_at, null, 'never used')
    t.equal(created.expires_at, null, 'no expiry unless asked')
    t.equal(created.created_at, new Date(clock.nowMs).toISOString(), 'created_at is now, ISO 8601')
    t.equal((await useKey(app, created.key as string)).statusCode, 200, 'the key works at once')
    t.equal((await useKey(app, created.key as string)).statusCode, 200, 'and again')

    const response2 = await listKeys(app, bearer(user))
    t.equal(response2.statusCode, 200)
    const body = getJson<{ keys: ApiKeyBody[] }>(response2)
    t.strictSame(Object.keys(body ?? {}), ['keys'], 'the body is {keys}')
    t.notOk(getPropertyNames(body).includes('key'), 'no `key` field anywhere in the listing')
    t.notOk(response2.body.includes(created.key as string), 'the cleartext appears nowhere in the listing')
    t.notOk(response2.body.includes(user.apiKey), "nor does the helper's key")
    const listed = body?.keys.find((key) => key.id === created.id)
    t.ok(listed, 'the new key is listed')
    t.match(listed, { name: 'ci deploys', prefix: 'pf_live_', expires_at: null, created_at: created.created_at })
    t.equal(listed?.requests_count, 2, 'requests_count counts the two requests made with it')
    t.equal(listed?.last_used_at, new Date(clock.nowMs).toISOString(), 'last_used_at is the last use')
    t.ok(
      body?.keys.some((key) => key.id === user.apiKeyId),
      'the first key too',
    )
  })

  t.test('name: 1 to 100 characters', async (t) => {
    const hundred = 'n'.repeat(100)
    const ok = await createKey(app, user, { name: hundred })
    t.equal(ok.statusCode, 200, '100 characters are accepted', { body: ok.body })
    t.equal(getKeyBody(ok).name, hundred)
    const before = await getTableCounts(users)
    const cases: [string, unknown][] = [
      ['empty name', { name: '' }],
      ['blank name', { name: '   ' }],
      ['101 characters', { name: 'n'.repeat(101) }],
      ['no name', {}],
      ['a number', { name: 42 }],
      ['null', { name: null }],
      ['a control character', { name: 'tab\there' }],
    ]
    for (const [label, payload] of cases) {
      const error = assertErrorEnvelope(t, await createKey(app, user, payload), 'validation_error', label)
      t.match(error?.message, /\bname\b/, `${label}: the message names name`, { got: error?.message })
    }
    const extra = assertErrorEnvelope(
      t,
      await createKey(app, user, { name: 'x', user_id: user.apiKeyId }),
      'validation_error',
      'an unknown field',
    )
    t.match(extra?.message, /^user_id\b/, 'the message names the unknown field', { got: extra?.message })
    t.strictSame(await getTableCounts(users), before, 'nothing was stored')
  })

  t.test('expires_at: a future date-time is honoured; past or garbage is 422', async (t) => {
    const before = await getTableCounts(users)
    const cases: [string, unknown][] = [
      ['in the past', new Date(clock.nowMs - 1000).toISOString()],
      ['now', new Date(clock.nowMs).toISOString()],
      ['garbage', 'next tuesday'],
      ['a date-looking garbage', '2031-13-45T99:99:99Z'],
      ['a day February lacks', '2031-02-30T00:00:00Z'],
      ['a date without a time', '2031-06-01'],
      ['a number', clock.nowMs + DAY_MS],
      ['empty', ''],
    ]
    for (const [label, expiresAt] of cases) {
      const error = assertErrorEnvelope(
        t,
        await createKey(app, user, { name: 'expiring', expires_at: expiresAt }),
        'validation_error',
        label,
      )
      t.match(error?.message, /^expires_at\b/, `${label}: the message names expires_at`, { got: error?.message })
    }
    t.strictSame(await getTableCounts(users), before, 'nothing was stored')

    const explicitNull = await createKey(app, user, { name: 'no end', expires_at: null })
    t.equal(explicitNull.statusCode, 200, 'null means no expiry')
    t.equal(getKeyBody(explicitNull).expires_at, null)

    const expiresAtMs = clock.nowMs + 2 * HOUR_MS
    const response = await createKey(app, user, { name: 'expiring', expires_at: new Date(expiresAtMs).toISOString() })
    t.equal(response.statusCode, 200, { body: response.body })
    const key = getKeyBody(response)
    t.equal(key.expires_at, new Date(expiresAtMs).toISOString(), 'expires_at is echoed')
    const listed = (await getKeyList(t, app, user)).find((entry) => entry.id === key.id)
    t.equal(listed?.expires_at, new Date(expiresAtMs).toISOString(), 'and listed')

    const zoneless = await createKey(app, user, { name: 'zone-less', expires_at: '2031-06-01T12:30:00' })
    t.equal(zoneless.statusCode, 200, { body: zoneless.body })
    t.equal(getKeyBody(zoneless).expires_at, '2031-06-01T12:30:00.000Z', 'a date-time without an offset is UTC, whatever the server zone')
    const offset = await createKey(app, user, { name: 'offset', expires_at: '2031-06-01T12:30:00+02:00' })
    t.equal(getKeyBody(offset).expires_at, '2031-06-01T10:30:00.000Z', 'an offset is honoured')

    const startMs = clock.nowMs
    t.teardown(() => {
      clock.nowMs = startMs
    })
    t.equal((await useKey(app, key.key as string)).statusCode, 200, 'works before')
    clock.nowMs = expiresAtMs - 1
    t.equal((await useKey(app, key.key as string)).statusCode, 200, 'works 1 ms before expires_at')
    clock.nowMs = expiresAtMs
    assertErrorEnvelope(t, await useKey(app, key.key as string), 'unauthorized', 'at expires_at')
    clock.nowMs = expiresAtMs + HOUR_MS
    assertErrorEnvelope(t, await useKey(app, key.key as string), 'unauthorized', 'after expires_at')
    t.equal((await useKey(app, user.apiKey)).statusCode, 200, 'a key without expiry keeps working')
  })

  t.test('rotate: a new key under the same id; the old one works 24 h more, to the millisecond', async (t) => {
    const startMs = clock.nowMs
    t.teardown(() => {
      clock.nowMs = startMs
    })
    const created = getKeyBody(await createKey(app, user, { name: 'to rotate' }))
    const oldKey = created.key as string
    t.equal((await useKey(app, oldKey)).statusCode, 200, 'the old key is warm in the edge cache')

    const response = await rotateKey(app, created.id, bearer(user))
    t.equal(response.statusCode, 200, { body: response.body })
    const rotated = getKeyBody(response)
    t.equal(rotated.id, created.id, 'same id')
    t.equal(rotated.name, 'to rotate', 'same name')
    t.equal(rotated.prefix, 'pf_live_')
    t.type(rotated.key, 'string')
    t.ok(rotated.key?.startsWith('pf_live_'), 'the new key starts with pf_live_')
    t.not(rotated.key, oldKey, 'a new cleartext')
    t.equal(rotated.created_at, created.created_at, 'the key keeps its creation time')
    const newKey = rotated.key as string

    t.equal((await useKey(app, newKey)).statusCode, 200, 'the new key works at once')
    t.equal((await useKey(app, oldKey)).statusCode, 200, 'the old key still works right after')
    const list = await getKeyList(t, app, user)
    t.equal(list.filter((key) => key.id === created.id).length, 1, 'the listing holds the id once')
    t.notOk(getPropertyNames(list).includes('key'), 'and no cleartext')

    clock.nowMs = startMs + DAY_MS - 1
    t.equal((await useKey(app, oldKey)).statusCode, 200, 'the old key works at +24 h − 1 ms')
    clock.nowMs = startMs + DAY_MS
    assertErrorEnvelope(t, await useKey(app, oldKey), 'unauthorized', 'the old key at +24 h')
    t.equal((await useKey(app, newKey)).statusCode, 200, 'the new key still works at +24 h')

    // A second rotation ends the first rotated key 24 h later, too. (The bearer token of the helper
    // user expired at +24 h: a fresh login.)
    const login = await app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: user.email, password: user.password },
    })
    const token = getJson<{ token: string }>(login)?.token ?? ''
    const rotatedAgain = await rotateKey(app, created.id, { authorization: `Bearer ${token}` })
    t.equal(rotatedAgain.statusCode, 200, { body: rotatedAgain.body })
    const again = getKeyBody(rotatedAgain)
    t.equal(again.id, created.id)
    t.equal((await useKey(app, newKey)).statusCode, 200, 'the previous key works right after the second rotation')
    clock.nowMs = startMs + 2 * DAY_MS
    assertErrorEnvelope(t, await useKey(app, newKey), 'unauthorized', 'the previous key 24 h after the second rotation')
    t.equal((await useKey(app, again.key as string)).statusCode, 200, 'the newest key works')
  })

  t.test('revoke: 401 on the very next request; 404 for anything that is not a live key of the caller', async (t) => {
    const created = getKeyBody(await createKey(app, user, { name: 'to revoke' }))
    const key = created.key as string
    t.equal((await useKey(app, key)).statusCode, 200, 'the key is warm in the edge cache')
    const response = await revokeKey(app, created.id, bearer(user))
    t.equal(response.statusCode, 200, { body: response.body })
    assertErrorEnvelope(t, await useKey(app, key), 'unauthorized', 'the revoked key on the next request')
    t.notOk(
      (await getKeyList(t, app, user)).some((entry) => entry.id === created.id),
      'a revoked key is not listed',
    )

    assertErrorEnvelope(t, await revokeKey(app, created.id, bearer(user)), 'not_found', 'a second revoke')
    assertErrorEnvelope(t, await rotateKey(app, created.id, bearer(user)), 'not_found', 'rotating a revoked key')
    const unknown = '5f0c6a52-3c1e-4c8e-9d0a-2b7f5e1c9a40'
    assertErrorEnvelope(t, await revokeKey(app, unknown, bearer(user)), 'not_found', 'an unknown uuid (revoke)')
    assertErrorEnvelope(t, await rotateKey(app, unknown, bearer(user)), 'not_found', 'an unknown uuid (rotate)')
    for (const id of ['not-a-uuid', '123', created.id.slice(0, -1), `${created.id}0`, 'x'.repeat(64)]) {
      assertErrorEnvelope(t, await revokeKey(app, id, bearer(user)), 'not_found', `id ${id} (revoke)`)
      assertErrorEnvelope(t, await rotateKey(app, id, bearer(user)), 'not_found', `id ${id} (rotate)`)
    }
    // Overlong ids are ids of nothing too.
    for (const length of [65, 100]) {
      assertErrorEnvelope(t, await revokeKey(app, 'x'.repeat(length), bearer(user)), 'not_found', `an id of ${length} characters (revoke)`)
      assertErrorEnvelope(t, await rotateKey(app, 'x'.repeat(length), bearer(user)), 'not_found', `an id of ${length} characters (rotate)`)
    }
    // Past fastify's maxParamLength (100) the router refuses the path itself, and a malformed
    // %-escape before routing: edge/server.ts's frameworkErrors gives both the envelope.
    await t.test('ids the router refuses still get the envelope', async (t) => {
      for (const length of [101, 5000]) {
        assertErrorEnvelope(
          t,
          await revokeKey(app, 'x'.repeat(length), bearer(user)),
          'not_found',
          `an id of ${length} characters (revoke)`,
        )
        assertErrorEnvelope(
          t,
          await rotateKey(app, 'x'.repeat(length), bearer(user)),
          'not_found',
          `an id of ${length} characters (rotate)`,
        )
      }
      const badEscape = await app.inject({ method: 'DELETE', url: `${KEYS_PATH}/%zz`, headers: bearer(user) })
      t.not(badEscape.statusCode, 500, 'a malformed escape is never a 500')
      t.match(
        getJson(badEscape),
        { error: { code: /^(not_found|validation_error)$/, request_id: String } },
        'a malformed escape gets the envelope',
      )
    })
    t.equal((await useKey(app, user.apiKey)).statusCode, 200, "the caller's other key is untouched")
  })

  t.test('revoking a rotated key ends its old and new secrets at once', async (t) => {
    const created = getKeyBody(await createKey(app, user, { name: 'rotate then revoke' }))
    const rotated = getKeyBody(await rotateKey(app, created.id, bearer(user)))
    t.equal((await useKey(app, created.key as string)).statusCode, 200, 'the old secret works in its grace period')
    t.equal((await useKey(app, rotated.key as string)).statusCode, 200, 'the new secret works')
    const response = await revokeKey(app, created.id, bearer(user))
    t.equal(response.statusCode, 200, { body: response.body })
    assertErrorEnvelope(t, await useKey(app, created.key as string), 'unauthorized', 'the old secret after revoke')
    assertErrorEnvelope(t, await useKey(app, rotated.key as string), 'unauthorized', 'the new secret after revoke')
  })

  t.test("another user's key id is 404 for revoke and rotate, and that key keeps working", async (t) => {
    const other = await registerTestUser(app, 'other')
    t.equal((await useKey(app, other.apiKey)).statusCode, 200, "the other user's key works")
    assertErrorEnvelope(t, await revokeKey(app, other.apiKeyId, bearer(user)), 'not_found', "revoking another user's key")
    assertErrorEnvelope(t, await rotateKey(app, other.apiKeyId, bearer(user)), 'not_found', "rotating another user's key")
    t.equal((await useKey(app, other.apiKey)).statusCode, 200, 'it keeps working')
    const otherList = await getKeyList(t, app, other)
    t.strictSame(
      otherList.map((key) => key.id),
      [other.apiKeyId],
      'its owner still lists it, alone',
    )
    t.notOk(
      (await getKeyList(t, app, user)).some((key) => key.id === other.apiKeyId),
      'the caller does not list it',
    )
  })

  t.test('all four routes take a bearer token only', async (t) => {
    const id = user.apiKeyId
    const routes = [
      ['list', (headers: Record<string, string>) => listKeys(app, headers)],
      ['create', (headers: Record<string, string>) => createKey(app, user, { name: 'by key' }, headers)],
      ['revoke', (headers: Record<string, string>) => revokeKey(app, id, headers)],
      ['rotate', (headers: Record<string, string>) => rotateKey(app, id, headers)],
    ] as const
    const before = await getTableCounts(users)
    for (const [label, call] of routes) {
      assertErrorEnvelope(t, await call({ 'x-api-key': user.apiKey }), 'unauthorized', `${label} with an API key`)
      assertErrorEnvelope(t, await call({}), 'unauthorized', `${label} with no credential`)
      assertErrorEnvelope(
        t,
        await call({ authorization: `Bearer ${user.apiKey}` }),
        'unauthorized',
        `${label} with the API key as a bearer token`,
      )
    }
    t.strictSame(await getTableCounts(users), before, 'nothing changed')
    t.equal((await useKey(app, user.apiKey)).statusCode, 200, 'the key was neither revoked nor rotated')
  })

  t.test('SQL as a name is the name; as an id it finds nothing; the tables are intact', async (t) => {
    const before = await getTableCounts(users)
    const created: ApiKeyBody[] = []
    for (const name of INJECTIONS) {
      const response = await createKey(app, user, { name })
      t.equal(response.statusCode, 200, `name ${name}: created`, { body: response.body })
      const key = getKeyBody(response)
      t.equal(key.name, name, 'the name is stored literally')
      created.push(key)
    }
    const listed = await getKeyList(t, app, user)
    for (const key of created) t.equal(listed.find((entry) => entry.id === key.id)?.name, key.name, `listed back as ${key.name}`)
    for (const key of created) t.equal((await useKey(app, key.key as string)).statusCode, 200, `the key named ${key.name} works`)

    for (const id of [...INJECTIONS, `${user.apiKeyId}' OR '1'='1`, `${user.apiKeyId}; DELETE FROM api_keys`]) {
      assertErrorEnvelope(t, await revokeKey(app, id, bearer(user)), 'not_found', `id ${id} (revoke)`)
      assertErrorEnvelope(t, await rotateKey(app, id, bearer(user)), 'not_found', `id ${id} (rotate)`)
    }

    const after = await getTableCounts(users)
    t.strictSame(
      after,
      { ...before, api_keys: before.api_keys + INJECTIONS.length, api_key_secrets: before.api_key_secrets + INJECTIONS.length },
      'only the four named keys were added; nothing revoked, deleted or truncated',
    )
    t.equal((await useKey(app, user.apiKey)).statusCode, 200, "the caller's first key works")
    const me = await app.inject({ method: 'GET', url: '/auth/me', headers: bearer(user) })
    t.equal(me.statusCode, 200, 'the user is intact')
  })
})
