/**
 * The webhook routes over REST (fastify inject) on a real user service and database: create with
 * the secret shown once, list without secrets, rotate, delete, test and redeliver queueing
 * deliveries, both credentials, 404 for another user's endpoints and deliveries, 422 naming the
 * field, the endpoint limit, link-local URLs refused even with private URLs allowed, and 409 for test and
 * redeliver on a disabled endpoint.
 */
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { randomUUID } from 'node:crypto'
import type { EngineClient } from '../../engine/client/engine-client.js'
import { createServiceError } from '../../lib/errors.js'
import { createTestUserService, registerTestUser, type TestUser } from '../helpers/user-service.js'
import { assertErrorEnvelope, createTestEdgeWithUser, getJson } from '../helpers/edge-inject.js'

const PATH = '/api/v1/webhooks'
const HOOK_URL = 'http://127.0.0.1:9/hook'

const unusedEngine: EngineClient = {
  watch: () => Promise.reject(createServiceError('engine_unavailable', 'unused')),
  simulate: () => Promise.reject(createServiceError('engine_unavailable', 'unused')),
  scanApprovals: () => Promise.reject(createServiceError('engine_unavailable', 'unused')),
  execute: () => Promise.reject(createServiceError('engine_unavailable', 'unused')),
  send: () => Promise.reject(createServiceError('engine_unavailable', 'unused')),
  submit: () => Promise.reject(createServiceError('engine_unavailable', 'unused')),
  getTips: () => Promise.reject(createServiceError('engine_unavailable', 'unused')),
  getTransaction: () => Promise.reject(createServiceError('engine_unavailable', 'unused')),
  health: () => Promise.reject(createServiceError('engine_unavailable', 'unused')),
  close: async () => undefined,
  transport: 'in-process',
}

type Headers = Record<string, string>
const bearer = (user: TestUser): Headers => ({ authorization: `Bearer ${user.token}` })
const apiKey = (user: TestUser): Headers => ({ 'x-api-key': user.apiKey })

interface Endpoint {
  id: string
  url: string
  events: string[]
  description: string | null
  secret?: string
}
interface Delivery {
  id: string
  event_id: string
  event_type: string
  status: string
  attempts: number
}

const request = (app: FastifyInstance, method: 'GET' | 'POST' | 'DELETE', url: string, headers: Headers, payload?: unknown) =>
  app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) })

