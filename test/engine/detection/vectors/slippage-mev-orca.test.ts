// The slippage and MEV vectors on the real Orca SOL/USDC pool (mainnet dumps loaded into
// localnet). No Whirlpool program binary exists here, so the simulation cannot run the swap; the
// expected output then comes from the pool state with Orca's own swap math, which on this pool
// gives exactly 4,028,149 USDC units for 0.1 SOL (test/fixtures/PROVENANCE.md: as the real program does).
import t from 'tap'
import { address, type Address, type Instruction } from '@solana/kit'
import { ORCA_ACCOUNTS_DIR } from '../../../helpers/fixtures.js'
import { startStack } from '../../../helpers/stack.js'
import { buildTransaction } from '../../../helpers/transactions.js'
import { buildJupiterTwoHopRoute, buildSolUsdcSwap, SOL_USDC, WALLET } from '../swaps/orca-fixture.js'
import { getMevScore, NETWORK_LEADER_SANDWICH_RATE } from '../../../../engine/detection/vectors/mev-score.js'

const EXPECTED_OUT = 4_028_149n

const whirlpoolSwap = (amount: bigint, otherAmountThreshold: bigint, exactIn = true, extraAccounts: Address[] = []) =>
  buildSolUsdcSwap({ amount, otherAmountThreshold, exactIn, extraAccounts })

