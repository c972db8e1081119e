// The slippage and MEV vectors on the real Orca SOL/USDC pool (mainnet dumps loaded into
// localnet). No Whirlpool program binary exists here, so the simulation cannot run the swap; the
// expected output then comes from the pool state with Orca's own swap math, which on this pool
// gives exactly 4,028,149 USDC units for 0.1 SOL (fixtures README: as the real program does).
import { createHash } from 'node:crypto'
import t from 'tap'
import { address, type Address, type Instruction } from '@solana/kit'
import { getSwapInstruction } from '@orca-so/whirlpools-client'
import { ORCA_ACCOUNTS_DIR } from '../../helpers/fixtures.js'
import { startStack } from '../../helpers/stack.js'
import { buildTransaction } from '../../helpers/transactions.js'
import { SOL_USDC, WALLET, WALLET_USDC, WALLET_WSOL } from '../swaps/orca-fixture.js'
import { getMevScore, NETWORK_LEADER_SANDWICH_RATE } from '../../../engine/vectors/mev-score.js'

const ORACLE = address('4GkRbcYg1VKsZropgai4dMf2Nj2PkXNLf43knFpavrSi')
const EXPECTED_OUT = 4_028_149n
const JUPITER = address('JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4')

function whirlpoolSwap(amount: bigint, threshold: bigint, exactIn = true, extra: Address[] = []): Instruction {
  const instruction = getSwapInstruction({
    tokenAuthority: WALLET,
    whirlpool: SOL_USDC.whirlpool,
    tokenOwnerAccountA: WALLET_WSOL,
    tokenVaultA: SOL_USDC.vaultA,
    tokenOwnerAccountB: WALLET_USDC,
    tokenVaultB: SOL_USDC.vaultB,
    tickArray0: SOL_USDC.tickArraysDown[0]!,
    tickArray1: SOL_USDC.tickArraysDown[1]!,
    tickArray2: SOL_USDC.tickArraysDown[2]!,
    oracle: ORACLE,
    amount,
    otherAmountThreshold: threshold,
    sqrtPriceLimit: 4_295_048_016n,
    amountSpecifiedIsInput: exactIn,
    aToB: true,
  })
  return { ...instruction, accounts: [...instruction.accounts, ...extra.map((extraAddress) => ({ address: extraAddress, role: 0 }))] } as Instruction
}

/** A Jupiter `route` with two steps (Whirlpool, then Raydium CLMM), encoded from the IDL's layout by hand. */
function jupiterTwoHopRoute(): Instruction {
  const discriminator = createHash('sha256').update('global:route').digest().subarray(0, 8)
  const u64 = (value: bigint) => {
    const bytes = Buffer.alloc(8)
    bytes.writeBigUInt64LE(value)
    return bytes
  }
  const data = Buffer.concat([
    discriminator,
    Buffer.from([2, 0, 0, 0]), // routePlan: 2 steps
    Buffer.from([17, 1, 100, 0, 1]), // Whirlpool { aToB: true }, percent 100, input 0 → output 1
    Buffer.from([26, 100, 1, 2]), // RaydiumClmm, percent 100, input 1 → output 2
    u64(100_000_000n), // inAmount
    u64(1_000_000n), // quotedOutAmount
    Buffer.from([150, 0]), // slippageBps 150
    Buffer.from([0]), // platformFeeBps
  ])
  const accounts: Address[] = [
    address('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'),
    WALLET.address,
    WALLET_WSOL,
    WALLET_USDC,
    JUPITER, // destinationTokenAccount: none (the program id stands in)
    SOL_USDC.mintB,
    JUPITER, // platformFeeAccount: none
    address('D8cy77BBepLMngZx6ZukaTff5hCt1HrWyKk3Hnd9oitf'),
    JUPITER,
  ]
  return {
    programAddress: JUPITER,
    accounts: accounts.map((account, i) => ({ address: account, role: i === 1 ? 2 : i === 2 || i === 3 ? 1 : 0 })),
    data,
  } as Instruction
}

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
    t.equal(factors?.trade_share_of_pool, Math.round((100_000_000 / 101_826_710_217_770) * 1e6) / 1e6, '0.1 SOL against the 101,826 SOL vault')
    t.same(factors?.pool, [SOL_USDC.vaultA, SOL_USDC.vaultB])
    t.equal(factors?.protection, null)
    t.equal(factors?.pool_sandwiches, 0)
    const score = getMevScore({ slippageBps: 100, tradeShareOfPool: 100_000_000 / 101_826_710_217_770, poolSandwiches: 0, leaderSandwichRate: factors?.leader_sandwich_rate ?? NETWORK_LEADER_SANDWICH_RATE, protection: null })
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
    t.ok(response.recommendations.some((advice) => advice.code === 'use_relay'), 'use a relay')
    t.match(response.recommendations.find((advice) => advice.code === 'tighten_slippage'), { slippage_bps: 300 }, 'a third of 1,000 bps, at most 3 %')
  })

  t.test('a jitodontfront account lowers the score', async (t) => {
    const open = await simulate([whirlpoolSwap(100_000_000n, (EXPECTED_OUT * 9n) / 10n)])
    const guarded = await simulate([whirlpoolSwap(100_000_000n, (EXPECTED_OUT * 9n) / 10n, true, [address('jitodontfront111111111111111111111111138623')])])
    t.equal(guarded.risk.mev_factors?.protection, 'jitodontfront')
    t.equal(guarded.risk.mev_score, Math.round(open.risk.mev_score * 0.3 * 1000) / 1000)
    t.notOk(guarded.recommendations.some((advice) => advice.code === 'use_relay'), 'already protected')
  })

  t.test('exact out: the most it pays against what the pool asks', async (t) => {
    const response = await simulate([whirlpoolSwap(EXPECTED_OUT, 101_000_000n, false)])
    t.equal(response.slippage?.mode, 'exact_out')
    t.equal(response.slippage?.expected_source, 'pool_quote')
    const expectedIn = BigInt(response.slippage?.expected_amount ?? '0')
    t.ok(expectedIn >= 99_999_000n && expectedIn <= 100_000_000n, `about 0.1 SOL in for the same output (${expectedIn})`)
    t.equal(response.slippage?.bps, Number(((101_000_000n - expectedIn) * 10_000n) / expectedIn))
  })

  t.test('a Jupiter route through two pools: multi-hop is medium risk (SPEC 2.10)', async (t) => {
    const response = await simulate([jupiterTwoHopRoute()])
    t.equal(response.slippage?.route, 'Jupiter v6: Whirlpool → RaydiumClmm')
    t.equal(response.slippage?.hops, 2)
    t.equal(response.slippage?.bps, 150, 'not simulated: the tolerance the instruction states against its quote')
    t.equal(response.slippage?.expected_source, 'instruction_quote')
    t.equal(response.slippage?.output_amount, String((1_000_000n * 9_850n) / 10_000n), 'quotedOutAmount × (1 − 150 bps)')
    t.equal(response.risk.risk_level, 'medium')
  })

  t.test('without the slippage and MEV vectors nothing of this is reported', async (t) => {
    const response = await engine.simulate(
      await buildTransaction({ feePayer: WALLET.address, blockhash: value.blockhash, instructions: [whirlpoolSwap(100_000_000n, 3_987_867n)] }),
      { vectors: ['program'] },
    )
    t.equal(response.slippage, null)
    t.equal(response.risk.mev_score, 0)
    t.equal(response.risk.mev_factors, null)
  })
})
