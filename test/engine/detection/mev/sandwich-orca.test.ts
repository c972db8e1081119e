// The sandwich of a swap priced on the real Orca Whirlpool program (the mainnet binary in
// test/fixtures/programs) over the recorded SOL/USDC pool (mainnet dumps loaded into localnet):
// the engine's fork runs front-run, the user's transaction and back-run. The test then lands the
// same three transactions on localnet (signatures verified), the attacker's built with Orca's
// official client, and checks the engine's figures against what they moved there, to the unit.
import t from 'tap'
import type { Address, Instruction, KeyPairSigner } from '@solana/kit'
import { getWhirlpoolDecoder } from '@orca-so/whirlpools-client'
import { getSetComputeUnitLimitInstruction } from '@solana-program/compute-budget'
import { loadEngineProto } from '../../../../lib/grpc/load-proto.js'
import type { SimulateResponse } from '../../../../engine/contract/simulate-response.js'
import { fromSimulateResponseMessage, toSimulateResponseMessage } from '../../../../engine/messages/simulate-message.js'
import { ORCA_ACCOUNTS_DIR, PROGRAMS_DIR } from '../../../helpers/fixtures.js'
import { createTestEdge, getJson, postSimulate } from '../../../helpers/edge-inject.js'
import { buildTransaction } from '../../../helpers/localnet-transactions.js'
import { startStack } from '../../../helpers/stack.js'
import { SOL_USDC } from '../swaps/orca-fixture.js'
import {
  createOrcaTrader,
  getFundInstructions,
  getSolUsdcOracle,
  getTraderSwap,
  type OrcaTrader,
} from '../../../helpers/orca-sol-usdc-trader.js'

/** What an attacker's transactions ask (a large front-run crosses many ticks); the engine's fork asks the same. */
const MAX_COMPUTE = getSetComputeUnitLimitInstruction({ units: 1_400_000 })
const TRADE = 100_000_000n // 0.1 SOL
const QUOTE = 4_028_149n // what the real program gives for it on this pool (test/fixtures/PROVENANCE.md)
/** Start ticks of the three tick arrays the swaps name, top down (−32101, the pool's tick, is in the first). */
const TICK_ARRAY_STARTS = [-33_792, -39_424, -45_056]

/** `response` after the trip the engine's gRPC server and the edge's client make of it. */
function roundTrip(response: SimulateResponse): SimulateResponse {
  const method = loadEngineProto().preflight.engine.v1.Engine.service.Simulate
  return fromSimulateResponseMessage(method.responseDeserialize(method.responseSerialize(toSimulateResponseMessage(response))))
}

