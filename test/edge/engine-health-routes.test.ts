/**
 * `/health` and `/api/v1/status` report the engine's state, on real parts: an engine fed by
 * localnet's geyser stream (operational), one whose stream never connects (degraded), one without
 * a stream (operational on RPC), and a gRPC engine client that reaches nothing (down). Every
 * scenario builds its own edge, so the status cache of one never answers for another; they share
 * one user service (a database costs seconds to start).
 */
import t, { type Test } from 'tap'
import type { FastifyInstance } from 'fastify'
import type { EngineHealth } from '../../engine/contract/engine-health.js'
import { startEngineServer } from '../../engine/server.js'
import { type EngineClient } from '../../engine/client/engine-client.js'
import { createGrpcEngineClient } from '../../engine/client/grpc-engine-client.js'
import { createTestUserService } from '../helpers/user-service.js'
import { getFreePort } from '../../lib/free-port.js'
import { createTestEdgeWithUser, getJson } from '../helpers/edge-inject.js'
import { startStack } from '../helpers/stack.js'
import { waitUntil } from '../helpers/wait-until.js'

/** The status cache's default lifetime, which tests step over with the edge's clock. */
const STATUS_CACHE_MS = 5_000

interface HealthBody {
  status: string
  uptime_s: number
  engine_transport: string
  state: string
  details: { engine: EngineHealth | null }
}

async function getHealth(t: Test, app: FastifyInstance): Promise<HealthBody> {
  const response = await app.inject({ method: 'GET', url: '/health' })
  t.equal(response.statusCode, 200, '/health is 200 whatever the engine says: it is liveness', { body: response.body })
  const body = getJson<HealthBody>(response)
  if (!body) throw new Error(`/health is not JSON: ${response.body}`)
  t.equal(body.status, 'ok', 'status stays "ok"')
  t.type(body.uptime_s, 'number')
  t.same(Object.keys(body).sort(), ['details', 'engine_transport', 'state', 'status', 'uptime_s'])
  return body
}

async function getServiceState(t: Test, app: FastifyInstance): Promise<unknown> {
  const response = await app.inject({ method: 'GET', url: '/api/v1/status' })
  t.equal(response.statusCode, 200, { body: response.body })
  return getJson<{ status?: unknown }>(response)?.status
}

/** An engine client over gRPC to a real engine server for `engine`, both closed with the test. */
async function createGrpcClientFor(t: Test, engine: Parameters<typeof startEngineServer>[0]): Promise<EngineClient> {
  const server = await startEngineServer(engine, '127.0.0.1', 0)
  const client = createGrpcEngineClient(server.address)
  t.teardown(async () => {
    await client.close()
    await server.close()
  })
  return client
}

const users = await createTestUserService(t)

t.test('a connected geyser stream: operational, fresh from the stream', async (t) => {
  const stack = await startStack(t, { geyser: true })
  await waitUntil(() => stack.engine.getHealth().status === 'operational', 10_000, 'geyser stream connected')
  const { app } = await createTestEdgeWithUser(t, stack, { users })
  const health = await getHealth(t, app)
  t.equal(health.state, 'operational')
  t.equal(health.engine_transport, 'in-process')
  t.match(health.details.engine, {
    status: 'operational',
    freshness: 'geyser',
    geyser: { state: 'connected', endpoints: [{ endpoint: new URL(stack.localnet.geyserUrl).host, state: 'connected' }] },
  })
  t.ok((health.details.engine?.slot ?? 0) > 0, 'the engine reports a real slot')
  t.equal(await getServiceState(t, app), 'operational')
})

t.test('a geyser endpoint that never answers: degraded, on RPC, over both transports, named by its host', async (t) => {
  // A provider's token in the path and the query: neither may reach this public answer.
  const host = `127.0.0.1:${await getFreePort()}`
  const stack = await startStack(t, { engineEnv: { GEYSER_ENDPOINT: `http://${host}/geyser-path-token?x-token=geyser-query-token` } })
  t.equal(stack.engine.getHealth().status, 'degraded', 'the engine itself says degraded')
  const edges = [
    (await createTestEdgeWithUser(t, stack, { users })).app,
    (await createTestEdgeWithUser(t, await createGrpcClientFor(t, stack.engine), { users })).app,
  ]
  for (const app of edges) {
    const health = await getHealth(t, app)
    t.equal(health.state, 'degraded', `${health.engine_transport}: state degraded`)
    const engine = health.details.engine
    t.match(engine, { status: 'degraded', freshness: 'rpc', geyser: { endpoints: [{ endpoint: host }] } }, health.engine_transport)
    t.notMatch(JSON.stringify(health), /token/, `${health.engine_transport}: no token in the answer`)
    t.not(engine?.geyser?.state, 'connected', 'the stream is not connected')
    t.equal(await getServiceState(t, app), 'degraded', `${health.engine_transport}: /api/v1/status degraded`)
  }
})

t.test('no geyser endpoint configured: operational on RPC by choice', async (t) => {
  const stack = await startStack(t)
  const { app } = await createTestEdgeWithUser(t, stack, { users })
  const health = await getHealth(t, app)
  t.equal(health.state, 'operational')
  t.match(health.details.engine, { status: 'operational', freshness: 'rpc' })
  t.equal(health.details.engine?.geyser, null, 'geyser is null without an endpoint')
  t.equal(await getServiceState(t, app), 'operational')
})

t.test('a gRPC engine client that reaches nothing: down, engine null, still 200', async (t) => {
  const client = createGrpcEngineClient(`127.0.0.1:${await getFreePort()}`)
  t.teardown(() => client.close())
  const { app } = await createTestEdgeWithUser(t, client, { users })
  const health = await getHealth(t, app)
  t.equal(health.engine_transport, 'grpc')
  t.equal(health.state, 'down')
  t.equal(health.details.engine, null, 'nothing to report from an engine that did not answer')
  t.equal(await getServiceState(t, app), 'down')
})

t.test('an engine lost after a check: /api/v1/status says down once the cache has expired', async (t) => {
  const stack = await startStack(t)
  const server = await startEngineServer(stack.engine, '127.0.0.1', 0)
  const client = createGrpcEngineClient(server.address)
  t.teardown(() => client.close())
  const { app } = await createTestEdgeWithUser(t, client, { users })
  t.equal(await getServiceState(t, app), 'operational')
  t.equal((await getHealth(t, app)).state, 'operational')

  await server.close()
  t.equal((await getHealth(t, app)).state, 'down', '/health is never cached')
  t.equal(await getServiceState(t, app), 'operational', 'the status answer is cached for 5 s')
  users.clock.nowMs += STATUS_CACHE_MS
  t.equal(await getServiceState(t, app), 'down', 'after the cache expired, the lost engine shows')
})
