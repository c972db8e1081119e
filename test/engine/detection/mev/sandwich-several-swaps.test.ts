// A transaction with several top-level swaps: each one's sandwich is priced on the fork (a
// front-run on its pool, the whole transaction, a back-run), and the one that loses the user the
// most is reported with its instruction. Two pools of the real Raydium CPMM program made on
// localnet (test/helpers/raydium-cpmm-pool.ts); the reported figures are checked against the
// venue's math and against the three transactions landed on localnet.
import t from 'tap'
import { PROGRAMS_DIR } from '../../../helpers/fixtures.js'
import { createCpmmPool, quoteCpmm } from '../../../helpers/raydium-cpmm-pool.js'
import { startStack } from '../../../helpers/stack.js'
import { waitUntil } from '../../../helpers/wait-until.js'

const POOL_SOL = 100_000_000_000n // 100 SOL
const POOL_TOKEN = 1_000_000_000_000n
const TRADE = 1_000_000_000n // 1 SOL into each pool

t.test('sandwich value of a transaction swapping on two Raydium CPMM pools', async (t) => {
  const { engine, localnet } = await startStack(t, { programsDir: PROGRAMS_DIR, engineEnv: { CHAIN_POLL_MS: '50' } })
  const chain = localnet.chain
  const first = await createCpmmPool(localnet, { poolSol: POOL_SOL, poolToken: POOL_TOKEN })
  const second = await createCpmmPool(localnet, { poolSol: POOL_SOL, poolToken: POOL_TOKEN / 2n })
  const openAt = chain.getUnixTimestamp()
  await waitUntil(() => (engine.chain.clock?.unixTimestamp ?? 0n) >= BigInt(openAt), 5_000, "the engine's clock")

  const quoteFirst = quoteCpmm(TRADE, first.tokenAmount(first.vaultSol), first.tokenAmount(first.vaultToken))
  const quoteSecond = quoteCpmm(TRADE, second.tokenAmount(second.vaultSol), second.tokenAmount(second.vaultToken))
  const onFirst = await first.wallet(10_000_000_000n)
  const onSecond = await second.accountsOf(onFirst.signer)
  /** Wraps 2 SOL and opens both token accounts (instructions 0–7), then swaps on the first pool (8) and the second (9). */
  const bothSwaps = (minimumFirst: bigint, minimumSecond: bigint) =>
    first.sign(onFirst.signer, [
      ...first.fund(onFirst, 2n * TRADE),
      ...second.fund(onSecond, 0n),
      first.swap(onFirst, TRADE, minimumFirst, true),
      second.swap(onSecond, TRADE, minimumSecond, true),
    ])
  const openSecond = await bothSwaps((quoteFirst * 99n) / 100n, 0n)
  const secondOpen = await engine.simulate(openSecond)
  const firstOpen = await engine.simulate(await bothSwaps(0n, (quoteSecond * 99n) / 100n))
  const bothBound = await engine.simulate(await bothSwaps((quoteFirst * 99n) / 100n, (quoteSecond * 99n) / 100n))

  t.test('the swap with no minimum is the one reported, whichever comes first', async (t) => {
    t.equal(secondOpen.success, true, secondOpen.failure_reason ?? '')
    const second = secondOpen.mev?.extractable
    if (!second) return t.fail(`not priced: ${secondOpen.mev?.unpriced_reason}`)
    t.equal(second.instruction_index, 9, 'the second swap')
    t.equal(second.quote, String(quoteSecond), "its pool's math")
    t.ok(second.bps > 5_000, `most of its trade (${second.bps} bps)`)
    t.equal(secondOpen.mev?.recommended_min_output, String((quoteSecond * 9_900n + 9_999n) / 10_000n), 'the bound for that swap')
    const first = firstOpen.mev?.extractable
    if (!first) return t.fail(`not priced: ${firstOpen.mev?.unpriced_reason}`)
    t.equal(first.instruction_index, 8, 'the first swap')
    t.equal(first.quote, String(quoteFirst))
    t.ok(first.bps > 5_000, `${first.bps} bps`)
  })

  t.test('both bound at 1 %: about 1 % of one of them', async (t) => {
    const extractable = bothBound.mev?.extractable
    if (!extractable) return t.fail(`not priced: ${bothBound.mev?.unpriced_reason}`)
    t.ok([8, 9].includes(extractable.instruction_index), `instruction ${extractable.instruction_index}`)
    t.equal(extractable.limited_by, 'minimum_output')
    t.ok(extractable.bps >= 95 && extractable.bps <= 100, `${extractable.bps} bps`)
  })

  t.test('the reported figures are what the three transactions move when they land', async (t) => {
    const extractable = secondOpen.mev?.extractable
    if (!extractable) return t.fail('not priced')
    const landed = await second.landSandwich(BigInt(extractable.front_run_amount), openSecond)
    t.strictSame(
      landed.refused,
      { funding: null, frontRun: null, user: null, backRun: null },
      "the attacker is funded; the front-run on the second pool, the user's two swaps and the back-run land",
    )
    t.equal(String(second.tokenAmount(onSecond.token)), extractable.sandwiched, 'the user got what the engine said on the second')
    t.equal(String(first.tokenAmount(onFirst.token)), String(quoteFirst), 'and the quote on the first, which nobody touched')
    t.equal(String(landed.attackerProfit), extractable.attacker_profit, "the attacker's profit, to the lamport")
    t.equal(Number(landed.attackerFees), extractable.attacker_fee_lamports, 'and its fees')
  })
})
