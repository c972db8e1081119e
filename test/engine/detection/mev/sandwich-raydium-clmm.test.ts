// The sandwich of a swap priced on the real Raydium CLMM program (the mainnet binary in
// test/fixtures/programs), on a pool created on localnet through that program
// (test/helpers/raydium-clmm-pool.ts; layouts: raydium-io/raydium-clmm @ 17582bf) with the
// recorded mainnet AMM config (tick spacing 1, fee 0.01 %). Three positions: a narrow one around
// the price (it initializes the price's tick array, as any liquid pool's is), a small one wholly
// below it, and a wide one from 0.1× to 10× the price. A SOL → token swap names the three tick
// arrays it walks, top down: the back-run must name them bottom up. The engine's figures are
// checked against the real program on localnet: its unsandwiched quote, and the three
// transactions landed there.
import t from 'tap'
import type { Address, Instruction, KeyPairSigner } from '@solana/kit'
import { getSetComputeUnitLimitInstruction } from '@solana-program/compute-budget'
import { PROGRAMS_DIR } from '../../../helpers/fixtures.js'
import { buildTransaction } from '../../../helpers/localnet-transactions.js'
import { createClmmPool, type ClmmSwapOrder, type ClmmWallet } from '../../../helpers/raydium-clmm-pool.js'
import { startStack } from '../../../helpers/stack.js'
import { testMinimumAtQuote, testMinimumOnePercentUnder } from '../../../helpers/sandwich-bound-tests.js'

/** What an attacker's transactions ask (a large front-run crosses many ticks); the engine's fork asks the same. */
const MAX_COMPUTE = getSetComputeUnitLimitInstruction({ units: 1_400_000 })
const SOL = 1_000_000_000n
const TRADE = SOL
/** √1.003 in Q64.64: 1.003 token units (1.003 millionths of a 6-decimal token) a lamport, tick 29. */
const SQRT_PRICE_X64 = BigInt(Math.round(Math.sqrt(1.003) * 2 ** 64))
/** The tick arrays a SOL → token swap walks from tick 29 down: the price's, the small position's, the wide one's lower end. */
const TICK_ARRAYS_DOWN = [0, -3_000, -23_040]

