/**
 * What the generator sends next, decided by the seeded PRNG alone (no clock, no chain state), so
 * that the same seed replays the same sequence of kinds, wallets, amounts and compute budgets.
 */
import { pickComputeBudget, type ComputeBudgetChoice } from './compute-budget-profile.js'
import type { SeededRandom } from './seeded-random.js'

export type TrafficKind = 'sol-transfer' | 'token-transfer' | 'failing-transfer' | 'swap'

/** Relative weights of the kinds (they need not sum to 1). */
export type TrafficMix = {
  readonly solTransfer: number
  readonly tokenTransfer: number
  /** Over-balance transfers sent with skipPreflight: they land as failed, fee charged. */
  readonly failing: number
  /** Only where a swap program is loaded; otherwise its weight is dropped and the rest rescaled. */
  readonly swap: number
}

export const DEFAULT_TRAFFIC_MIX: TrafficMix = { solTransfer: 0.5, tokenTransfer: 0.36, failing: 0.04, swap: 0.1 }

export type TrafficPlan = {
  readonly kind: Exclude<TrafficKind, 'swap'>
  readonly asset: 'sol' | 'token'
  /** Indexes into the generator's wallets; `from` signs and pays the fee. */
  readonly from: number
  readonly to: number
  /** Lamports or token base units. */
  readonly amount: bigint
  readonly budget: ComputeBudgetChoice
  readonly skipPreflight: boolean
}

export type UnitsNeeded = { readonly sol: number; readonly token: number }

/**
 * Compute units a transfer needs with its two ComputeBudget instructions (150 CU each), as
 * measured on LiteSVM 1.5 (System transfer 150, p-token TransferChecked 105). The generator
 * measures its chain at start (units-needed.ts); these are the fallback.
 */
export const UNITS_NEEDED: UnitsNeeded = { sol: 450, token: 405 }

/** More than any traffic wallet ever holds (they are funded with 100 SOL and 10,000 tokens). */
export const OVER_BALANCE_AMOUNT = 10n ** 15n

export type TrafficPlanner = { next(): TrafficPlan; readonly mix: TrafficMix }

/** Creates the planner; `swapAvailable` false drops the swap share. */
export function createTrafficPlanner(options: {
  random: SeededRandom
  walletCount: number
  mix?: Partial<TrafficMix>
  swapAvailable: boolean
  unitsNeeded?: UnitsNeeded
}): TrafficPlanner {
  const { random, walletCount } = options
  const unitsNeeded = options.unitsNeeded ?? UNITS_NEEDED
  if (walletCount < 2) throw new RangeError('traffic needs at least two wallets')
  const given = { ...DEFAULT_TRAFFIC_MIX, ...options.mix }
  // No swap builder exists yet (no swap program on the dev machine), so even a loaded program
  // cannot be traded against: the generator's caller logs that the share is skipped.
  const mix: TrafficMix = { ...given, swap: options.swapAvailable ? given.swap : 0 }
  const weights: Array<[Exclude<TrafficKind, 'swap'>, number]> = [
    ['sol-transfer', mix.solTransfer],
    ['token-transfer', mix.tokenTransfer],
    ['failing-transfer', mix.failing],
  ]
  for (const [kind, weight] of weights) {
    if (!Number.isFinite(weight) || weight < 0) throw new RangeError(`mix weight of ${kind} must be ≥ 0, got ${weight}`)
  }
  const total = weights.reduce((sum, [, weight]) => sum + weight, 0)
  if (total <= 0) throw new RangeError('the traffic mix has no kind with a positive weight')

  function pickKind(): Exclude<TrafficKind, 'swap'> {
    let roll = random.next() * total
    for (const [kind, weight] of weights) {
      if (roll < weight) return kind
      roll -= weight
    }
    return 'sol-transfer'
  }

  return {
    mix,
    next() {
      const kind = pickKind()
      const from = random.int(0, walletCount - 1)
      // Another wallet than `from`: shift by 1..n-1.
      const to = (from + random.int(1, walletCount - 1)) % walletCount
      const asset = kind === 'sol-transfer' ? 'sol' : kind === 'token-transfer' ? 'token' : random.next() < 0.5 ? 'sol' : 'token'
      const amount =
        kind === 'failing-transfer'
          ? OVER_BALANCE_AMOUNT
          : asset === 'sol'
            ? random.logUniform(10_000n, 10_000_000n) // 0.00001 – 0.01 SOL
            : random.logUniform(1_000n, 10_000_000n) // 0.001 – 10 tokens (6 decimals)
      const budget = pickComputeBudget(random, unitsNeeded[asset])
      return { kind, asset, from, to, amount, budget, skipPreflight: kind === 'failing-transfer' }
    },
  }
}
