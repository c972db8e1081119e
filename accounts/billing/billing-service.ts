/**
 * Billing (the BillingService of contract/user-service.ts): Stripe Checkout and the customer portal, the
 * subscription state Stripe's webhooks keep, the period's usage priced at schedule 1, and the
 * once-a-day `quota.exceeded` webhook. Usage goes to Stripe from the meter outbox
 * (meter-reporter.ts), not from here.
 */
import type Stripe from 'stripe'
import { createServiceError } from '../../lib/errors.js'
import type { Database } from '../db/database.js'
import { isUuid } from '../db/uuid.js'
import type { AuthInvalidation, BillingService, BillingUsage } from '../contract/index.js'
import { createWebhookDeliveryStore } from '../webhooks/webhook-delivery-store.js'
import { ensureCustomer, getCustomerId } from './billing-customers.js'
import {
  BILLABLE_SUBMIT_MICRO_EUR,
  FREE_DAILY_SIMULATIONS,
  SIMULATION_MICRO_EUR,
  toAmountMicroEur,
  toEur,
  toTipMicroEur,
} from './billing-prices.js'
import { getCalendarMonth } from './billing-period.js'
import { getHourlyUsage } from './hourly-usage.js'
import { toBillingError } from './stripe-client.js'
import { applyStripeEvent, verifyStripeEvent } from './stripe-webhook.js'
import { assertStripeWebhookInput } from './stripe-webhook-input.js'
import { getAccountSubscription, getSubscriptionPeriod } from './subscription-store.js'
import { toSubscriptionView } from './subscription-view.js'
import { getMsUntilQuotaReset } from '../../lib/limits/limit-plans.js'
import { toCheckoutUrls } from './checkout-urls.js'

/** What billing runs on once STRIPE_SECRET_KEY is set. */
export interface BillingSettings {
  stripe: Stripe
  webhookSecret: string
  /** The metered price a checkout subscribes to (STRIPE_PRICE_ID). */
  priceId: string
  /** Where Checkout returns to when the request names no URL (BILLING_SUCCESS_URL, BILLING_CANCEL_URL). */
  successUrl?: string
  cancelUrl?: string
  /** Where the portal's "return" link goes (BILLING_PORTAL_RETURN_URL); unset: the portal's configured default. */
  portalReturnUrl?: string
  /** EUR a SOL, for tips at cost (BILLING_SOL_EUR). */
  solEur: number
}

export interface BillingServiceOptions {
  db: Database
  now: () => number
  /** Absent: every Stripe-backed method is billing_unavailable. */
  settings?: BillingSettings
  onInvalidate?: (event: AuthInvalidation) => void
}