t.test('sandwich value of a SOL → token swap on a Raydium CLMM pool made on localnet', async (t) => {
  const { engine, localnet, rpc } = await startStack(t, { programsDir: PROGRAMS_DIR, engineEnv: { CHAIN_POLL_MS: '50' } })
  const chain = localnet.chain
  const { value } = await rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
  const sign = (signer: KeyPairSigner, instructions: Instruction[]) =>
    buildTransaction({ feePayer: signer, blockhash: value.blockhash, instructions })
  const land = (bytes: Uint8Array, what: string) => t.equal(chain.send(bytes).err, null, what)
  const tokenAmount = (key: Address) => {
    const data = chain.getAccount(key)?.data
    return data ? Buffer.from(data).readBigUInt64LE(64) : 0n
  }

  const clmm = await createClmmPool(chain, value.blockhash, SQRT_PRICE_X64, land)
  land(await clmm.openPosition(1, 59, { sol: SOL / 10n }), 'a narrow position around the price')
  land(await clmm.openPosition(-3_000, -2_941, { token: 1_000_000_000n }), 'a small position below the price')
  land(await clmm.openPosition(-23_000, 23_000, { sol: 100n * SOL }), 'a wide position, 0.1× to 10× the price')
  const poolSol = tokenAmount(clmm.vaultSol)

  const user = await clmm.createWallet(10n * SOL)
  const order = (threshold: bigint, more: Partial<ClmmSwapOrder> = {}): ClmmSwapOrder => ({
    amount: TRADE,
    threshold,
    solIn: true,
    tickArrays: TICK_ARRAYS_DOWN,
    ...more,
  })
  const userSwap = async (swap: ClmmSwapOrder) => sign(user.signer, [...clmm.fund(user, 2n * TRADE), await clmm.swap(user, swap)])
  /** What the real program moves for the user's transaction alone (its token account's change, or its wrapped SOL's for exact out). */
  const runAlone = (bytes: Uint8Array, key: Address) => {
    const run = chain.simulate(bytes, { sigVerify: false, replaceRecentBlockhash: false, accountAddresses: [key] })
    t.equal(run.err, null, "the user's swap runs on localnet")
    return Buffer.from(run.accounts![0]!.data).readBigUInt64LE(64)
  }

  const zeroMinimum = await userSwap(order(0n))
  const quote = runAlone(zeroMinimum, user.token)
  const open = await engine.simulate(zeroMinimum)
  const atOnePercent = await engine.simulate(await userSwap(order((quote * 99n) / 100n)))
  const atQuote = await engine.simulate(await userSwap(order(quote)))
  const v1 = await engine.simulate(await userSwap(order(0n, { v1: true })))
  const twoArrays = await engine.simulate(await userSwap(order(0n, { tickArrays: TICK_ARRAYS_DOWN.slice(0, 2) })))
  // Exact out: the quote's output for at most 1 % more than the input it takes alone.
  const exactOutAlone = await userSwap(order(2n * TRADE, { amount: quote, exactIn: false }))
  const inputAlone = 2n * TRADE - runAlone(exactOutAlone, user.wsol)
  const exactOut = await engine.simulate(await userSwap(order((inputAlone * 101n) / 100n, { amount: quote, exactIn: false })))

  t.test('no minimum: most of the trade, with the front-run as large as the pool’s SOL', async (t) => {
    t.equal(open.success, true, open.failure_reason ?? '')
    const extractable = open.mev?.extractable
    if (!extractable) return t.fail(`not priced: ${open.mev?.unpriced_reason}`)
    t.equal(extractable.quote, String(quote), "the fork's unsandwiched output is the real program's on localnet")
    // The pool's 100.1 SOL take the price from tick 29 to −10,271 (0.36×): the wide position and
    // the arrays named reach on to −23,000, so the budget stops the front-run first.
    t.equal(extractable.limited_by, 'budget')
    t.equal(extractable.front_run_amount, String(poolSol), "the attacker's budget: the pool's SOL")
    t.ok(extractable.bps > 5_000, `most of the trade (${extractable.bps} bps)`)
    t.equal(extractable.mint, clmm.mint)
    t.equal(open.mev?.recommended_min_output, String((quote * 9_900n + 9_999n) / 10_000n))
  })

  t.test('swap (v1), its first tick array a fixed account: the same figures', async (t) => {
    const extractable = v1.mev?.extractable
    if (!extractable) return t.fail(`not priced: ${v1.mev?.unpriced_reason}`)
    const { quote, sandwiched, front_run_amount, attacker_profit } = open.mev!.extractable!
    t.same(
      { quote: extractable.quote, sandwiched: extractable.sandwiched, front_run_amount: extractable.front_run_amount },
      { quote, sandwiched, front_run_amount },
    )
    t.equal(extractable.attacker_profit, attacker_profit)
  })

  t.test('no minimum, naming only the two tick arrays its own swap needs: as far as they reach', async (t) => {
    const extractable = twoArrays.mev?.extractable
    if (!extractable) return t.fail(`not priced: ${twoArrays.mev?.unpriced_reason}`)
    t.equal(extractable.quote, String(quote))
    // Past the small position's lower tick (−3,000) the next initialized array is the third.
    t.equal(extractable.limited_by, 'pool_accounts')
    t.ok(BigInt(extractable.front_run_amount) < poolSol)
    t.ok(
      extractable.bps > 2_000 && extractable.bps < open.mev!.extractable!.bps,
      `less, still a quarter of the trade (${extractable.bps} bps)`,
    )
  })

  testMinimumOnePercentUnder(t, atOnePercent, quote)

  testMinimumAtQuote(t, atQuote, quote)

  t.test('exact out with a maximum input 1 % over: up to that bound', async (t) => {
    const extractable = exactOut.mev?.extractable
    if (!extractable) return t.fail(`not priced: ${exactOut.mev?.unpriced_reason}`)
    t.equal(extractable.quote, String(inputAlone), 'the input it takes alone')
    t.equal(extractable.limited_by, 'minimum_output')
    t.ok(BigInt(extractable.sandwiched) <= (inputAlone * 101n) / 100n)
    t.ok(extractable.bps >= 95 && extractable.bps <= 100, `${extractable.bps} bps`)
  })

  t.test('the reported figures are what the three transactions move when they land', async (t) => {
    const extractable = open.mev?.extractable
    if (!extractable) return t.fail('not priced')
    const frontRun = BigInt(extractable.front_run_amount)
    const attacker = await clmm.createWallet(frontRun + 10n * SOL)
    land(await sign(attacker.signer, clmm.fund(attacker, frontRun)), 'the attacker is funded')
    const lamportsBefore = chain.getAccount(attacker.signer.address)?.lamports ?? 0n
    const attackerSwap = async (owner: ClmmWallet, amount: bigint, solIn: boolean) =>
      clmm.swap(owner, { amount, threshold: 0n, solIn, tickArrays: solIn ? TICK_ARRAYS_DOWN : [...TICK_ARRAYS_DOWN].reverse() })
    land(await sign(attacker.signer, [MAX_COMPUTE, await attackerSwap(attacker, frontRun, true)]), 'front-run')
    const bought = tokenAmount(attacker.token)
    land(zeroMinimum, "the user's swap")
    t.equal(String(tokenAmount(user.token)), extractable.sandwiched, 'the user got what the engine said')
    land(await sign(attacker.signer, [MAX_COMPUTE, await attackerSwap(attacker, bought, false)]), 'back-run')
    t.equal(String(tokenAmount(attacker.wsol) - frontRun), extractable.attacker_profit, "the attacker's profit, to the lamport")
    const lamportsAfter = chain.getAccount(attacker.signer.address)?.lamports ?? 0n
    t.equal(Number(lamportsBefore - lamportsAfter), extractable.attacker_fee_lamports, 'and its fees')
  })
})
