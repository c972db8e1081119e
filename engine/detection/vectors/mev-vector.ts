/**
 * The `mev` vector: the MEV score, level and type of the transaction's main swap (mev-score.ts),
 * with its inputs: the slippage it accepts and its size against the pool (swap-analysis.ts,
 * slippage-vector.ts), protection (a `jitodontfront` account, a Jito tip), and what the geyser
 * stream shows — sandwiches on the same pool (their attackers are the known bots) and how often
 * the upcoming leaders sandwich. Nothing here waits: stream facts are in memory.
 */
import type { MevFactors, MevLevel, Recommendation } from '../../contract/simulate-response.js'
import type { RiskLevel } from '../../contract/risk-levels.js'
import { type AccountKey, fromBase58Address } from '../../hot-path/state/account-key.js'
import { getPoolReserves } from '../swaps/index.js'
import { getPoolVaults, toPoolKey, type PoolKey } from '../mev/pool-key.js'
import type { PoolActivity } from '../mev/sandwich-detector.js'
import { getSimulatedSwaps } from '../mev/simulated-swaps.js'
import { SYSTEM_PROGRAM } from '../../hot-path/svm/well-known-programs.js'
import { getMevLevel, getMevScore, getMevType, type MevInputs } from './mev-score.js'
import { getMevRiskLevel } from './risk-level.js'
import { getSwapSlippage } from './slippage-vector.js'
import { getSwapAnalysis, readTransactionAccount, type SwapAnalysis } from './swap-analysis.js'
import type { VectorContext } from './vector-context.js'
import { defineDetectionVector } from './detection-vector.js'

export interface MevVectorDependencies {
  /** Recent sandwiches on a pool (by its two vaults); absent without a geyser stream. */
  getPoolActivity?: (pool: PoolKey) => Pick<PoolActivity, 'sandwiches' | 'attackers'> | undefined
  /** The highest sandwich rate (0–1) among the leaders of the next slots after `slot`; null: unknown. */
  getUpcomingLeaderRate?: (slot: number) => number | null
}

export interface MevFindings {
  score: number
  level: MevLevel
  type: string | null
  factors: MevFactors | null
  knownBots: string[]
  riskLevel: RiskLevel
  recommendations: Recommendation[]
}

/** Jito's eight tip accounts: a transfer to one makes the transaction a bundle. */
const JITO_TIP_ACCOUNTS: ReadonlySet<AccountKey> = new Set(
  [
    '96gYZGLnJYVFmbjzopPSU6QiEV5fGqZNyN9nmNhvrZU5',
    'HFqU5x63VTqvQss8hp11i4wVV8bD44PvwucfZ2bU7gRe',
    'Cw8CFyM9FkoMi7K7Crf6HNQqf4uEMzpKw6QNghXLvLkY',
    'ADaUMid9yfUytqMBgopwjb2DTLSokTSzL1zt6iGPaS49',
    'DfXygSm4jCyNCybVYYK6DwvWqjKee8pbDmJGcLWNDXjh',
    'ADuUkR4vqLUMWXxW9gh6D6L8pMSawimctcNZ5pGwDcEt',
    'DttWaMuVvTiduZRnguLF7jNxTgiMBZ1hyAumKUiL2KRL',
    '3AVi9Tg9Uo68tJfuvoKvqKNWKkC5wPdSSdeBnizKZ6jT',
  ].map(fromBase58Address),
)
const SYSTEM_TRANSFER = 2
const CONCENTRATED_VENUES = new Set(['orca_whirlpool', 'raydium_clmm', 'meteora_dlmm'])
const NO_MEV: MevFindings = { score: 0, level: 'none', type: null, factors: null, knownBots: [], riskLevel: 'safe', recommendations: [] }

function getProtection(context: VectorContext): MevFactors['protection'] {
  for (let i = 0; i < context.keys.length; i++) {
    // Jito honours any account whose address starts with "jitodontfront" (it need not exist).
    if (context.name(context.keys[i] as AccountKey).startsWith('jitodontfront')) return 'jitodontfront'
  }
  for (const instruction of context.tx.instructions) {
    if (context.keys[instruction.programIdIndex] !== SYSTEM_PROGRAM || instruction.data[0] !== SYSTEM_TRANSFER) continue
    const to = instruction.accountIndexes[1]
    if (to !== undefined && JITO_TIP_ACCOUNTS.has(context.keys[to] as AccountKey)) return 'bundle_tip'
  }
  return null
}

