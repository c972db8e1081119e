import { getBase64Encoder, type Signature } from '@solana/kit'
import { getTokenDecoder } from '@solana-program/token'
import t from 'tap'
import { createSeededRandom } from '../../localnet/traffic/seeded-random.js'
import { createTrafficGenerator, type SentTrafficTransaction } from '../../localnet/traffic/traffic-generator.js'
import { createTrafficPlanner, type TrafficPlan } from '../../localnet/traffic/traffic-plan.js'
import { WALLET_FUNDING_LAMPORTS, WALLET_FUNDING_TOKENS, createTrafficWallets } from '../../localnet/traffic/traffic-wallets.js'
import { createCaptureLogger } from '../helpers/capture-logger.js'
import { startTestLocalnet } from '../helpers/localnet-start.js'

const SEED = 20_240_601
const WALLET_COUNT = 6
const BASE_FEE_LAMPORTS = 5_000n

function drawPlans(seed: number, count: number): TrafficPlan[] {
  const planner = createTrafficPlanner({ random: createSeededRandom(seed), walletCount: WALLET_COUNT, swapAvailable: false })
  return Array.from({ length: count }, () => planner.next())
}

t.test('the same seed replays the same plans; the price distribution is skewed as documented', async (t) => {
  t.same(drawPlans(SEED, 200), drawPlans(SEED, 200), 'same seed, same sequence')
  t.notSame(drawPlans(SEED, 50), drawPlans(SEED + 1, 50), 'another seed, another sequence')

  const plans = drawPlans(7, 20_000)
  const share = (predicate: (plan: TrafficPlan) => boolean) => plans.filter(predicate).length / plans.length
  t.ok(Math.abs(share((p) => p.budget.tier === 'none') - 0.2) < 0.02, 'about 20 % carry no ComputeBudget instruction')
  t.ok(Math.abs(share((p) => p.budget.priceMicroLamports === 0n) - 0.5) < 0.02, 'about half pay no priority fee')
  t.ok(Math.abs(share((p) => p.budget.priceMicroLamports >= 200_000n) - 0.07) < 0.01, 'a tail of about 7 % pays ≥ 200,000')
  t.ok(
    plans.every((p) => p.from !== p.to),
    'never to itself',
  )
  t.ok(Math.abs(share((p) => p.kind === 'failing-transfer') - 0.04 / 0.9) < 0.01, 'the swap share is redistributed')
  t.notOk(
    plans.some((p) => (p.kind as string) === 'swap'),
    'no swap without a swap program',
  )
})

