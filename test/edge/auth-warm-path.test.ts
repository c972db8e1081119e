/**
 * The authenticated hot path: once a key and a token are warm, simulate sends no PostgreSQL query
 * (no database wait on the hot path: docs/architecture.md#the-path-of-a-simulate), and
 * `requests_count` stays exact under 1,000 concurrent requests, also when two edges count the same
 * key.
 */
import t from 'tap'
import { DEMO_WALLETS } from '../../localnet/seed/demo-state.js'
import { createTestUserService } from '../helpers/user-service.js'
import { createTestEdgeWithUser, postSimulate } from '../helpers/edge-inject.js'
import { startStack } from '../helpers/stack.js'
import { buildTransaction, toBase64, transferSol } from '../helpers/transactions.js'

const HOUR_MS = 3_600_000

t.test('warm authenticated simulate performs no database query; counts are exact', async (t) => {
  const stack = await startStack(t)
  const users = await createTestUserService(t)
  // Flushes only when asked: every query seen below comes from the request path itself.
  const edge = await createTestEdgeWithUser(t, stack, { users, usageFlushIntervalMs: HOUR_MS })
  const second = await createTestEdgeWithUser(t, stack, { users, usageFlushIntervalMs: HOUR_MS })
  const { value } = await stack.rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
  const body = {
    transaction: toBase64(
      await buildTransaction({
        feePayer: DEMO_WALLETS[0],
        blockhash: value.blockhash,
        instructions: [transferSol(DEMO_WALLETS[0], DEMO_WALLETS[1], 1_000n)],
      }),
    ),
  }
  const byKey = { 'x-api-key': edge.user.apiKey }
  const byToken = { authorization: `Bearer ${edge.user.token}` }

  // Warm: the first request of each credential may ask accounts.
  for (const headers of [byKey, byToken]) {
    const response = await postSimulate(edge.app, body, headers)
    t.equal(response.statusCode, 200, 'warm-up answered', { body: response.body.slice(0, 300) })
  }
  const before = users.db.queryCount
  for (let i = 0; i < 100; i++) {
    const response = await postSimulate(edge.app, body, i % 2 === 0 ? byKey : byToken)
    if (response.statusCode !== 200) t.fail(`request ${i}: ${response.statusCode} ${response.body.slice(0, 200)}`)
  }
  t.equal(users.db.queryCount - before, 0, '100 warm authenticated simulations sent no query')

  // History is written in one batch when flushed, not per request.
  const beforeFlush = users.db.queryCount
  const list = await edge.app.inject({ method: 'GET', url: '/api/v1/solana/simulations?limit=200', headers: byKey })
  t.equal(list.statusCode, 200)
  const simulations = (list.json() as { simulations: unknown[] }).simulations
  t.equal(simulations.length, 102, 'every simulation is in the history')
  t.ok(
    users.db.queryCount - beforeFlush <= 3,
    `one insert, one key-usage update and the page read (${users.db.queryCount - beforeFlush} queries)`,
  )

  t.test('1,000 concurrent requests on one key across two edges count exactly', async (t) => {
    const keysBefore = await edge.app.inject({ method: 'GET', url: '/api/v1/api-keys', headers: byToken })
    const countBefore = (keysBefore.json() as { keys: { id: string; requests_count: number }[] }).keys.find(
      (key) => key.id === edge.user.apiKeyId,
    )?.requests_count
    // 51 simulations plus the list request above, all with the key.
    t.equal(countBefore, 52, 'the count so far includes every request made with the key')
    const startedAtMs = users.clock.nowMs
    const responses = await Promise.all(
      Array.from({ length: 1000 }, (_, i) => postSimulate(i % 2 === 0 ? edge.app : second.app, body, byKey)),
    )
    t.equal(responses.filter((response) => response.statusCode === 200).length, 1000, 'all 1,000 answered')
    // Each edge flushes what it counted when asked; the counts add up in the database.
    const viaSecond = await second.app.inject({ method: 'GET', url: '/api/v1/api-keys', headers: byToken })
    t.equal(viaSecond.statusCode, 200, 'the second edge flushed its counts (one user service behind both)')
    const after = await edge.app.inject({ method: 'GET', url: '/api/v1/api-keys', headers: byToken })
    const key = (after.json() as { keys: { id: string; requests_count: number; last_used_at: string | null }[] }).keys.find(
      (entry) => entry.id === edge.user.apiKeyId,
    )
    t.equal(key?.requests_count, 1052, 'exactly 52 + 1,000')
    t.equal(key?.last_used_at, new Date(startedAtMs).toISOString(), 'last_used_at is the latest use')
  })
})