/**
 * The pool the swap trades with: its two vaults as the instruction names them, or, for a venue
 * this engine does not decode, as the simulated balances show them (the stream's own rule).
 */
function getPool(context: VectorContext, analysis: SwapAnalysis): { key: PoolKey; vaults: [AccountKey, AccountKey] } | null {
  const { vaultIn, vaultOut } = analysis
  if (vaultIn !== null && vaultOut !== null) return { key: toPoolKey(vaultIn, vaultOut), vaults: [vaultIn, vaultOut] }
  if (!context.success) return null
  const simulated = getSimulatedSwaps(context.balanceChanges)[0]
  return simulated ? { key: simulated.pool, vaults: getPoolVaults(simulated.pool) } : null
}

/** Runs the vector (synchronous). */
export function runMevVector(context: VectorContext, deps: MevVectorDependencies): MevFindings {
  const analysis = getSwapAnalysis(context)
  const swap = analysis.swaps[0]
  const pool = getPool(context, analysis)
  // No swap decoded and none in the balances: nothing to sandwich.
  if (!swap && !pool) return NO_MEV
  const reserves = swap ? getPoolReserves(swap, (key) => readTransactionAccount(context, key)) : null
  const activity = pool ? deps.getPoolActivity?.(pool.key) : undefined
  const tradeIn = swap?.amountIn ?? analysis.simulatedIn
  const inputs: MevInputs = {
    slippageBps: getSwapSlippage(context)?.bps ?? null,
    tradeShareOfPool: reserves && reserves.inputReserve > 0n && tradeIn !== null ? Number(tradeIn) / Number(reserves.inputReserve) : null,
    poolSandwiches: activity?.sandwiches ?? 0,
    leaderSandwichRate: deps.getUpcomingLeaderRate?.(context.slot) ?? null,
    protection: getProtection(context),
  }
  const score = getMevScore(inputs)
  const level = getMevLevel(score)
  const recommendations: Recommendation[] = []
  if (score > 0.4 && inputs.protection === null) {
    recommendations.push({
      code: 'use_relay',
      message:
        'Send through a bundle relay (Jito) with a tip, or add a jitodontfront account to the swap instruction, so that no bundle can front-run it.',
    })
  }
  if (inputs.slippageBps !== null && inputs.slippageBps > 100 && score >= 0.25) {
    // A third of what it accepts, between 0.5 % and 3 % (beyond that a sandwich still has room).
    const suggested = Math.min(300, Math.max(50, Math.round(inputs.slippageBps / 30) * 10))
    recommendations.push({
      code: 'tighten_slippage',
      slippage_bps: suggested,
      message: `The swap accepts ${inputs.slippageBps} bps of slippage, margin a sandwich can take; tighten it to about ${suggested} bps.`,
    })
  }
  return {
    score,
    level,
    type: getMevType(inputs, swap !== undefined && CONCENTRATED_VENUES.has(swap.venue)),
    factors: {
      slippage_bps: inputs.slippageBps,
      trade_share_of_pool: inputs.tradeShareOfPool === null ? null : Math.round(inputs.tradeShareOfPool * 1e6) / 1e6,
      protection: inputs.protection,
      pool_sandwiches: inputs.poolSandwiches,
      leader_sandwich_rate: inputs.leaderSandwichRate,
      pool: pool ? [context.name(pool.vaults[0]), context.name(pool.vaults[1])] : null,
    },
    knownBots: (activity?.attackers ?? []).map((attacker) => context.name(attacker)),
    riskLevel: getMevRiskLevel(level),
    recommendations,
  }
}

/** The `mev` vector (registry entry): what the geyser stream shows about the pool and the leaders. */
export const mevVector = defineDetectionVector({
  name: 'mev',
  reads: ['poolActivity', 'upcomingLeaderRate'],
  bind(sources) {
    const deps: MevVectorDependencies = {
      ...(sources.poolActivity ? { getPoolActivity: sources.poolActivity } : {}),
      ...(sources.upcomingLeaderRate ? { getUpcomingLeaderRate: sources.upcomingLeaderRate } : {}),
    }
    return (context) => runMevVector(context, deps)
  },
  contribute(findings, draft) {
    draft.levels.push(findings.riskLevel)
    draft.recommendations.push(...findings.recommendations)
    draft.risk.mev_score = findings.score
    draft.risk.mev_level = findings.level
    draft.risk.mev_type = findings.type
    draft.risk.mev_factors = findings.factors
    draft.risk.known_bots = findings.knownBots
  },
})
