/**
 * The program-block routes over REST (fastify inject) on a real user service and database:
 * each method, both credentials, one user never seeing or changing another's list, validation at
 * the schema and in accounts, replace semantics, the change announced on the bus without cooling
 * the edge's credential cache, and the list surviving an edge restart on the same database.
 */
import t, { type Test } from 'tap'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { createUserService } from '../../accounts/create-user-service.js'
import type { EngineClient } from '../../engine/client/engine-client.js'
import { createInProcessInvalidationBus, type AuthInvalidation } from '../../lib/auth-invalidation.js'
import { createServiceError } from '../../lib/errors.js'
import {
  COMPUTE_BUDGET_PROGRAM,
  createProgramIds,
  JUPITER_V6,
  LONG_KEY,
  NOT_BASE58,
  SHORT_KEY,
  SYSTEM_PROGRAM,
  TOKEN_PROGRAM,
  toBase58OfLength,
} from '../accounts/program-block-fixtures.js'
import { createTestUserService, registerTestUser, type TestUser } from '../helpers/user-service.js'
import { assertErrorEnvelope, createTestEdgeWithUser, getJson } from '../helpers/edge-inject.js'

const PATH = '/api/v1/solana/program-blocks'

/** No route of this file simulates; a call reaching the engine would be a 503 the test sees. */
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

type Headers = Record<string, string>
const bearer = (user: TestUser): Headers => ({ authorization: `Bearer ${user.token}` })
const apiKey = (user: TestUser): Headers => ({ 'x-api-key': user.apiKey })

const getBlocks = (app: FastifyInstance, headers: Headers) => app.inject({ method: 'GET', url: PATH, headers })
const putBlocks = (app: FastifyInstance, headers: Headers, payload: unknown) =>
  app.inject({
    method: 'PUT',
    url: PATH,
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  })
const deleteBlock = (app: FastifyInstance, headers: Headers, programId: string) =>
  app.inject({ method: 'DELETE', url: `${PATH}/${encodeURIComponent(programId)}`, headers })

/** The `program_ids` of a 200 answer; fails the test on anything else. */
function getIds(t: Test, response: LightMyRequestResponse, label: string): string[] | undefined {
  t.equal(response.statusCode, 200, `${label}: 200`, { body: response.body })
  const body = getJson<{ program_ids?: unknown }>(response)
  t.strictSame(Object.keys(body ?? {}), ['program_ids'], `${label}: the body is {program_ids}`)
  return Array.isArray(body?.program_ids) ? (body.program_ids as string[]) : undefined
}

