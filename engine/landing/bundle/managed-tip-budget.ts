/**
 * The rules the service's tip wallet pays by (docs/relay.md#who-may-spend-the-tip-wallet): a
 * managed tip — and `staked_sender` — needs a plan that allows them (a card on file, by default);
 * one tip may not pass the plan's per-call cap; a user's tips of one UTC day may not pass its
 * daily cap, charged in the ledger before the bundle leaves and taken back when it never reached
 * the relay. The default managed tip (the landed tips' p75) is held to the per-call cap too, so
 * nobody's tips — however high — can raise what another caller pays by default past their cap.
 */
import { createRetryableError, createServiceError } from '../../../lib/errors.js'
import { DAY_MS, getMsUntilQuotaReset, getQuotaDay } from '../../../lib/limits/limit-plans.js'
import { allowsManagedTips, getManagedTipPlan, type ManagedTipPlans, type TipPayer } from './managed-tip-plans.js'
import type { TipLedger } from './tip-ledger.js'

export interface ManagedTipBudgetOptions {
  plans: ManagedTipPlans
  ledger: TipLedger
  /** The managed tips `userId` was charged since `sinceMs` (the tracking records): seeds a day the ledger has no total for. */
  getSpentSince(userId: string, sinceMs: number): Promise<bigint>
  now?: () => number
}

export interface ManagedTipBudget {
  /** Whether the service pays managed tips (and runs staked_sender) for `payer`. */
  allows(payer: TipPayer): boolean
  /**
   * Throws `card_required` unless the service pays for `payer` (`what` names the strategy or route
   * that needed it), and `tip_limit_exceeded` when `tipLamports`, the tip asked for, is above the
   * plan's per-call cap.
   */
  assertMayPay(payer: TipPayer, what: string, tipLamports?: bigint): void
  /** The largest managed tip one call of `payer` may pay. */
  getCallCapLamports(payer: TipPayer): bigint
  /**
   * Charges `lamports` to `payer`'s day; throws `tip_budget_exceeded` (Retry-After: 00:00 UTC) when
   * the day's cap would be passed. Answers the function that takes the charge back.
   */
  charge(payer: TipPayer, lamports: bigint): Promise<() => Promise<void>>
}

const SOL = 1_000_000_000

/** Lamports as SOL for a message: 0.01 SOL, 10,000 lamports. */
function toSolText(lamports: bigint): string {
  return `${Number(lamports) / SOL} SOL`
}

/** Creates the budget over `ledger`. */
export function createManagedTipBudget(options: ManagedTipBudgetOptions): ManagedTipBudget {
  const { plans, ledger } = options
  const now = options.now ?? Date.now

  return {
    allows: (payer) => allowsManagedTips(getManagedTipPlan(plans, payer)),
    getCallCapLamports: (payer) => getManagedTipPlan(plans, payer).maxPerCallLamports,

    assertMayPay(payer, what, tipLamports) {
      const plan = getManagedTipPlan(plans, payer)
      if (!allowsManagedTips(plan)) {
        throw createServiceError(
          'card_required',
          `${what} is paid by the service and billed to a card, and there is none on file: add one (POST /api/v1/billing/checkout), ` +
            'or land it yourself: a transaction that pays its own tip (send with use_relay), or strategy direct. Nothing was sent.',
        )
      }
      const cap = plan.maxPerCallLamports
      if (tipLamports !== undefined && tipLamports > cap) {
        throw createServiceError(
          'tip_limit_exceeded',
          `tip_lamports: ${tipLamports} is above your plan's cap of ${cap} lamports (${toSolText(cap)}) a managed tip; nothing was sent.`,
        )
      }
    },

    async charge(payer, lamports) {
      const plan = getManagedTipPlan(plans, payer)
      const nowMs = now()
      const reservation = await ledger.reserve(payer.userId, nowMs, lamports, plan.maxPerDayLamports, () =>
        options.getSpentSince(payer.userId, getQuotaDay(nowMs) * DAY_MS),
      )
      if (!reservation.ok) {
        throw createRetryableError(
          'tip_budget_exceeded',
          getMsUntilQuotaReset(nowMs) / 1000,
          {},
          `Today's managed tips come to ${reservation.spentLamports} lamports; ${lamports} more would pass your plan's cap of ` +
            `${plan.maxPerDayLamports} (${toSolText(plan.maxPerDayLamports)}) a day. Nothing was sent; pay your own tip, or retry after 00:00 UTC.`,
        )
      }
      let released = false
      return async () => {
        if (released) return
        released = true
        await ledger.release(payer.userId, nowMs, lamports)
      }
    },
  }
}
