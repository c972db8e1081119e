/**
 * The `slippage` vector: for the transaction's main swap, the worst case it accepts, in basis
 * points against what it is expected to get. Expected = what the simulation says it receives
 * (exact in) or pays (exact out); where the simulation could not run the swap, a quote from pool
 * state with the venue's own math (Orca Whirlpool), else the instruction's own quote (Jupiter's
 * slippageBps against its quoted amount). Also the route, and the risk a swap carries:
 * low for a simple swap, medium for a multi-hop one.
 */
import type { Recommendation, Slippage } from '../../contract/simulate-response.js'
import type { RiskLevel } from '../../contract/risk-levels.js'
import { type AccountKey, toAccountKey } from '../../hot-path/state/account-key.js'
import { getWhirlpoolSwapQuote, type DecodedSwap } from '../swaps/index.js'
import { getSwapAnalysis, readTransactionAccount, type SwapAnalysis } from './swap-analysis.js'
import { createMemoSlot, getOnce, type VectorContext } from './vector-context.js'
import { defineDetectionVector } from './detection-vector.js'

export interface SlippageFindings {
  slippage: Slippage | null
  riskLevel: RiskLevel
  recommendations: Recommendation[]
}

const BPS = 10_000n

/** Worst-case slippage in bps: how far the bound is from the expected amount (never negative). */
export function getSlippageBps(mode: 'exact_in' | 'exact_out', bound: bigint, expected: bigint): number {
  if (expected <= 0n) return 0
  const gap = mode === 'exact_in' ? expected - bound : bound - expected
  return gap <= 0n ? 0 : Number((gap * BPS) / expected)
}

/** Orca's own swap math over the pool and tick arrays the instruction names (they were loaded for the simulation). */
function quoteWhirlpool(context: VectorContext, swap: DecodedSwap): bigint | null {
  if (swap.venue !== 'orca_whirlpool' || swap.hops.length > 1 || !swap.pool || swap.amountIn === null) return null
  const whirlpoolData = readTransactionAccount(context, swap.pool)
  const vaultA = swap.poolVaults?.[0]
  if (!whirlpoolData || !vaultA || !swap.vaultIn) return null
  const instruction = context.tx.instructions[swap.instructionIndex]
  if (!instruction) return null
  // The quote keeps what decodes as a tick array (by its discriminator) and ignores the rest.
  const tickArrayData: Uint8Array[] = []
  for (const index of instruction.accountIndexes) {
    const entry = context.entries?.[index]
    if (entry?.exists) tickArrayData.push(entry.data)
  }
  const aToB = toAccountKey(swap.vaultIn) === toAccountKey(vaultA)
  const quote = getWhirlpoolSwapQuote({
    whirlpoolData,
    tickArrayData,
    timestampSec: context.unixTimestamp,
    aToB,
    mode: swap.mode,
    amount: swap.mode === 'exact_in' ? swap.amountIn : (swap.amountOut ?? 0n),
  })
  if (!quote) return null
  return swap.mode === 'exact_in' ? quote.amountOut : quote.amountIn
}

function getExpected(
  context: VectorContext,
  analysis: SwapAnalysis,
  swap: DecodedSwap,
): { amount: bigint | null; source: Slippage['expected_source'] } {
  const simulated = swap.mode === 'exact_in' ? analysis.simulatedOut : analysis.simulatedIn
  if (simulated !== null) return { amount: simulated, source: 'simulation' }
  // An inner swap's accounts are not its top-level instruction's: only a top-level one is quoted.
  const quoted = analysis.fromInnerInstructions ? null : quoteWhirlpool(context, swap)
  if (quoted !== null) return { amount: quoted, source: 'pool_quote' }
  if (swap.quotedAmount !== null) return { amount: swap.quotedAmount, source: 'instruction_quote' }
  return { amount: null, source: null }
}

export interface SwapSlippage {
  bps: number | null
  expected: bigint | null
  source: Slippage['expected_source']
}

const SWAP_SLIPPAGE = createMemoSlot<SwapSlippage | null>('swap slippage')

/** The main swap's worst-case slippage and its expected amount, worked out once per request (the MEV vector reads it too). */
export function getSwapSlippage(context: VectorContext): SwapSlippage | null {
  return getOnce(context, SWAP_SLIPPAGE, workOutSlippage)
}

function workOutSlippage(context: VectorContext): SwapSlippage | null {
  const analysis = getSwapAnalysis(context)
  const swap = analysis.swaps[0]
  if (!swap) return null
  const expected = getExpected(context, analysis, swap)
  return { bps: getBps(swap, expected.amount), expected: expected.amount, source: expected.source }
}

function getBps(swap: DecodedSwap, expected: bigint | null): number | null {
  const bound = swap.mode === 'exact_in' ? swap.amountOut : swap.amountIn
  if (bound !== null && expected !== null) return getSlippageBps(swap.mode, bound, expected)
  // No expected amount, but the instruction states its tolerance against its own quote (Jupiter).
  return swap.venue === 'jupiter_v6' ? swap.slippageBps : null
}

/** A swap whose destination account does not exist yet: the fix is to create it first. */
function getMissingDestination(context: VectorContext, swap: DecodedSwap, outputMint: AccountKey | null): Recommendation | null {
  if (context.success || !swap.userDestination || !context.entries) return null
  const destination = toAccountKey(swap.userDestination)
  const index = context.keys.indexOf(destination)
  if (index === -1 || context.entries[index]?.exists !== false) return null
  const mint = outputMint ? context.name(outputMint) : undefined
  return {
    code: 'create_missing_account',
    account: context.name(destination),
    ...(mint ? { mint } : {}),
    message: `The swap pays into ${context.name(destination)}, which does not exist: create the associated token account${mint ? ` for ${mint}` : ''} first.`,
  }
}

/** Runs the vector (synchronous: the pool accounts were loaded for the simulation). */
export function runSlippageVector(context: VectorContext): SlippageFindings {
  const analysis = getSwapAnalysis(context)
  const swap = analysis.swaps[0]
  if (!swap || analysis.route === null) return { slippage: null, riskLevel: 'safe', recommendations: [] }
  const slippage = getSwapSlippage(context) as SwapSlippage
  const name = (key: AccountKey | null) => (key ? context.name(key) : null)
  const missing = getMissingDestination(context, swap, analysis.outputMint)
  return {
    slippage: {
      bps: slippage.bps,
      route: analysis.route,
      venue: swap.venueName,
      mode: swap.mode,
      input_mint: name(analysis.inputMint),
      output_mint: name(analysis.outputMint),
      input_amount: swap.amountIn?.toString() ?? null,
      output_amount: swap.amountOut?.toString() ?? null,
      expected_amount: slippage.expected?.toString() ?? null,
      expected_source: slippage.source,
      hops: analysis.hops,
    },
    riskLevel: analysis.hops > 1 ? 'medium' : 'low',
    recommendations: missing ? [missing] : [],
  }
}

/** The `slippage` vector (registry entry): reads nothing beyond the transaction and its simulation. */
export const slippageVector = defineDetectionVector({
  name: 'slippage',
  reads: [],
  bind: () => runSlippageVector,
  contribute(findings, draft) {
    draft.levels.push(findings.riskLevel)
    // A named missing account says more than the simulation's generic advice.
    if (findings.recommendations.some((advice) => advice.code === 'create_missing_account')) {
      const generic = draft.recommendations.findIndex((advice) => advice.code === 'create_missing_account' && advice.account === undefined)
      if (generic !== -1) draft.recommendations.splice(generic, 1)
    }
    draft.recommendations.push(...findings.recommendations)
    draft.slippage = findings.slippage
  },
})