t.test('lands SOL, token and failing transfers at varied prices, and stops cleanly', async (t) => {
  const localnet = await startTestLocalnet(t, { LOCALNET_SLOT_MS: '50' }, { autoAdvance: true })
  const { logger, lines } = createCaptureLogger()
  const sent: SentTrafficTransaction[] = []
  const timeoutsBefore = process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length
  const generator = createTrafficGenerator({
    rpcUrl: localnet.rpcUrl,
    ratePerS: 40,
    seed: SEED,
    walletCount: WALLET_COUNT,
    mix: { solTransfer: 0.45, tokenTransfer: 0.4, failing: 0.15 },
    summaryMs: 500,
    logger,
    onSent: (transaction) => void sent.push(transaction),
  })
  await generator.start()
  await new Promise((resolve) => setTimeout(resolve, 2_500))
  await generator.stop()

  // Nothing keeps running: no timer of the generator's left, no further sends or status changes.
  const stats = generator.stats
  t.equal(process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length, timeoutsBefore, 'every timer cleared')
  await new Promise((resolve) => setTimeout(resolve, 300))
  t.same(generator.stats, stats, 'counters frozen after stop')
  t.equal(sent.length, stats.sent, 'onSent saw every accepted transaction')
  t.ok(stats.sent >= 40, `a burst was sent (${stats.sent})`)
  t.equal(stats.errors, 0, `no refused sends (last error: ${stats.lastError})`)
  t.equal(stats.pending, 0, 'every status seen before stop resolved')
  t.equal(stats.landed + stats.failed, stats.sent)
  t.ok(
    lines.some((line) => line.msg === 'traffic summary'),
    'a periodic summary is logged',
  )
  t.ok(
    lines.some((line) => line.msg === 'traffic stopped' && line.sent === stats.sent),
    'a final summary is logged',
  )
  t.ok(
    lines.some((line) => /swap share skipped: no swap program/.test(line.msg)),
    'the skipped swap share is logged',
  )

  // From the chain: every signature has the status its kind calls for.
  const statuses = new Map<Signature, { err: unknown } | null>()
  for (let i = 0; i < sent.length; i += 256) {
    const batch = sent.slice(i, i + 256).map((s) => s.signature)
    const answer = await localnet.call('getSignatureStatuses', [batch])
    batch.forEach((signature, j) => statuses.set(signature, answer.result.value[j]))
  }
  for (const kind of ['sol-transfer', 'token-transfer', 'failing-transfer'] as const) {
    const ofKind = sent.filter((s) => s.plan.kind === kind)
    t.ok(ofKind.length > 0, `${kind}: some were sent`)
    const expectErr = kind === 'failing-transfer'
    t.ok(
      ofKind.every((s) => {
        const status = statuses.get(s.signature)
        return status !== null && status !== undefined && (status.err !== null) === expectErr
      }),
      `${kind}: every one landed ${expectErr ? 'as failed' : 'successfully'}`,
    )
  }
  const failingAssets = new Set(sent.filter((s) => s.plan.kind === 'failing-transfer').map((s) => s.plan.asset))
  t.same([...failingAssets].sort(), ['sol', 'token'], 'over-balance SOL and token transfers both fail')

  // Compute-unit prices vary over the skewed tiers, and some transactions carry no ComputeBudget.
  const budgets = sent.map((s) => s.plan.budget)
  t.ok(
    budgets.some((b) => b.computeUnitLimit === null),
    'some without any ComputeBudget instruction',
  )
  t.ok(
    budgets.some((b) => b.computeUnitLimit !== null && b.priceMicroLamports === 0n),
    'some at price 0',
  )
  t.ok(
    budgets.some((b) => b.priceMicroLamports >= 200_000n),
    'some in the high tail',
  )
  t.ok(new Set(budgets.map((b) => b.priceMicroLamports)).size >= 10, 'many distinct prices')

  // From the chain's balances: tokens only moved between the wallets, and each wallet paid
  // exactly the base fee plus price × limit of what it sent (which proves the prices landed).
  // Read at processed: the last transactions may have landed in the open slot.
  const wallets = await createTrafficWallets(WALLET_COUNT, SEED)
  const processedBase64 = { encoding: 'base64', commitment: 'processed' }
  const tokenAnswer = await localnet.call('getMultipleAccounts', [wallets.map((w) => w.tokenAccount), processedBase64])
  const tokenTotal = (tokenAnswer.result.value as Array<{ data: [string, string] }>)
    .map((account) => getTokenDecoder().decode(getBase64Encoder().encode(account.data[0])).amount)
    .reduce((sum, amount) => sum + amount, 0n)
  t.equal(tokenTotal, WALLET_FUNDING_TOKENS * BigInt(WALLET_COUNT), 'token supply of the wallets conserved')

  const expectedLamports = wallets.map(() => WALLET_FUNDING_LAMPORTS)
  for (const { plan } of sent) {
    const limit = BigInt(plan.budget.computeUnitLimit ?? 0)
    const priorityFee = (plan.budget.priceMicroLamports * limit + 999_999n) / 1_000_000n
    expectedLamports[plan.from]! -= BASE_FEE_LAMPORTS + priorityFee
    if (plan.kind === 'sol-transfer') {
      expectedLamports[plan.from]! -= plan.amount
      expectedLamports[plan.to]! += plan.amount
    }
  }
  const lamportsAnswer = await localnet.call('getMultipleAccounts', [wallets.map((w) => w.signer.address), processedBase64])
  t.same(
    (lamportsAnswer.result.value as Array<{ lamports: number }>).map((account) => BigInt(account.lamports)),
    expectedLamports,
    'every wallet balance = funding − transfers − (5000 + priority fee) per transaction it paid for',
  )
})

t.test('stop during setup is a clean stop', async (t) => {
  const localnet = await startTestLocalnet(t, {}, { autoAdvance: true })
  const generator = createTrafficGenerator({ rpcUrl: localnet.rpcUrl, ratePerS: 10, seed: 1, logger: createCaptureLogger().logger })
  const starting = generator.start()
  await generator.stop()
  await t.resolves(starting, 'start settles without an error')
  t.equal(generator.stats.sent, 0)
})
