/**
 * Who may spend the service's tip wallet, as an attacker would try it: over REST on real sockets,
 * the real edge and user service, the real engine on localnet with its bundle relay and a funded
 * tip wallet, every tip really landing. A user without a card cannot make the wallet pay anything
 * (every route that would: managed_tip_bundle at any tip, staked_sender, execute's relay route,
 * send's use_relay), and the wallet's balance says so; a user with a card cannot pass the per-call
 * cap, nor the daily cap — not even with concurrent calls — and the wallet paid exactly what was
 * answered; and the default tip is held to the cap however high someone else's tips push the p75.
 */
import t from 'tap'
import type { SubmitResponse } from '../../engine/contract/submit-response.js'
import type { TipFloor } from '../../engine/contract/tips-response.js'
import { toBase64 } from '../helpers/transactions.js'
import { createTestEdgeWithUser } from '../helpers/edge-inject.js'
import { startStack, type Stack } from '../helpers/stack.js'
import { createStackTransfer } from '../helpers/stack-transfer.js'
import { registerTestUser } from '../helpers/user-service.js'

const SOL = 1_000_000_000n
const FEE = 5_000n
/** The card plan of this test: 20,000 lamports a tip, 50,000 a day. */
const MAX_TIP = 20_000
const DAILY = 50_000

/** A fresh wallet's signed 0.01 SOL transfer, base64, paying `tip` itself when given. */
async function signedTransfer(stack: Stack, tip?: { account: string; lamports: bigint }): Promise<string> {
  return toBase64((await createStackTransfer(stack, { lamports: SOL / 100n, ...(tip ? { tip } : {}) })).bytes)
}