t.test('sandwich value of SOL → USDC swaps on the recorded whirlpool, on the real program', async (t) => {
  const stack = await startStack(t, { accountsDir: ORCA_ACCOUNTS_DIR, programsDir: PROGRAMS_DIR })
  const { engine, localnet, rpc } = stack
  const { value } = await rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
  const oracle = await getSolUsdcOracle()
  const wallet = (lamports: bigint) => createOrcaTrader(localnet.chain, lamports)
  const fund = getFundInstructions
  /** `threshold`: the minimum output (exact in) or the maximum input (exact out). */
  const swap = (owner: OrcaTrader, amount: bigint, threshold: bigint, aToB: boolean, tickArrays: Address[], exactIn = true) =>
    getTraderSwap(owner, { amount, threshold, aToB, tickArrays, exactIn }, oracle)
  const sign = (signer: KeyPairSigner, instructions: Instruction[]) =>
    buildTransaction({ feePayer: signer, blockhash: value.blockhash, instructions })
  const land = (bytes: Uint8Array) => {
    const result = localnet.chain.send(bytes)
    t.equal(result.err, null, 'lands on localnet')
  }
  const tokenAmount = (account: Address) => {
    const data = localnet.chain.getAccount(account)?.data
    return data ? Buffer.from(data).readBigUInt64LE(64) : 0n
  }

  const user = await wallet(10_000_000_000n)
  /** The user's transaction: wrap 0.1 SOL, open its USDC account, swap with `minimum`. */
  const userSwap = (minimum: bigint) => sign(user.signer, [...fund(user, TRADE), swap(user, TRADE, minimum, true, SOL_USDC.tickArraysDown)])

  const zeroMinimum = await userSwap(0n)
  const open = await engine.simulate(zeroMinimum)
  const atOnePercent = await engine.simulate(await userSwap((QUOTE * 99n) / 100n))
  const atQuote = await engine.simulate(await userSwap(QUOTE))
  const strict = await engine.simulate(zeroMinimum, { policy: 'strict' } as never)
  // Exact out: the quote's USDC for at most 1 % more SOL than the pool asks (it asks just under 0.1 SOL).
  const maximumIn = (TRADE * 101n) / 100n
  const exactOut = await engine.simulate(
    await sign(user.signer, [...fund(user, maximumIn), swap(user, QUOTE, maximumIn, true, SOL_USDC.tickArraysDown, false)]),
  )

  t.test('no minimum: most of the trade, as far as the three tick arrays the swap names let the price fall', async (t) => {
    t.equal(open.success, true)
    const extractable = open.mev?.extractable
    if (!extractable) return t.fail(`not priced: ${open.mev?.unpriced_reason}`)
    t.equal(extractable.quote, String(QUOTE), "the fork's unsandwiched output is the real program's")
    t.equal(extractable.limited_by, 'pool_accounts', 'a larger front-run runs past the last tick array the swap names')
    t.equal(BigInt(extractable.amount), QUOTE - BigInt(extractable.sandwiched))
    t.equal(extractable.bps, Number((BigInt(extractable.amount) * 10_000n) / QUOTE))
    t.ok(extractable.bps > 5_000, `most of the trade (${extractable.bps} bps)`)
    t.equal(extractable.mint, SOL_USDC.mintB, 'the loss is in USDC, the output')
    t.equal(extractable.lamports, Number((BigInt(extractable.amount) * TRADE) / QUOTE), 'in lamports at the swap’s own price')
    t.equal(open.mev?.recommended_min_output, String((QUOTE * 9_900n + 9_999n) / 10_000n), 'the quote less the default 100 bps, rounded up')
    t.equal(open.decision, 'warn')
    t.ok(
      open.decision_reasons.some((reason) => reason.rule === 'max_extractable_bps'),
      'the default policy warns on it',
    )
    t.equal(strict.decision, 'block')
    t.ok(
      strict.decision_reasons.some((reason) => reason.rule === 'max_extractable_bps'),
      'strict blocks on it',
    )
    t.strictSame(roundTrip(open), open, 'mev crosses gRPC whole')
    const rest = getJson<SimulateResponse>(
      await postSimulate(await createTestEdge(t, stack), { transaction: Buffer.from(zeroMinimum).toString('base64') }),
    )
    t.strictSame(rest?.mev, open.mev, 'and the REST answer (the WebSocket stream frames the same object)')
  })

  t.test('a minimum 1 % under the quote: a sandwich takes up to that bound and no further', async (t) => {
    const extractable = atOnePercent.mev?.extractable
    if (!extractable) return t.fail(`not priced: ${atOnePercent.mev?.unpriced_reason}`)
    t.equal(extractable.limited_by, 'minimum_output')
    t.ok(BigInt(extractable.sandwiched) >= (QUOTE * 99n) / 100n, 'the user still gets its minimum')
    t.ok(extractable.bps >= 95 && extractable.bps <= 100, `close to the whole tolerance (${extractable.bps} bps)`)
    t.notOk(
      atOnePercent.decision_reasons.some((reason) => reason.rule === 'max_extractable_bps'),
      'within the default 100 bps',
    )
  })

  t.test('the fork leaves nothing behind: the same swap priced again gives the same figures', async (t) => {
    t.strictSame(strict.mev?.extractable, open.mev?.extractable)
    t.equal(strict.mev?.recommended_min_output, String((QUOTE * 9_950n + 9_999n) / 10_000n), "strict's 50 bps")
  })

  t.test('exact out, paying at most 1 % over: the loss is extra SOL paid, up to that bound', async (t) => {
    t.equal(exactOut.success, true, exactOut.failure_reason ?? '')
    const extractable = exactOut.mev?.extractable
    if (!extractable) return t.fail(`not priced: ${exactOut.mev?.unpriced_reason}`)
    t.equal(extractable.mint, SOL_USDC.mintA, 'in the input token, SOL')
    t.equal(extractable.lamports, Number(extractable.amount), 'SOL is lamports')
    t.equal(extractable.limited_by, 'minimum_output', 'AmountInAboveMaximum stops the front-run')
    const quote = BigInt(extractable.quote)
    t.ok(quote > 99_000_000n && quote <= TRADE, `the pool asks about 0.1 SOL (${quote})`)
    t.ok(BigInt(extractable.sandwiched) <= maximumIn, 'the user pays at most its maximum')
    t.equal(BigInt(extractable.amount), BigInt(extractable.sandwiched) - quote)
    t.ok(extractable.bps >= 95 && extractable.bps <= 102, `close to its tolerance against the quote (${extractable.bps} bps)`)
    t.equal(exactOut.mev?.recommended_min_output, null)
    t.equal(exactOut.mev?.recommended_max_input, String((quote * 10_100n) / 10_000n))
  })

  t.test('a minimum at the exact quote: about nothing to take', async (t) => {
    const extractable = atQuote.mev?.extractable
    if (!extractable) return t.fail(`not priced: ${atQuote.mev?.unpriced_reason}`)
    t.equal(extractable.amount, '0')
    t.equal(extractable.bps, 0)
    t.equal(extractable.sandwiched, String(QUOTE))
    t.equal(extractable.limited_by, 'minimum_output')
  })

  t.test('the reported figures are what the three transactions move when they land', async (t) => {
    const extractable = open.mev?.extractable
    if (!extractable) return t.fail('not priced')
    const frontRun = BigInt(extractable.front_run_amount)
    const attacker = await wallet(frontRun + 10_000_000_000n)
    land(await sign(attacker.signer, fund(attacker, frontRun)))
    const lamportsBefore = localnet.chain.getAccount(attacker.signer.address)?.lamports ?? 0n
    land(await sign(attacker.signer, [MAX_COMPUTE, swap(attacker, frontRun, 0n, true, SOL_USDC.tickArraysDown)]))
    t.equal(tokenAmount(attacker.wsol), 0n, 'the front-run paid all of it')
    const bought = tokenAmount(attacker.usdc)
    land(zeroMinimum)
    t.equal(String(tokenAmount(user.usdc)), extractable.sandwiched, 'the user got what the engine said')
    // Back up from where the user's swap left the price: the tick arrays in that order.
    const pool = getWhirlpoolDecoder().decode(localnet.chain.getAccount(SOL_USDC.whirlpool)!.data)
    const from = TICK_ARRAY_STARTS.findIndex((start) => start <= pool.tickCurrentIndex + pool.tickSpacing)
    const upwards = SOL_USDC.tickArraysDown.slice(0, from + 1).reverse()
    while (upwards.length < 3) upwards.push(upwards[upwards.length - 1]!)
    land(await sign(attacker.signer, [MAX_COMPUTE, swap(attacker, bought, 0n, false, upwards)]))
    t.equal(tokenAmount(attacker.usdc), 0n, 'the back-run sold all it bought')
    t.equal(String(tokenAmount(attacker.wsol) - frontRun), extractable.attacker_profit, "the attacker's profit, to the lamport")
    const lamportsAfter = localnet.chain.getAccount(attacker.signer.address)?.lamports ?? 0n
    t.equal(Number(lamportsBefore - lamportsAfter), extractable.attacker_fee_lamports, 'and its fees')
    t.equal(
      extractable.attacker_profit_lamports,
      Number(tokenAmount(attacker.wsol) - frontRun - (lamportsBefore - lamportsAfter)),
      'profit less fees, in lamports',
    )
  })
})

