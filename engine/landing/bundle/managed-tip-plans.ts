/**
 * What the service's tip wallet may pay for a caller (docs/relay.md#who-may-spend-the-tip-wallet):
 * per plan, a cap on one managed tip and on a user's managed tips of one UTC day. A plan with
 * either cap at 0 pays no managed tip at all and may not use `staked_sender` either: both are
 * costs the operator carries and bills to a card. Without a card on file a caller is on the free
 * plan (0 by default); `npm start` on its own localnet, whose SOL is airdropped, gives it a small
 * allowance so every strategy works out of the box.
 */

export interface ManagedTipPlan {
  /** The largest managed tip one call may have paid. */
  readonly maxPerCallLamports: bigint
  /** The most managed tips one user may have paid in a UTC day, all calls together. */
  readonly maxPerDayLamports: bigint
}

export interface ManagedTipPlans {
  /** Without a card on file. */
  readonly free: ManagedTipPlan
  /** With a card on file: the tips are billed to it at cost. */
  readonly card: ManagedTipPlan
}

/** A caller as the budget judges them: whose day is charged, and which plan applies. */
export interface TipPayer {
  readonly userId: string
  readonly cardOnFile: boolean
}

/** The free plan: nothing. */
export const FREE_MANAGED_TIP_PLAN: ManagedTipPlan = Object.freeze({ maxPerCallLamports: 0n, maxPerDayLamports: 0n })

/** The free plan under `npm start` on its own localnet: 0.001 SOL a tip, 0.1 SOL a day of airdropped SOL. */
export const LOCALNET_FREE_MANAGED_TIP_PLAN: ManagedTipPlan = Object.freeze({
  maxPerCallLamports: 1_000_000n,
  maxPerDayLamports: 100_000_000n,
})

/** The plans of an engine's configuration (MANAGED_TIP_* and FREE_MANAGED_TIP_*). */
export function toManagedTipPlans(config: {
  managedTipMaxLamports: number
  managedTipDailyLamports: number
  freeManagedTipMaxLamports: number
  freeManagedTipDailyLamports: number
}): ManagedTipPlans {
  return Object.freeze({
    card: Object.freeze({
      maxPerCallLamports: BigInt(config.managedTipMaxLamports),
      maxPerDayLamports: BigInt(config.managedTipDailyLamports),
    }),
    free: Object.freeze({
      maxPerCallLamports: BigInt(config.freeManagedTipMaxLamports),
      maxPerDayLamports: BigInt(config.freeManagedTipDailyLamports),
    }),
  })
}

/** The plan that applies to `payer`. */
export function getManagedTipPlan(plans: ManagedTipPlans, payer: TipPayer): ManagedTipPlan {
  return payer.cardOnFile ? plans.card : plans.free
}

/** Whether the plan pays managed tips (and lets staked_sender run) at all. */
export function allowsManagedTips(plan: ManagedTipPlan): boolean {
  return plan.maxPerCallLamports > 0n && plan.maxPerDayLamports > 0n
}
