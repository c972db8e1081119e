/**
 * Schedule 1's prices (docs/billing.md#prices), in millionths of a euro so sums stay exact: the usage
 * route adds them up and the meter reports them in this unit (the Stripe price is 0.0001 cent a unit).
 */
import { FREE_DAILY_SIMULATIONS } from '../../lib/limits/limit-plans.js'

/** One euro in the meter's unit. */
export const MICRO_EUR_PER_EUR = 1_000_000

/** A simulation past the day's free quota: 0.002 EUR. */
export const SIMULATION_MICRO_EUR = 2_000

/** A submit with a billable strategy (staked_sender, managed_tip_bundle): 0.003 EUR. */
export const BILLABLE_SUBMIT_MICRO_EUR = 3_000

export { FREE_DAILY_SIMULATIONS }

const LAMPORTS_PER_SOL = 1_000_000_000n

/**
 * Relay tips at cost: `lamports` converted at `solEur` euros a SOL, rounded half up to the
 * micro-euro. Integer arithmetic on the lamports, so large sums lose nothing.
 */
export function toTipMicroEur(lamports: bigint, solEur: number): number {
  const microEurPerSol = BigInt(Math.round(solEur * MICRO_EUR_PER_EUR))
  return Number((lamports * microEurPerSol + LAMPORTS_PER_SOL / 2n) / LAMPORTS_PER_SOL)
}

/** What usage comes to in micro-euros. */
export function toAmountMicroEur(usage: { billableSimulations: number; billableSubmits: number; tipMicroEur: number }): number {
  return usage.billableSimulations * SIMULATION_MICRO_EUR + usage.billableSubmits * BILLABLE_SUBMIT_MICRO_EUR + usage.tipMicroEur
}

/** Micro-euros as the euro amount clients read (a JSON number, six decimals at most). */
export function toEur(microEur: number): number {
  return microEur / MICRO_EUR_PER_EUR
}