t.test('SANDWICH_MAX_SEARCH_UNITS bounds the search: a smaller budget of compute prices a lower bound', async (t) => {
  const stack = await startStack(t, {
    accountsDir: ORCA_ACCOUNTS_DIR,
    programsDir: PROGRAMS_DIR,
    engineEnv: { SANDWICH_MAX_SEARCH_UNITS: '1500000' },
  })
  const { value } = await stack.rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
  const oracle = await getSolUsdcOracle()
  const user = await createOrcaTrader(stack.localnet.chain, 10_000_000_000n)
  const zeroMinimum = await buildTransaction({
    feePayer: user.signer,
    blockhash: value.blockhash,
    instructions: [
      ...getFundInstructions(user, TRADE),
      getTraderSwap(user, { amount: TRADE, threshold: 0n, aToB: true, tickArrays: SOL_USDC.tickArraysDown }, oracle),
    ],
  })
  const response = await stack.engine.simulate(zeroMinimum)
  const extractable = response.mev?.extractable
  if (!extractable) return t.fail(`not priced: ${response.mev?.unpriced_reason}`)
  t.equal(extractable.quote, String(QUOTE), 'still priced on the real program')
  // The whole search takes 12 sizes and 5.4 million units; 1.5 million stop it after a few.
  t.ok(extractable.bps < 5_000, `a lower bound (${extractable.bps} bps; the whole search finds over 6,000)`)
  t.equal(BigInt(extractable.amount), QUOTE - BigInt(extractable.sandwiched), 'and what it reports is what that front-run takes')
})