t.test('slippage and MEV of swaps on the recorded SOL/USDC whirlpool', async (t) => {
  const { engine, rpc } = await startStack(t, { accountsDir: ORCA_ACCOUNTS_DIR })
  const { value } = await rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
  const simulate = async (instructions: Instruction[]) =>
    engine.simulate(await buildTransaction({ feePayer: WALLET.address, blockhash: value.blockhash, instructions }))

  t.test('exact in, accepting 1 % less than the pool gives: 100 bps', async (t) => {
    const minimum = 3_987_867n // 4,028,149 less 1 %, rounded down (Orca's own 100-bps quote)
    const response = await simulate([whirlpoolSwap(100_000_000n, minimum)])
    t.equal(response.success, false, 'no Whirlpool binary here: the swap cannot run')
    t.same(response.slippage, {
      bps: 100,
      route: 'Orca Whirlpool',
      venue: 'Orca Whirlpool',
      mode: 'exact_in',
      input_mint: SOL_USDC.mintA,
      output_mint: SOL_USDC.mintB,
      input_amount: '100000000',
      output_amount: String(minimum),
      expected_amount: String(EXPECTED_OUT),
      expected_source: 'pool_quote',
      hops: 1,
    })
    const factors = response.risk.mev_factors
    t.equal(factors?.slippage_bps, 100)
    t.equal(
      factors?.trade_share_of_pool,
      Math.round((100_000_000 / 101_826_710_217_770) * 1e6) / 1e6,
      '0.1 SOL against the 101,826 SOL vault',
    )
    t.same(factors?.pool, [SOL_USDC.vaultA, SOL_USDC.vaultB])
    t.equal(factors?.protection, null)
    t.equal(factors?.pool_sandwiches, 0)
    const score = getMevScore({
      slippageBps: 100,
      tradeShareOfPool: 100_000_000 / 101_826_710_217_770,
      poolSandwiches: 0,
      leaderSandwichRate: factors?.leader_sandwich_rate ?? NETWORK_LEADER_SANDWICH_RATE,
      protection: null,
    })
    t.equal(response.risk.mev_score, score)
    t.ok(score > 0.15 && score < 0.25, `a 1 % tolerance alone is low risk (${score})`)
    t.equal(response.risk.mev_level, 'low')
    t.equal(response.risk.mev_type, 'sandwich')
    t.same(response.risk.dex_programs, [{ program_id: 'whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc', name: 'Orca' }])
  })

  t.test('a bound at the expected output leaves nothing to sandwich', async (t) => {
    const response = await simulate([whirlpoolSwap(100_000_000n, EXPECTED_OUT)])
    t.equal(response.slippage?.bps, 0)
    t.equal(response.risk.mev_type, 'backrun_only')
  })

  t.test('a 10 % tolerance: high exposure, tighten it, send it through a relay', async (t) => {
    const response = await simulate([whirlpoolSwap(100_000_000n, (EXPECTED_OUT * 9n) / 10n)])
    t.equal(response.slippage?.bps, 1000)
    t.ok(response.risk.mev_score > 0.4, String(response.risk.mev_score))
    t.ok(
      response.recommendations.some((advice) => advice.code === 'use_relay'),
      'use a relay',
    )
    t.match(
      response.recommendations.find((advice) => advice.code === 'tighten_slippage'),
      { slippage_bps: 300 },
      'a third of 1,000 bps, at most 3 %',
    )
  })

  t.test('no minimum output: the whole trade can be taken, high at least', async (t) => {
    const response = await simulate([whirlpoolSwap(100_000_000n, 0n)])
    t.equal(response.slippage?.bps, 10_000)
    t.ok(response.risk.mev_score >= 0.5, String(response.risk.mev_score))
    t.equal(response.risk.mev_level, 'high')
    t.equal(response.risk.mev_type, 'sandwich')
    const guarded = await simulate([whirlpoolSwap(100_000_000n, 0n, true, [address('jitodontfront111111111111111111111111138623')])])
    t.equal(guarded.risk.mev_level, 'high', 'protection routes around one searcher market, not around a swap that accepts anything')
  })

  t.test('a jitodontfront account lowers the score', async (t) => {
    const open = await simulate([whirlpoolSwap(100_000_000n, (EXPECTED_OUT * 9n) / 10n)])
    const guarded = await simulate([
      whirlpoolSwap(100_000_000n, (EXPECTED_OUT * 9n) / 10n, true, [address('jitodontfront111111111111111111111111138623')]),
    ])
    t.equal(guarded.risk.mev_factors?.protection, 'jitodontfront')
    t.equal(guarded.risk.mev_score, Math.round(open.risk.mev_score * 0.3 * 1000) / 1000)
    t.notOk(
      guarded.recommendations.some((advice) => advice.code === 'use_relay'),
      'already protected',
    )
  })

  t.test('exact out: the most it pays against what the pool asks', async (t) => {
    const response = await simulate([whirlpoolSwap(EXPECTED_OUT, 101_000_000n, false)])
    t.equal(response.slippage?.mode, 'exact_out')
    t.equal(response.slippage?.expected_source, 'pool_quote')
    const expectedIn = BigInt(response.slippage?.expected_amount ?? '0')
    t.ok(expectedIn >= 99_999_000n && expectedIn <= 100_000_000n, `about 0.1 SOL in for the same output (${expectedIn})`)
    t.equal(response.slippage?.bps, Number(((101_000_000n - expectedIn) * 10_000n) / expectedIn))
  })

  t.test('a Jupiter route through two pools: multi-hop is medium risk', async (t) => {
    const response = await simulate([buildJupiterTwoHopRoute({ inAmount: 100_000_000n, quotedOutAmount: 1_000_000n, slippageBps: 150 })])
    t.equal(response.slippage?.route, 'Jupiter v6: Whirlpool → RaydiumClmm')
    t.equal(response.slippage?.hops, 2)
    t.equal(response.slippage?.bps, 150, 'not simulated: the tolerance the instruction states against its quote')
    t.equal(response.slippage?.expected_source, 'instruction_quote')
    t.equal(response.slippage?.output_amount, String((1_000_000n * 9_850n) / 10_000n), 'quotedOutAmount × (1 − 150 bps)')
    t.equal(response.risk.risk_level, 'medium')
  })

  t.test('a swap into a token account that does not exist: create it first, named', async (t) => {
    const missing = address('7o36UsWR1JQLpZ9PE2gn9L4SQ69CNNiWAXd4Jt7rqz9Z')
    const response = await simulate([buildSolUsdcSwap({ amount: 100_000_000n, otherAmountThreshold: 3_987_867n, destination: missing })])
    const advice = response.recommendations.filter((entry) => entry.code === 'create_missing_account')
    t.equal(advice.length, 1, 'the named advice replaces the generic one')
    t.match(advice[0], { account: missing, mint: SOL_USDC.mintB, message: new RegExp(missing) })
  })

  t.test('without the slippage and MEV vectors nothing of this is reported', async (t) => {
    const response = await engine.simulate(
      await buildTransaction({
        feePayer: WALLET.address,
        blockhash: value.blockhash,
        instructions: [whirlpoolSwap(100_000_000n, 3_987_867n)],
      }),
      { vectors: ['program'] },
    )
    t.equal(response.slippage, null)
    t.equal(response.risk.mev_score, 0)
    t.equal(response.risk.mev_factors, null)
  })
})