t.test('webhook routes', async (t) => {
  const users = await createTestUserService(t, { webhookUrlPolicy: { allowPrivateUrls: true } })
  const { app, user } = await createTestEdgeWithUser(t, unusedEngine, { users, usageFlushIntervalMs: 60_000 })
  const other = await registerTestUser(app, 'other')

  const create = async (headers: Headers, body: unknown) => request(app, 'POST', PATH, headers, body)

  t.test('create, list, rotate, delete with either credential', async (t) => {
    const created = await create(apiKey(user), { url: HOOK_URL, events: ['transaction.landed', 'execute.submitted'], description: 'ops' })
    t.equal(created.statusCode, 200, 'create: 200', { body: created.body })
    const endpoint = getJson<Endpoint>(created)!
    t.match(endpoint.secret, /^whsec_[A-Za-z0-9_-]{43}$/, 'the secret is shown, 32 random bytes')
    t.strictSame(endpoint.events, ['execute.submitted', 'transaction.landed'], 'events sorted')
    t.equal(endpoint.description, 'ops')

    const listed = getJson<{ endpoints: Endpoint[] }>(await request(app, 'GET', PATH, bearer(user)))!
    t.equal(listed.endpoints.length, 1, 'the bearer sees the key-created endpoint')
    t.equal(listed.endpoints[0]?.id, endpoint.id)
    t.notOk('secret' in (listed.endpoints[0] ?? {}), 'a listing never shows the secret')
    t.strictSame(
      getJson<{ endpoints: Endpoint[] }>(await request(app, 'GET', PATH, apiKey(other)))?.endpoints,
      [],
      'the other user sees none',
    )

    const rotated = await request(app, 'POST', `${PATH}/${endpoint.id}/rotate-secret`, bearer(user))
    t.equal(rotated.statusCode, 200, 'rotate: 200', { body: rotated.body })
    const rotatedSecret = getJson<Endpoint>(rotated)?.secret
    t.match(rotatedSecret, /^whsec_/, 'rotate shows the new secret')
    t.not(rotatedSecret, endpoint.secret, 'a different secret')

    const deleted = await request(app, 'DELETE', `${PATH}/${endpoint.id}`, apiKey(user))
    t.strictSame(getJson(deleted), { id: endpoint.id, deleted: true }, 'delete answers the id')
    assertErrorEnvelope(t, await request(app, 'DELETE', `${PATH}/${endpoint.id}`, apiKey(user)), 'not_found', 'a second delete')
    t.strictSame(getJson<{ endpoints: Endpoint[] }>(await request(app, 'GET', PATH, bearer(user)))?.endpoints, [], 'gone from the list')
  })

  t.test('test and redeliver queue deliveries; another user gets 404 everywhere', async (t) => {
    const endpoint = getJson<Endpoint>(await create(bearer(user), { url: HOOK_URL, events: ['quota.exceeded'] }))!
    const sent = await request(app, 'POST', `${PATH}/${endpoint.id}/test`, apiKey(user))
    t.equal(sent.statusCode, 200, 'test: 200', { body: sent.body })
    const delivery = getJson<Delivery>(sent)!
    t.match(delivery, { event_type: 'webhook.test', status: 'pending', attempts: 0 }, 'a pending webhook.test delivery')

    const redelivered = await request(app, 'POST', `${PATH}/${endpoint.id}/deliveries/${delivery.id}/redeliver`, bearer(user))
    t.equal(redelivered.statusCode, 200, 'redeliver: 200', { body: redelivered.body })
    const again = getJson<Delivery>(redelivered)!
    t.not(again.id, delivery.id, 'a new delivery')
    t.equal(again.event_id, delivery.event_id, 'of the same event')

    const list = getJson<{ deliveries: Delivery[] }>(await request(app, 'GET', `${PATH}/${endpoint.id}/deliveries`, apiKey(user)))
    t.strictSame(
      list?.deliveries.map((d) => d.id),
      [again.id, delivery.id],
      'deliveries listed newest first',
    )

    const theirs = apiKey(other)
    assertErrorEnvelope(t, await request(app, 'GET', `${PATH}/${endpoint.id}/deliveries`, theirs), 'not_found', "another's deliveries")
    assertErrorEnvelope(t, await request(app, 'POST', `${PATH}/${endpoint.id}/test`, theirs), 'not_found', "another's test")
    assertErrorEnvelope(t, await request(app, 'POST', `${PATH}/${endpoint.id}/rotate-secret`, theirs), 'not_found', "another's rotate")
    assertErrorEnvelope(
      t,
      await request(app, 'POST', `${PATH}/${endpoint.id}/deliveries/${delivery.id}/redeliver`, theirs),
      'not_found',
      "another's redeliver",
    )
    assertErrorEnvelope(t, await request(app, 'DELETE', `${PATH}/${endpoint.id}`, theirs), 'not_found', "another's delete")
    assertErrorEnvelope(t, await request(app, 'DELETE', `${PATH}/not-a-uuid`, apiKey(user)), 'not_found', 'a malformed id')
    assertErrorEnvelope(
      t,
      await request(app, 'POST', `${PATH}/${endpoint.id}/deliveries/${randomUUID()}/redeliver`, apiKey(user)),
      'not_found',
      'an unknown delivery',
    )
    const mine = getJson<{ endpoints: Endpoint[] }>(await request(app, 'GET', PATH, apiKey(user)))
    t.equal(mine?.endpoints.length, 1, "the other user's attempts changed nothing")
    await request(app, 'DELETE', `${PATH}/${endpoint.id}`, apiKey(user))
  })

  t.test('a disabled endpoint: test and redeliver answer 409 webhook_endpoint_disabled', async (t) => {
    const endpoint = getJson<Endpoint>(await create(apiKey(user), { url: HOOK_URL, events: ['quota.exceeded'] }))!
    const delivery = getJson<Delivery>(await request(app, 'POST', `${PATH}/${endpoint.id}/test`, apiKey(user)))!
    await users.db.query(`UPDATE webhook_endpoints SET disabled_at = now(), disabled_reason = 'deliveries failed for 24 h' WHERE id = $1`, [
      endpoint.id,
    ])
    const sent = await request(app, 'POST', `${PATH}/${endpoint.id}/test`, apiKey(user))
    t.equal(sent.statusCode, 409, 'test: 409')
    assertErrorEnvelope(t, sent, 'webhook_endpoint_disabled', 'test')
    const redelivered = await request(app, 'POST', `${PATH}/${endpoint.id}/deliveries/${delivery.id}/redeliver`, bearer(user))
    t.equal(redelivered.statusCode, 409, 'redeliver: 409')
    assertErrorEnvelope(t, redelivered, 'webhook_endpoint_disabled', 'redeliver')
    const list = getJson<{ deliveries: Delivery[] }>(await request(app, 'GET', `${PATH}/${endpoint.id}/deliveries`, apiKey(user)))
    t.strictSame(
      list?.deliveries.map((d) => d.id),
      [delivery.id],
      'nothing was queued',
    )
    await request(app, 'DELETE', `${PATH}/${endpoint.id}`, apiKey(user))
  })

  t.test('validation: 422 naming the field; link-local refused even in development', async (t) => {
    const cases: [unknown, RegExp][] = [
      [{ events: ['quota.exceeded'] }, /url/],
      [{ url: HOOK_URL }, /events/],
      [{ url: HOOK_URL, events: [] }, /events/],
      [{ url: HOOK_URL, events: ['nope'] }, /events/],
      [{ url: HOOK_URL, events: ['quota.exceeded'], description: 'x'.repeat(257) }, /description/],
      [{ url: `http://127.0.0.1/${'x'.repeat(2048)}`, events: ['quota.exceeded'] }, /url/],
      [{ url: HOOK_URL, events: ['quota.exceeded'], extra: 1 }, /extra|additional/],
      [{ url: 'http://169.254.169.254/latest/meta-data', events: ['quota.exceeded'] }, /^url: link-local/],
      [{ url: 'http://[fe80::1]/x', events: ['quota.exceeded'] }, /^url: link-local/],
      [{ url: 'ftp://127.0.0.1/x', events: ['quota.exceeded'] }, /^url: must use http or https/],
    ]
    for (const [body, field] of cases) {
      const error = assertErrorEnvelope(t, await create(apiKey(user), body), 'validation_error', JSON.stringify(body).slice(0, 80))
      t.match(error?.message, field, 'names the field')
    }
    assertErrorEnvelope(t, await create({}, { url: HOOK_URL, events: ['quota.exceeded'] }), 'unauthorized', 'no credential')
    t.strictSame(getJson<{ endpoints: Endpoint[] }>(await request(app, 'GET', PATH, apiKey(user)))?.endpoints, [], 'nothing was stored')
  })

  t.test('at most 10 endpoints per user', async (t) => {
    for (let i = 0; i < 10; i++) {
      t.equal((await create(apiKey(user), { url: `${HOOK_URL}/${i}`, events: ['quota.exceeded'] })).statusCode, 200, `endpoint ${i + 1}`)
    }
    const error = assertErrorEnvelope(
      t,
      await create(apiKey(user), { url: HOOK_URL, events: ['quota.exceeded'] }),
      'validation_error',
      'the 11th',
    )
    t.match(error?.message, /at most 10/)
    t.equal(
      (await create(apiKey(other), { url: HOOK_URL, events: ['quota.exceeded'] })).statusCode,
      200,
      'another user is not limited by it',
    )
  })
})
