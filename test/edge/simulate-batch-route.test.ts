/**
 * `POST /api/v1/solana/tx/simulate-batch` (docs/api.md#simulate-a-batch) on a real stack: results
 * in input order with `index`, counts, one bad item failing only its own slot, 1–50 items, shared
 * options, and the charge (one request, N simulations) against the caller's admission.
 */
import t from 'tap'
import { DEMO_TOKEN_ACCOUNTS, DEMO_TOKEN_AMOUNTS, DEMO_WALLETS } from '../../localnet/seed/demo-state.js'
import type { Admission, AdmissionCharge } from '../../lib/limits/admission.js'
import { createInProcessAdmission } from '../../lib/limits/in-process-admission.js'
import { startStack } from '../helpers/stack.js'
import { buildTransaction, toBase64, transferSol, transferToken } from '../helpers/transactions.js'
import { assertErrorEnvelope, createTestEdgeWithUser, getJson } from '../helpers/edge-inject.js'

const BATCH_PATH = '/api/v1/solana/tx/simulate-batch'

interface BatchBody {
  results: ({ index: number; success?: boolean; decision?: string; error?: { code: string; message: string } } & Record<string, unknown>)[]
  total: number
  succeeded: number
  failed: number
}

t.test('simulate-batch', async (t) => {
  const stack = await startStack(t)
  const { app, user } = await createTestEdgeWithUser(t, stack, { admission: createInProcessAdmission() })
  const { value } = await stack.rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
  const transfer = toBase64(
    await buildTransaction({
      feePayer: DEMO_WALLETS[0],
      blockhash: value.blockhash,
      instructions: [transferSol(DEMO_WALLETS[0], DEMO_WALLETS[1], 1_000n)],
    }),
  )
  // Spends more tokens than the account holds: a simulation that fails (200, success false).
  const overdraw = toBase64(
    await buildTransaction({
      feePayer: DEMO_WALLETS[2],
      blockhash: value.blockhash,
      instructions: [transferToken(DEMO_TOKEN_ACCOUNTS[2], DEMO_TOKEN_ACCOUNTS[0], DEMO_WALLETS[2], DEMO_TOKEN_AMOUNTS[2] + 1n)],
    }),
  )
  const post = (payload: unknown, headers: Record<string, string> = { 'x-api-key': user.apiKey }) =>
    app.inject({
      method: 'POST',
      url: BATCH_PATH,
      headers: { 'content-type': 'application/json', ...headers },
      payload: JSON.stringify(payload),
    })

  t.test('mixed items: input order, index, counts; a bad item fails only its own slot', async (t) => {
    const response = await post({ transactions: [transfer, 'not base64!', overdraw, 'A'.repeat(2000), transfer] })
    t.equal(response.statusCode, 200, response.body.slice(0, 300))
    const body = getJson<BatchBody>(response)
    if (!body) return t.fail('not JSON')
    t.same(
      body.results.map((item) => item.index),
      [0, 1, 2, 3, 4],
      'input order, each with its index',
    )
    t.equal(body.total, 5)
    t.equal(body.results[0]?.success, true)
    t.equal(body.results[0]?.decision, 'approve')
    t.equal(body.results[1]?.error?.code, 'invalid_transaction', 'undecodable base64')
    t.notOk('success' in (body.results[1] ?? {}), 'an item error carries no simulation fields')
    t.equal(body.results[2]?.success, false, 'a failed simulation is a result, not an error')
    t.equal(body.results[3]?.error?.code, 'invalid_transaction', 'longer than a packet')
    t.match(body.results[3]?.error?.message, /1232/)
    t.equal(body.results[4]?.success, true)
    t.equal(body.succeeded, 2)
    t.equal(body.failed, 3, 'failed simulations and item errors')
    t.equal(response.headers['ratelimit-limit'], '10', 'charged through the admission (no-card plan)')
  })

  t.test('50 items are simulated; options apply to every item', async (t) => {
    const transactions = Array.from({ length: 50 }, (_, i) => (i % 10 === 3 ? '%%%' : transfer))
    const response = await post({ transactions, vectors: ['simulation'], policy: 'strict' })
    t.equal(response.statusCode, 200, response.body.slice(0, 300))
    const body = getJson<BatchBody>(response)
    if (!body) return t.fail('not JSON')
    t.equal(body.total, 50)
    t.equal(body.succeeded, 45)
    t.equal(body.failed, 5)
    t.ok(body.results.every((item, i) => item.index === i))
    const simulated = body.results.find((item) => item.success === true) as { risk?: { mev_score?: number } } | undefined
    t.equal(simulated?.risk?.mev_score, 0, 'the mev vector was left out (neutral value)')
  })

  t.test('size and shape limits are 422 validation_error naming the field', async (t) => {
    const tooMany = await post({ transactions: Array.from({ length: 51 }, () => transfer) })
    const error = assertErrorEnvelope(t, tooMany, 'validation_error', '51 items')
    t.match(error?.message, /transactions/)
    assertErrorEnvelope(t, await post({ transactions: [] }), 'validation_error', 'no items')
    assertErrorEnvelope(t, await post({ transactions: [42] }), 'validation_error', 'a number item')
    assertErrorEnvelope(t, await post({ transaction: transfer }), 'validation_error', 'the single-simulate body')
    assertErrorEnvelope(t, await post({ transactions: [transfer], timeout_ms: 10 }), 'validation_error', 'timeout_ms below 50')
    assertErrorEnvelope(t, await post({ transactions: [transfer] }, {}), 'unauthorized', 'no credential')
  })

  t.test('one request against the rate limit, N simulations against the quota', async (t) => {
    // The real in-process admission, watched: what the route charges is what it passes on.
    const real = createInProcessAdmission()
    const charges: AdmissionCharge[] = []
    const watched: Admission = {
      admit: (caller, charge, nowMs) => {
        charges.push({ ...charge })
        return real.admit(caller, charge, nowMs)
      },
      close: () => real.close(),
    }
    const { app: limited, user: fresh } = await createTestEdgeWithUser(t, stack, { admission: watched })
    charges.length = 0
    const response = await limited.inject({
      method: 'POST',
      url: BATCH_PATH,
      headers: { 'content-type': 'application/json', 'x-api-key': fresh.apiKey },
      payload: JSON.stringify({
        transactions: Array.from({ length: 50 }, (_, i) => (i === 7 ? 'AAAA' : transfer)),
        vectors: ['simulation'],
      }),
    })
    t.equal(response.statusCode, 200)
    t.same(charges, [{ requests: 1, simulations: 50 }], 'one request, 50 simulations (a bad item counts too)')
    t.equal(response.headers['ratelimit-remaining'], '8', 'the key creation and the batch: two requests of ten')
    charges.length = 0
    const invalid = await limited.inject({
      method: 'POST',
      url: BATCH_PATH,
      headers: { 'content-type': 'application/json', 'x-api-key': fresh.apiKey },
      payload: JSON.stringify({ transactions: Array.from({ length: 51 }, () => transfer) }),
    })
    t.equal(invalid.statusCode, 422)
    t.same(charges, [], 'a body that fails validation is not charged')
  })
})
