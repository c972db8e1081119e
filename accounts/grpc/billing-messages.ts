/**
 * Conversions between the billing part of the UserService interface and its gRPC messages
 * (proto/accounts.proto), used by the server and the client alike so the two agree. Null is an
 * unset field; the tips' lamports stay decimal text (a sum of u64 tips does not fit a double).
 */
import { createServiceError } from '../../lib/errors.js'
import { SUBSCRIPTION_STATUSES } from '../contract/billing.js'
import type { BillingService, BillingSubscription, BillingUsage, SubscriptionStatus } from '../contract/index.js'
import type {
  BillingSubscription as BillingSubscriptionMessage,
  BillingSubscription__Output as BillingSubscriptionOutput,
} from '../../proto/gen/preflight/accounts/v1/BillingSubscription.js'
import type {
  BillingUsage as BillingUsageMessage,
  BillingUsage__Output as BillingUsageOutput,
} from '../../proto/gen/preflight/accounts/v1/BillingUsage.js'
import type {
  CreateCheckoutSessionRequest as CreateCheckoutSessionRequestMessage,
  CreateCheckoutSessionRequest__Output as CreateCheckoutSessionRequestOutput,
} from '../../proto/gen/preflight/accounts/v1/CreateCheckoutSessionRequest.js'
import { fromOptionalField, toOptionalField } from '../../lib/grpc/optional-field.js'

/** What `BillingService.createCheckoutSession` takes besides the user id. */
export type CheckoutSessionRequest = Parameters<BillingService['createCheckoutSession']>[1]

/** A broken answer: what the service sent is not what the interface allows, never a guess. */
function brokenAnswer(what: string): never {
  throw createServiceError('internal_error', `the accounts service sent ${what}`)
}

/** A nested message the answer must carry. */
function required<T>(value: T | null | undefined, field: string): T {
  if (value === null || value === undefined) return brokenAnswer(`no ${field}`)
  return value
}

export function toCreateCheckoutSessionRequestMessage(
  userId: string,
  request: CheckoutSessionRequest,
): CreateCheckoutSessionRequestMessage {
  return { user_id: userId, success_url: request.successUrl ?? undefined, cancel_url: request.cancelUrl ?? undefined }
}

export function fromCreateCheckoutSessionRequestMessage(message: CreateCheckoutSessionRequestOutput): CheckoutSessionRequest {
  const successUrl = fromOptionalField(message.success_url)
  const cancelUrl = fromOptionalField(message.cancel_url)
  return { ...(successUrl === null ? {} : { successUrl }), ...(cancelUrl === null ? {} : { cancelUrl }) }
}

export function toBillingSubscriptionMessage(subscription: BillingSubscription): BillingSubscriptionMessage {
  return {
    status: subscription.status,
    subscription_id: toOptionalField(subscription.subscription_id),
    plan: subscription.plan === null ? null : { model: subscription.plan.model, price_id: toOptionalField(subscription.plan.price_id) },
    current_period_start: toOptionalField(subscription.current_period_start),
    current_period_end: toOptionalField(subscription.current_period_end),
    cancel_at_period_end: subscription.cancel_at_period_end,
    card_on_file: subscription.card_on_file,
  }
}

function fromSubscriptionStatusMessage(status: string): SubscriptionStatus {
  const known = SUBSCRIPTION_STATUSES.find((candidate) => candidate === status)
  return known ?? brokenAnswer(`subscription status ${JSON.stringify(status)}`)
}

export function fromBillingSubscriptionMessage(message: BillingSubscriptionOutput): BillingSubscription {
  const plan = message.plan
  if (plan !== null && plan.model !== 'pay_as_you_go') brokenAnswer(`plan model ${JSON.stringify(plan.model)}`)
  return {
    status: fromSubscriptionStatusMessage(message.status),
    subscription_id: fromOptionalField(message.subscription_id),
    plan: plan === null ? null : { model: 'pay_as_you_go', price_id: fromOptionalField(plan.price_id) },
    current_period_start: fromOptionalField(message.current_period_start),
    current_period_end: fromOptionalField(message.current_period_end),
    cancel_at_period_end: message.cancel_at_period_end,
    card_on_file: message.card_on_file,
  }
}

export function toBillingUsageMessage(usage: BillingUsage): BillingUsageMessage {
  return {
    period_start: usage.period_start,
    period_end: usage.period_end,
    currency: usage.currency,
    simulations: { ...usage.simulations },
    executes: usage.executes,
    sends: usage.sends,
    submits: { ...usage.submits },
    tips: { ...usage.tips },
    amount_due_eur: usage.amount_due_eur,
    prices: { ...usage.prices },
  }
}

export function fromBillingUsageMessage(message: BillingUsageOutput): BillingUsage {
  if (message.currency !== 'EUR') brokenAnswer(`currency ${JSON.stringify(message.currency)}`)
  const simulations = required(message.simulations, 'simulations')
  const submits = required(message.submits, 'submits')
  const tips = required(message.tips, 'tips')
  const prices = required(message.prices, 'prices')
  if (!/^[0-9]+$/.test(tips.lamports)) brokenAnswer(`a tip sum of ${JSON.stringify(tips.lamports)}`)
  return {
    period_start: message.period_start,
    period_end: message.period_end,
    currency: 'EUR',
    simulations: { total: simulations.total, free: simulations.free, billable: simulations.billable },
    executes: message.executes,
    sends: message.sends,
    submits: { total: submits.total, billable: submits.billable },
    tips: { lamports: tips.lamports, eur: tips.eur, unsettled: tips.unsettled },
    amount_due_eur: message.amount_due_eur,
    prices: {
      simulation_eur: prices.simulation_eur,
      billable_submit_eur: prices.billable_submit_eur,
      free_simulations_per_day: prices.free_simulations_per_day,
      sol_eur: prices.sol_eur,
    },
  }
}
