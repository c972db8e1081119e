// The sandwich of a swap priced on the real Raydium CPMM program (the mainnet binary in
// test/fixtures/programs), on a pool created on localnet through that program
// (test/helpers/raydium-cpmm-pool.ts). The engine's figures are checked against the venue's
// constant-product math and against the three transactions landed on localnet.
import t from 'tap'
import { PROGRAMS_DIR } from '../../../helpers/fixtures.js'
import { createCpmmPool, FUND_FEE_RATE, PROTOCOL_FEE_RATE, quoteCpmm, TRADE_FEE_RATE } from '../../../helpers/raydium-cpmm-pool.js'
import { startStack } from '../../../helpers/stack.js'
import { waitUntil } from '../../../helpers/wait-until.js'
import { testMinimumAtQuote, testMinimumOnePercentUnder } from '../../../helpers/sandwich-bound-tests.js'

const POOL_SOL = 100_000_000_000n // 100 SOL
const POOL_TOKEN = 1_000_000_000_000n // 1,000,000 of a 6-decimal token
const TRADE = 1_000_000_000n // 1 SOL

t.test('sandwich value of a SOL → token swap on a Raydium CPMM pool made on localnet', async (t) => {
  const { engine, localnet } = await startStack(t, { programsDir: PROGRAMS_DIR, engineEnv: { CHAIN_POLL_MS: '50' } })
  const chain = localnet.chain
  const cpmm = await createCpmmPool(localnet, { poolSol: POOL_SOL, poolToken: POOL_TOKEN })
  const { mint, vaultSol, vaultToken, tokenAmount, wallet, fund, swap, sign } = cpmm
  const openAt = chain.getUnixTimestamp()
  await waitUntil(() => (engine.chain.clock?.unixTimestamp ?? 0n) >= BigInt(openAt), 5_000, "the engine's clock")

  const quote = quoteCpmm(TRADE, tokenAmount(vaultSol), tokenAmount(vaultToken))
  const user = await wallet(10_000_000_000n)
  const userSwap = (minimum: bigint) => sign(user.signer, [...fund(user, TRADE), swap(user, TRADE, minimum, true)])
  const zeroMinimum = await userSwap(0n)
  const open = await engine.simulate(zeroMinimum)
  const atOnePercent = await engine.simulate(await userSwap((quote * 99n) / 100n))
  const atQuote = await engine.simulate(await userSwap(quote))

  t.test('no minimum: most of the trade, with the front-run as large as the pool’s SOL', async (t) => {
    t.equal(open.success, true, open.failure_reason ?? '')
    const extractable = open.mev?.extractable
    if (!extractable) return t.fail(`not priced: ${open.mev?.unpriced_reason}`)
    t.equal(extractable.quote, String(quote), "the fork's unsandwiched output is the venue's constant-product math")
    t.equal(extractable.instruction_index, 4, 'the swap, after the four instructions that fund the wallet')
    t.equal(extractable.limited_by, 'budget')
    t.equal(extractable.front_run_amount, String(POOL_SOL), "the attacker's budget: the pool's SOL")
    // The front-run's protocol (12 %) and fund (4 %) shares of its fee leave the pool's reserve.
    const front = quoteCpmm(POOL_SOL, POOL_SOL, POOL_TOKEN)
    const frontFee = (POOL_SOL * TRADE_FEE_RATE + 999_999n) / 1_000_000n
    const kept = POOL_SOL * 2n - (frontFee * PROTOCOL_FEE_RATE) / 1_000_000n - (frontFee * FUND_FEE_RATE) / 1_000_000n
    t.equal(extractable.sandwiched, String(quoteCpmm(TRADE, kept, POOL_TOKEN - front)), 'and the math after the front-run')
    t.ok(extractable.bps > 5_000, `most of the trade (${extractable.bps} bps)`)
    t.equal(extractable.mint, mint)
    t.equal(extractable.lamports, Number((BigInt(extractable.amount) * TRADE) / quote))
    t.equal(open.mev?.recommended_min_output, String((quote * 9_900n + 9_999n) / 10_000n))
    t.ok(open.decision_reasons.some((reason) => reason.rule === 'max_extractable_bps'))
  })

  testMinimumOnePercentUnder(t, atOnePercent, quote)

  testMinimumAtQuote(t, atQuote, quote)

  t.test('the reported figures are what the three transactions move when they land', async (t) => {
    const extractable = open.mev?.extractable
    if (!extractable) return t.fail('not priced')
    const landed = await cpmm.landSandwich(BigInt(extractable.front_run_amount), zeroMinimum)
    t.strictSame(
      landed.refused,
      { funding: null, frontRun: null, user: null, backRun: null },
      "the attacker is funded; the front-run, the user's swap and the back-run land",
    )
    t.equal(String(tokenAmount(user.token)), extractable.sandwiched, 'the user got what the engine said')
    t.equal(String(landed.attackerProfit), extractable.attacker_profit, "the attacker's profit, to the lamport")
    t.equal(Number(landed.attackerFees), extractable.attacker_fee_lamports, 'and its fees')
  })
})
