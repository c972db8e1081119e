/**
 * Usage over REST equals the calls made: simulate calls and a batch through the edge of a real
 * stack (localnet + engine), recorded in history off the request path, come back from
 * `GET /api/v1/billing/usage` as the simulations they were; another user's calls are not in it;
 * past the day's 1,000 free simulations (written straight to history) the next ones are billable and
 * priced at 0.002 EUR. (Admission is off here: test/e2e/billing-paid-tier.test.ts checks the limits.)
 */
import t from 'tap'
import { randomUUID } from 'node:crypto'
import { generateKeyPairSigner } from '@solana/kit'
import type { BillingUsage } from '../../accounts/contract/index.js'
import { DEMO_WALLETS } from '../../localnet/seed/demo-state.js'
import { startTestBilling } from '../helpers/billing.js'
import { createTestEdgeWithUser, postSimulate } from '../helpers/edge-inject.js'
import { startStack } from '../helpers/stack.js'
import { buildTransaction, toBase64, transferSol } from '../helpers/transactions.js'
import { createTestUserService, registerTestUser } from '../helpers/user-service.js'
import { createRecord } from '../accounts/history-fixtures.js'

/** Polls `check` until it holds (10 s at most). */
async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within 10 s`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

t.test('billing usage over REST equals the calls made', async (t) => {
  const stack = await startStack(t)
  const { settings } = await startTestBilling(t)
  const users = await createTestUserService(t, { billing: settings })
  const { app, user } = await createTestEdgeWithUser(t, stack, { users, usageFlushIntervalMs: 20 })
  const other = await registerTestUser(app, 'other')
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
  const usageOf = async (token: string) => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/billing/usage', headers: bearer(token) })
    t.equal(response.statusCode, 200)
    return response.json() as BillingUsage
  }

  const payer = await generateKeyPairSigner()
  const { value } = await stack.rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
  const transfer = async (lamports: number) =>
    toBase64(
      await buildTransaction({
        feePayer: payer.address,
        blockhash: value.blockhash,
        instructions: [transferSol(payer.address, DEMO_WALLETS[0], BigInt(lamports))],
      }),
    )
  for (let i = 0; i < 3; i += 1)
    t.equal((await postSimulate(app, { transaction: await transfer(1_000 + i) })).statusCode, 200, `simulate ${i}`)
  const batch = await app.inject({
    method: 'POST',
    url: '/api/v1/solana/tx/simulate-batch',
    headers: { 'content-type': 'application/json', 'x-api-key': user.apiKey },
    payload: JSON.stringify({ transactions: [await transfer(2_000), await transfer(2_001)] }),
  })
  t.equal(batch.statusCode, 200, 'a batch of two')
  for (let i = 0; i < 2; i += 1) await postSimulate(app, { transaction: await transfer(3_000 + i) }, { 'x-api-key': other.apiKey })

  await eventually(async () => (await usageOf(user.token)).simulations.total === 5, 'five simulations in usage')
  const usage = await usageOf(user.token)
  t.match(usage, {
    simulations: { total: 5, free: 5, billable: 0 },
    executes: 0,
    sends: 0,
    submits: { total: 0, billable: 0 },
    tips: { lamports: '0', eur: 0, unsettled: 0 },
    amount_due_eur: 0,
  })
  await eventually(async () => (await usageOf(other.token)).simulations.total === 2, "the other user's two")
  t.equal((await usageOf(user.token)).simulations.total, 5, "the other user's calls are not in it")

  // The rest of today's free quota, as history holds it (a restart restores it from there too).
  const userId = ((await app.inject({ method: 'GET', url: '/auth/me', headers: bearer(user.token) })).json() as { id: string }).id
  const nowMs = users.clock.nowMs
  await users.userService.recordSimulations(
    Array.from({ length: 995 }, () => createRecord(userId, { createdAtMs: nowMs, recordId: randomUUID() })),
  )
  for (let i = 0; i < 2; i += 1)
    t.equal((await postSimulate(app, { transaction: await transfer(4_000 + i) })).statusCode, 200, 'past the quota')
  await eventually(async () => (await usageOf(user.token)).simulations.total === 1_002, 'the two past the quota')
  t.match(await usageOf(user.token), { simulations: { total: 1_002, free: 1_000, billable: 2 }, amount_due_eur: 0.004 })
})
