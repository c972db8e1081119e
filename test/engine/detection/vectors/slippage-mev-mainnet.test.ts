// Slippage and MEV on real mainnet swaps: the recorded transactions' own token balances stand in
// for the simulation (their accounts are not in the fixtures, so localnet cannot run them), and
// the bound each accepts is decoded from its instruction. JSON1 (Raydium CLMM, exact in) also
// carries a jitodontfront account; JSON2 (PumpSwap buy, exact out) sets a loose maximum input.
import { readFileSync } from 'node:fs'
import t from 'tap'
import { fromBase58Address } from '../../../../engine/hot-path/state/account-key.js'
import { runMevVector } from '../../../../engine/detection/vectors/mev-vector.js'
import { runSlippageVector } from '../../../../engine/detection/vectors/slippage-vector.js'
import { MAINNET_TRANSACTIONS_DIR, readMainnetFixtures } from '../../hot-path/decode/mainnet-fixtures.js'
import { createTestContext } from './vector-context-fixture.js'

interface TokenBalance {
  accountIndex: number
  mint: string
  owner: string
  uiTokenAmount: { amount: string }
}
interface RecordedMeta {
  fee: number
  preBalances: number[]
  postBalances: number[]
  preTokenBalances: TokenBalance[]
  postTokenBalances: TokenBalance[]
  logMessages: string[]
}

/** A context whose "simulation" is what mainnet recorded for the transaction. */
function recordedContext(prefix: string) {
  const fixture = readMainnetFixtures().find((candidate) => candidate.name.startsWith(prefix))!
  const meta = (JSON.parse(readFileSync(new URL(fixture.name, MAINNET_TRANSACTIONS_DIR), 'utf8')) as { result: { meta: RecordedMeta } })
    .result.meta
  const payer = fixture.result.transaction.message.accountKeys[0]!
  const indexes = new Set([...meta.preTokenBalances, ...meta.postTokenBalances].map((balance) => balance.accountIndex))
  const amount = (list: TokenBalance[], index: number) =>
    BigInt(list.find((balance) => balance.accountIndex === index)?.uiTokenAmount.amount ?? '0')
  const tokenDeltas = [...indexes].map((index) => {
    const row = [...meta.preTokenBalances, ...meta.postTokenBalances].find((balance) => balance.accountIndex === index)!
    return {
      index,
      mint: fromBase58Address(row.mint),
      owner: fromBase58Address(row.owner),
      pre: amount(meta.preTokenBalances, index),
      post: amount(meta.postTokenBalances, index),
    }
  })
  const system = new Uint8Array(32)
  const context = createTestContext(fixture.bytes, {
    entries: {
      [payer]: { lamports: BigInt(meta.preBalances[0]!), data: new Uint8Array(0), owner: system, executable: false, rentEpoch: 0n },
    },
    post: { [payer]: { lamports: BigInt(meta.postBalances[0]!), owner: system, data: new Uint8Array(0) } },
    tokenDeltas,
    logs: meta.logMessages,
  })
  t.equal(context.fee.feeLamports, BigInt(meta.fee), `${prefix}: the engine's fee is the recorded fee`)
  return context
}

t.test('JSON1, a Raydium CLMM swap: received 807,769,528,641 against a minimum of 800,313,332,326', async (t) => {
  const context = recordedContext('JSON1')
  const { slippage, riskLevel } = runSlippageVector(context)
  t.same(slippage, {
    bps: 92, // ⌊(807,769,528,641 − 800,313,332,326) × 10⁴ / 807,769,528,641⌋ = ⌊92.3⌋
    route: 'Raydium CLMM',
    venue: 'Raydium CLMM',
    mode: 'exact_in',
    input_mint: 'So11111111111111111111111111111111111111112',
    output_mint: '7eR1yv7pUzhaqQneKJ2fmVTRuzY61ja5KwfbBrLsq1Gu',
    input_amount: '300000000',
    output_amount: '800313332326',
    expected_amount: '807769528641',
    expected_source: 'simulation',
    hops: 1,
  })
  t.equal(riskLevel, 'low', 'a simple swap')
  const mev = runMevVector(context, {})
  t.equal(mev.factors?.protection, 'jitodontfront', 'the transaction names jitodontfront111…138623')
  t.equal(mev.factors?.slippage_bps, 92)
  t.equal(mev.type, 'sandwich')
  t.notOk(
    mev.recommendations.some((advice) => advice.code === 'use_relay'),
    'already protected',
  )
})

t.test('JSON2, a PumpSwap buy: exact out, paying far less than the maximum it allows', async (t) => {
  const context = recordedContext('JSON2')
  const { slippage } = runSlippageVector(context)
  t.equal(slippage?.route, 'PumpSwap')
  t.equal(slippage?.mode, 'exact_out')
  t.equal(slippage?.output_amount, '201692493', 'the exact output the buy asks for')
  t.equal(slippage?.expected_amount, '468934276696458', 'what the signer actually paid')
  t.equal(slippage?.input_amount, '987778000000000', 'the maximum it accepts')
  t.equal(slippage?.bps, 11_064, '⌊(987,778,000,000,000 − 468,934,276,696,458) × 10⁴ / 468,934,276,696,458⌋: it would pay 2.1 × the price')
  const mev = runMevVector(context, {})
  t.equal(mev.factors?.protection, null)
  t.ok(mev.score >= 0.45, `a tolerance that wide is a sandwich's whole margin (${mev.score})`)
  t.match(
    mev.recommendations.find((advice) => advice.code === 'tighten_slippage'),
    { slippage_bps: 300 },
    'at most 3 %',
  )
})

t.test('JSON3, an OKX route: its venues are not decoded without the simulation, so no bound is claimed', async (t) => {
  const context = recordedContext('JSON3')
  t.equal(runSlippageVector(context).slippage, null)
})