t.test('program-block routes', async (t) => {
  const users = await createTestUserService(t)
  // Long flush intervals: the only queries are the ones the requests make.
  const { app, user } = await createTestEdgeWithUser(t, unusedEngine, { users, usageFlushIntervalMs: 60_000 })
  const other = await registerTestUser(app, 'other')
  const events: AuthInvalidation[] = []
  users.bus.subscribe((event) => events.push(event))

  t.test('GET, PUT and DELETE with either credential', async (t) => {
    t.strictSame(getIds(t, await getBlocks(app, apiKey(user)), 'empty, key'), [], 'a new user blocks nothing')
    t.strictSame(getIds(t, await getBlocks(app, bearer(user)), 'empty, bearer'), [])

    const put = await putBlocks(app, apiKey(user), { program_ids: [TOKEN_PROGRAM, JUPITER_V6, SYSTEM_PROGRAM, TOKEN_PROGRAM] })
    t.strictSame(getIds(t, put, 'PUT with a key'), [SYSTEM_PROGRAM, JUPITER_V6, TOKEN_PROGRAM], 'deduplicated, in byte order')
    t.strictSame(
      getIds(t, await getBlocks(app, bearer(user)), 'GET with the bearer'),
      [SYSTEM_PROGRAM, JUPITER_V6, TOKEN_PROGRAM],
      'one list per user, whatever the credential',
    )

    const removed = await deleteBlock(app, bearer(user), JUPITER_V6)
    t.strictSame(getIds(t, removed, 'DELETE with the bearer'), [SYSTEM_PROGRAM, TOKEN_PROGRAM], 'DELETE answers the list left')
    t.strictSame(getIds(t, await getBlocks(app, apiKey(user)), 'GET after DELETE'), [SYSTEM_PROGRAM, TOKEN_PROGRAM])
    t.strictSame(getIds(t, await deleteBlock(app, apiKey(user), SYSTEM_PROGRAM), 'DELETE with the key'), [TOKEN_PROGRAM])

    assertErrorEnvelope(t, await deleteBlock(app, apiKey(user), SYSTEM_PROGRAM), 'not_found', 'DELETE of an id no longer listed')
    assertErrorEnvelope(t, await deleteBlock(app, apiKey(user), COMPUTE_BUDGET_PROGRAM), 'not_found', 'DELETE of an id never listed')
    assertErrorEnvelope(t, await deleteBlock(app, apiKey(user), NOT_BASE58), 'not_found', 'DELETE of a non-address')
    assertErrorEnvelope(t, await deleteBlock(app, apiKey(user), 'x'.repeat(500)), 'not_found', 'DELETE of an overlong id')
    t.strictSame(getIds(t, await getBlocks(app, apiKey(user)), 'after the failed DELETEs'), [TOKEN_PROGRAM], 'they changed nothing')

    const post = await app.inject({ method: 'POST', url: PATH, headers: apiKey(user), payload: {} })
    assertErrorEnvelope(t, post, 'method_not_allowed', 'POST')
    t.match(post.headers.allow, /GET/, 'Allow names GET')
    t.match(post.headers.allow, /PUT/, 'and PUT')
  })

  t.test('PUT replaces the whole list', async (t) => {
    await putBlocks(app, apiKey(user), { program_ids: [SYSTEM_PROGRAM, TOKEN_PROGRAM, JUPITER_V6] })
    t.strictSame(getIds(t, await putBlocks(app, apiKey(user), { program_ids: [COMPUTE_BUDGET_PROGRAM] }), 'PUT one'), [
      COMPUTE_BUDGET_PROGRAM,
    ])
    t.strictSame(getIds(t, await getBlocks(app, apiKey(user)), 'GET'), [COMPUTE_BUDGET_PROGRAM], 'nothing of the old list is left')
    const thousand = createProgramIds(1_000)
    t.equal(getIds(t, await putBlocks(app, bearer(user), { program_ids: thousand }), 'PUT 1,000')?.length, 1_000, '1,000 ids are allowed')
    t.strictSame(getIds(t, await putBlocks(app, apiKey(user), { program_ids: [] }), 'PUT []'), [], 'an empty list clears it')
    t.strictSame(getIds(t, await getBlocks(app, bearer(user)), 'GET after clearing'), [])
  })

  t.test('without a valid credential: 401, and nothing changes', async (t) => {
    await putBlocks(app, apiKey(user), { program_ids: [TOKEN_PROGRAM] })
    assertErrorEnvelope(t, await getBlocks(app, {}), 'unauthorized', 'GET without a credential')
    assertErrorEnvelope(t, await putBlocks(app, {}, { program_ids: [] }), 'unauthorized', 'PUT without a credential')
    assertErrorEnvelope(t, await deleteBlock(app, {}, TOKEN_PROGRAM), 'unauthorized', 'DELETE without a credential')
    const forged = { 'x-api-key': `pf_live_${'1'.repeat(44)}` }
    assertErrorEnvelope(t, await putBlocks(app, forged, { program_ids: [] }), 'unauthorized', 'PUT with an unknown key')
    assertErrorEnvelope(
      t,
      await deleteBlock(app, { authorization: 'Bearer not.a.jwt' }, TOKEN_PROGRAM),
      'unauthorized',
      'DELETE with a bad token',
    )
    t.strictSame(getIds(t, await getBlocks(app, apiKey(user)), 'GET'), [TOKEN_PROGRAM], 'the list is intact')
  })

  t.test("one user never sees or changes another's list", async (t) => {
    await putBlocks(app, apiKey(user), { program_ids: [TOKEN_PROGRAM, JUPITER_V6] })
    t.strictSame(getIds(t, await getBlocks(app, apiKey(other)), "the other's GET"), [], 'the other user sees an empty list')
    assertErrorEnvelope(t, await deleteBlock(app, bearer(other), TOKEN_PROGRAM), 'not_found', "DELETE of an id on someone else's list")
    t.strictSame(getIds(t, await putBlocks(app, bearer(other), { program_ids: [SYSTEM_PROGRAM] }), "the other's PUT"), [SYSTEM_PROGRAM])
    t.strictSame(getIds(t, await getBlocks(app, bearer(user)), 'GET'), [JUPITER_V6, TOKEN_PROGRAM], 'the first list is unchanged')
    t.strictSame(getIds(t, await getBlocks(app, apiKey(other)), "the other's GET"), [SYSTEM_PROGRAM])
  })

  t.test('validation: 422 naming the field, 400 for broken JSON; the list stays', async (t) => {
    await putBlocks(app, apiKey(user), { program_ids: [JUPITER_V6] })
    const cases: [string, unknown, RegExp][] = [
      ['not base58', { program_ids: [TOKEN_PROGRAM, NOT_BASE58] }, /^program_ids\[1\]: must be a base58 address of 32 bytes$/],
      ['31 bytes (43 characters)', { program_ids: [SHORT_KEY] }, /^program_ids\[0\]: must be a base58 address of 32 bytes$/],
      ['33 bytes (33 characters)', { program_ids: [LONG_KEY] }, /^program_ids\[0\]: must be a base58 address of 32 bytes$/],
      ['33 bytes of 0xff (46 characters: too long a text)', { program_ids: [toBase58OfLength(33, 0xff)] }, /^program_ids\.0: /],
      ['too short a text', { program_ids: ['1111'] }, /^program_ids\.0: /],
      ['a number in the list', { program_ids: [42] }, /^program_ids\.0: must be string$/],
      ['null in the list', { program_ids: [null] }, /^program_ids\.0: /],
      ['1,001 ids', { program_ids: createProgramIds(1_001) }, /^program_ids: .*1000/],
      ['not an array', { program_ids: TOKEN_PROGRAM }, /^program_ids: must be array$/],
      ['an object', { program_ids: { 0: TOKEN_PROGRAM } }, /^program_ids: must be array$/],
      ['null', { program_ids: null }, /^program_ids: must be array$/],
      ['missing', {}, /program_ids/],
      ['an unknown field', { program_ids: [], user_id: other.apiKeyId }, /^user_id: is not a known field$/],
      ['a list, not an object', [TOKEN_PROGRAM], /^body: /],
    ]
    for (const [label, payload, message] of cases) {
      const error = assertErrorEnvelope(t, await putBlocks(app, apiKey(user), payload), 'validation_error', label)
      t.match(error?.message, message, `${label}: the message names the field`, { got: error?.message })
    }
    assertErrorEnvelope(t, await putBlocks(app, apiKey(user), '{"program_ids": ['), 'invalid_json', 'malformed JSON')
    assertErrorEnvelope(t, await putBlocks(app, apiKey(user), ''), 'invalid_json', 'an empty body')
    const text = await app.inject({ method: 'PUT', url: PATH, headers: { ...apiKey(user), 'content-type': 'text/plain' }, payload: '[]' })
    assertErrorEnvelope(t, text, 'unsupported_media_type', 'a text body')
    t.strictSame(getIds(t, await getBlocks(app, apiKey(user)), 'GET'), [JUPITER_V6], 'no rejected body changed the list')
  })

  t.test('changes are announced, and leave the credential cache warm', async (t) => {
    // Warm both credentials; from then on a GET costs one query (the list), none for auth.
    await getBlocks(app, apiKey(user))
    await getBlocks(app, bearer(user))
    const queriesOf = async (headers: Headers) => {
      const before = users.db.queryCount
      t.equal((await getBlocks(app, headers)).statusCode, 200)
      return users.db.queryCount - before
    }
    t.equal(await queriesOf(apiKey(user)), 1, 'a warm GET with the key: the list query alone')
    t.equal(await queriesOf(bearer(user)), 1, 'and with the bearer')

    const seen = events.length
    await putBlocks(app, apiKey(user), { program_ids: [TOKEN_PROGRAM] })
    await deleteBlock(app, bearer(user), TOKEN_PROGRAM)
    const userId = events.at(-1)?.kind === 'program_blocks' ? (events.at(-1) as { userId: string }).userId : undefined
    t.ok(userId, 'a program_blocks event was published')
    t.strictSame(
      events.slice(seen),
      [
        { kind: 'program_blocks', userId },
        { kind: 'program_blocks', userId },
      ],
      'one event per write',
    )
    t.equal(await queriesOf(apiKey(user)), 1, 'the key is still cached after the events')
    t.equal(await queriesOf(bearer(user)), 1, 'so is the bearer user')
  })

  t.test('the list survives an edge restart on the same database', async (t) => {
    await putBlocks(app, apiKey(user), { program_ids: [JUPITER_V6, SYSTEM_PROGRAM] })
    await app.close()
    // A new user service and edge on the same database and signing key, as after a restart.
    const bus = createInProcessInvalidationBus()
    t.teardown(() => bus.close())
    const restarted = await createTestEdgeWithUser(t, unusedEngine, {
      users: {
        ...users,
        bus,
        userService: createUserService({
          db: users.db,
          signingKey: users.signingKey,
          now: users.clock.now,
          onInvalidate: (e) => void bus.publish(e),
        }),
      },
    })
    t.strictSame(
      getIds(t, await getBlocks(restarted.app, apiKey(user)), 'GET after the restart'),
      [SYSTEM_PROGRAM, JUPITER_V6],
      'the list is still there',
    )
    t.strictSame(getIds(t, await getBlocks(restarted.app, bearer(user)), 'with the bearer too'), [SYSTEM_PROGRAM, JUPITER_V6])
    t.strictSame(getIds(t, await getBlocks(restarted.app, apiKey(other)), "the other user's"), [SYSTEM_PROGRAM])
  })
})