/** The billing part of the user service. */
export function createBillingService({ db, now, settings, onInvalidate }: BillingServiceOptions): BillingService {
  function requireSettings(): BillingSettings {
    if (!settings) throw createServiceError('billing_unavailable', 'Billing is not configured on this service (no STRIPE_SECRET_KEY).')
    return settings
  }

  async function getLiveUser(userId: string): Promise<{ id: string; email: string; card_on_file: boolean }> {
    const [row] = isUuid(userId)
      ? await db.query<{ id: string; email: string; card_on_file: boolean }>(
          'SELECT id, email, card_on_file FROM users WHERE id = $1 AND deleted_at IS NULL',
          [userId],
        )
      : []
    if (!row) throw createServiceError('unauthorized')
    return row
  }

  /** Runs a Stripe call, turning its failures into the catalogue's. */
  async function callStripe<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call()
    } catch (error) {
      throw toBillingError(error)
    }
  }

  return {
    async isBillingEnabled() {
      return settings !== undefined
    },

    async createCheckoutSession(userId, request) {
      const { stripe, priceId } = requireSettings()
      const urls = toCheckoutUrls(request, requireSettings())
      const user = await getLiveUser(userId)
      const subscription = await getAccountSubscription(db, user.id)
      if (subscription && (subscription.status === 'active' || subscription.status === 'past_due')) {
        // A second subscription on the same meter would bill the same usage twice.
        throw createServiceError('already_subscribed')
      }
      const customerId = await callStripe(() => ensureCustomer(db, stripe, user, now()))
      const session = await callStripe(() =>
        stripe.checkout.sessions.create({
          mode: 'subscription',
          customer: customerId,
          line_items: [{ price: priceId }],
          success_url: urls.successUrl,
          cancel_url: urls.cancelUrl,
          client_reference_id: user.id,
          metadata: { user_id: user.id },
          subscription_data: { metadata: { user_id: user.id } },
        }),
      )
      if (!session.url)
        throw createServiceError('payment_provider_error', 'The payment provider answered a checkout session without a URL.')
      return { checkout_url: session.url, session_id: session.id }
    },

    async createPortalSession(userId) {
      const { stripe, portalReturnUrl } = requireSettings()
      const user = await getLiveUser(userId)
      const customerId = await getCustomerId(db, user.id)
      if (!customerId) throw createServiceError('no_billing_customer')
      const session = await callStripe(() =>
        stripe.billingPortal.sessions.create({ customer: customerId, ...(portalReturnUrl ? { return_url: portalReturnUrl } : {}) }),
      )
      return { portal_url: session.url }
    },

    async getSubscription(userId) {
      requireSettings()
      const user = await getLiveUser(userId)
      return toSubscriptionView(await getAccountSubscription(db, user.id), user.card_on_file)
    },

    async getBillingUsage(userId): Promise<BillingUsage> {
      const { solEur } = requireSettings()
      const user = await getLiveUser(userId)
      const nowMs = now()
      const subscription = await getAccountSubscription(db, user.id)
      const subscribed = getSubscriptionPeriod(subscription)
      // The subscription's period while it runs and covers now; otherwise the calendar month schedule 1 bills by.
      const period = subscribed && subscribed.startMs <= nowMs && nowMs < subscribed.endMs ? subscribed : getCalendarMonth(nowMs)
      const hours = await getHourlyUsage(db, [user.id], period.startMs, Math.min(nowMs + 1, period.endMs))
      const sum = (pick: (hour: (typeof hours)[number]) => number) => hours.reduce((total, hour) => total + pick(hour), 0)
      const simulations = sum((hour) => hour.simulations)
      const billableSimulations = sum((hour) => hour.billableSimulations)
      const billableSubmits = sum((hour) => hour.billableSubmits)
      const tipLamports = hours.reduce((total, hour) => total + hour.tipLamports, 0n)
      const tipMicroEur = toTipMicroEur(tipLamports, solEur)
      return {
        period_start: new Date(period.startMs).toISOString(),
        period_end: new Date(period.endMs).toISOString(),
        currency: 'EUR',
        simulations: { total: simulations, free: simulations - billableSimulations, billable: billableSimulations },
        executes: sum((hour) => hour.executes),
        sends: sum((hour) => hour.sends),
        submits: { total: sum((hour) => hour.submits), billable: billableSubmits },
        tips: { lamports: tipLamports.toString(), eur: toEur(tipMicroEur), unsettled: sum((hour) => hour.unsettledTips) },
        amount_due_eur: toEur(toAmountMicroEur({ billableSimulations, billableSubmits, tipMicroEur })),
        prices: {
          simulation_eur: toEur(SIMULATION_MICRO_EUR),
          billable_submit_eur: toEur(BILLABLE_SUBMIT_MICRO_EUR),
          free_simulations_per_day: FREE_DAILY_SIMULATIONS,
          sol_eur: solEur,
        },
      }
    },

    async handleStripeWebhook(payload, signatureHeader) {
      // Before the settings, so both transports refuse a malformed delivery alike (the gRPC client checks it before calling).
      assertStripeWebhookInput(payload, signatureHeader)
      const { stripe, webhookSecret } = requireSettings()
      const event = verifyStripeEvent(stripe, Buffer.from(payload), signatureHeader, webhookSecret)
      const outcome = await applyStripeEvent(db, event, now())
      // Committed: every edge drops the user's cached principal and meets the new rate limit at its next call.
      if (outcome.cardChangedForUserId) onInvalidate?.({ kind: 'user', userId: outcome.cardChangedForUserId })
      return { event_id: outcome.eventId, duplicate: outcome.duplicate }
    },

    async recordQuotaExceeded(userId) {
      if (!isUuid(userId)) return
      const nowMs = now()
      const day = new Date(nowMs).toISOString().slice(0, 10)
      await db.transaction(async (client) => {
        const first = await client.query(
          'INSERT INTO billing_quota_notices (user_id, day) SELECT id, $2::date FROM users WHERE id = $1 ON CONFLICT DO NOTHING RETURNING day',
          [userId, day],
        )
        if (first.length === 0) return
        await createWebhookDeliveryStore({ db: client, now: () => nowMs }).enqueueForUser(userId, 'quota.exceeded', {
          day,
          free_simulations_per_day: FREE_DAILY_SIMULATIONS,
          resets_at: new Date(nowMs + getMsUntilQuotaReset(nowMs)).toISOString(),
        })
      })
    },
  }
}