t.test("the tip wallet pays only within a card holder's caps, over REST", async (t) => {
  const stack = await startStack(t, {
    autoAdvance: true,
    geyser: true,
    relay: { rateLimit: 20 },
    engineEnv: { MANAGED_TIP_MAX_LAMPORTS: String(MAX_TIP), MANAGED_TIP_DAILY_LAMPORTS: String(DAILY), RELAY_MAX_QUEUED_PER_USER: '20' },
  })
  const { app, users } = await createTestEdgeWithUser(t, stack)
  const base = await app.listen({ host: '127.0.0.1', port: 0 })
  const post = async (path: string, apiKey: string, body: Record<string, unknown>) => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
      body: JSON.stringify(body),
    })
    return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> }
  }
  const errorCode = (answer: { body: Record<string, unknown> }) => (answer.body.error as { code?: string } | undefined)?.code
  // At processed, the newest state: everything the wallet paid so far, a landed bundle as soon as it
  // lands (finalized, a read's default, would see it only 32 slots later).
  const walletBalance = async () =>
    BigInt((await stack.rpc<{ value: number }>('getBalance', [stack.tipWallet, { commitment: 'processed' }])).value)
  const sentBundles = () => stack.localnet.relay.getCounts().methods.sendBundle ?? 0
  const tips = (await stack.engine.getTips()) as TipFloor
  const withCard = async (label: string) => {
    const user = await registerTestUser(app, label)
    const me = await app.inject({ method: 'GET', url: '/auth/me', headers: { authorization: `Bearer ${user.token}` } })
    // Before the key's first call: the edge reads the plan when it first authenticates the key.
    await users.userService.setCardOnFile((me.json() as { id: string }).id, true)
    return user
  }

  t.test('without a card: 402 card_required on every route that would spend the wallet; the wallet pays nothing', async (t) => {
    const alice = await registerTestUser(app, 'alice')
    const walletBefore = await walletBalance()
    const bundlesBefore = sentBundles()
    const refused = [
      ['submit managed_tip_bundle, 5 SOL', '/api/v1/solana/tx/submit', { strategy: 'managed_tip_bundle', tip_lamports: 5_000_000_000 }],
      ['submit managed_tip_bundle, the default tip', '/api/v1/solana/tx/submit', { strategy: 'managed_tip_bundle' }],
      ['submit staked_sender', '/api/v1/solana/tx/submit', { strategy: 'staked_sender' }],
      ['execute through the relay', '/api/v1/solana/tx/execute', { policy: { force_relay: true } }],
      ['send with use_relay', '/api/v1/solana/tx/send', { use_relay: true }],
    ] as const
    for (const [label, path, fields] of refused) {
      const answer = await post(path, alice.apiKey, { transaction: await signedTransfer(stack), ...fields })
      t.equal(answer.status, 402, `${label}: 402`)
      t.equal(errorCode(answer), 'card_required', `${label}: card_required`)
    }
    // Paying its own tip, a bundle is still hers to send: the wallet is not involved.
    const own = await post('/api/v1/solana/tx/send', alice.apiKey, {
      transaction: await signedTransfer(stack, { account: tips.tip_accounts[0] as string, lamports: 2_000n }),
      use_relay: true,
      wait_confirmation: true,
    })
    t.equal(own.status, 200, JSON.stringify(own.body))
    t.equal(own.body.route, 'relay_bundle')
    t.equal(sentBundles(), bundlesBefore + 1, 'only her own-tip bundle reached the relay')
    t.equal(await walletBalance(), walletBefore, 'the tip wallet paid nothing')
  })

  t.test('with a card: one tip past the per-call cap is 422 tip_limit_exceeded, nothing sent', async (t) => {
    const bob = await withCard('bob')
    const walletBefore = await walletBalance()
    const bundlesBefore = sentBundles()
    const answer = await post('/api/v1/solana/tx/submit', bob.apiKey, {
      transaction: await signedTransfer(stack),
      strategy: 'managed_tip_bundle',
      tip_lamports: 5_000_000_000,
    })
    t.equal(answer.status, 422)
    t.equal(errorCode(answer), 'tip_limit_exceeded')
    t.equal(sentBundles(), bundlesBefore)
    t.equal(await walletBalance(), walletBefore)
  })

  t.test(
    "someone else's high tips cannot raise the default past the cap; the day's cap holds, and the wallet paid exactly that",
    async (t) => {
      // Six wallets tip on their own (send with use_relay): three 2,000, three 1 SOL; with alice's 2,000
      // the p25 (the lint's floor) is 2,000 and the p75 1 SOL.
      const whales = [2_000n, 2_000n, 2_000n, SOL, SOL, SOL]
      for (const [i, lamports] of whales.entries()) {
        const transaction = await signedTransfer(stack, { account: tips.tip_accounts[i % 8] as string, lamports })
        const sent = await stack.engine.send(Buffer.from(transaction, 'base64'), { useRelay: true, waitConfirmation: true })
        t.ok(['confirmed', 'finalized'].includes(sent.confirmation), `a tip of ${lamports} landed`)
      }
      let floor = await stack.engine.getTips()
      for (let i = 0; i < 100 && floor.sample_count < whales.length + 1; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50))
        floor = await stack.engine.getTips()
      }
      t.equal(floor.p75, Number(SOL), 'the landed p75 is 1 SOL')

      const carol = await withCard('carol')
      const walletBefore = await walletBalance()
      const answers: SubmitResponse[] = []
      const defaulted = await post('/api/v1/solana/tx/submit', carol.apiKey, {
        transaction: await signedTransfer(stack),
        strategy: 'managed_tip_bundle',
        wait_confirmation: true,
      })
      t.equal(defaulted.status, 200, JSON.stringify(defaulted.body))
      t.equal(defaulted.body.tip_lamports, MAX_TIP, 'the default tip: the p75, held to the per-call cap')
      answers.push(defaulted.body as unknown as SubmitResponse)
      for (const tip of [15_000, 15_000]) {
        const answer = await post('/api/v1/solana/tx/submit', carol.apiKey, {
          transaction: await signedTransfer(stack),
          strategy: 'managed_tip_bundle',
          tip_lamports: tip,
          wait_confirmation: true,
        })
        t.equal(answer.status, 200, JSON.stringify(answer.body))
        answers.push(answer.body as unknown as SubmitResponse)
      }
      const over = await post('/api/v1/solana/tx/submit', carol.apiKey, {
        transaction: await signedTransfer(stack),
        strategy: 'managed_tip_bundle',
        tip_lamports: 2_000,
      })
      t.equal(over.status, 429, 'the day holds 50,000: the floor’s 2,000 more is refused')
      t.equal(errorCode(over), 'tip_budget_exceeded')
      t.ok(Number(over.headers.get('retry-after')) >= 1, 'Retry-After: 00:00 UTC')
      for (const answer of answers) t.ok(['confirmed', 'finalized'].includes(answer.confirmation), `landed (${answer.confirmation})`)
      const paid = walletBefore - (await walletBalance())
      t.equal(paid, BigInt(DAILY) + 3n * FEE, 'the wallet paid the day’s cap and three fees, no more')
    },
  )

  t.test("concurrent calls cannot pass the day's cap together", async (t) => {
    const dave = await withCard('dave')
    const walletBefore = await walletBalance()
    const transactions = await Promise.all(Array.from({ length: 8 }, () => signedTransfer(stack)))
    const answers = await Promise.all(
      transactions.map((transaction) =>
        post('/api/v1/solana/tx/submit', dave.apiKey, {
          transaction,
          strategy: 'managed_tip_bundle',
          tip_lamports: 10_000,
          wait_confirmation: true,
        }),
      ),
    )
    const sent = answers.filter((answer) => answer.status === 200)
    const refused = answers.filter((answer) => answer.status !== 200)
    t.equal(sent.length, DAILY / 10_000, 'five fit the day')
    t.same(
      refused.map((answer) => errorCode(answer)),
      Array(8 - DAILY / 10_000).fill('tip_budget_exceeded'),
      'the rest are refused',
    )
    const landed = sent.filter((answer) => ['confirmed', 'finalized'].includes(String(answer.body.confirmation))).length
    t.equal(landed, sent.length, 'every sent bundle landed')
    t.equal(walletBefore - (await walletBalance()), BigInt(DAILY) + BigInt(sent.length) * FEE, 'the wallet paid the cap and the fees')
  })
})
