/**
 * Billing's settings from the accounts configuration: none without STRIPE_SECRET_KEY (billing routes
 * answer 503 billing_unavailable); with it, the webhook secret and the metered price are required,
 * so a half-configured deployment stops at boot naming the variable instead of failing at a checkout.
 */
import { ConfigError } from '../../lib/config.js'
import type { UserServiceConfig } from '../config.js'
import type { BillingSettings } from './billing-service.js'
import { createStripeClient } from './stripe-client.js'

export type BillingConfig = Pick<
  UserServiceConfig,
  | 'stripeSecretKey'
  | 'stripeWebhookSecret'
  | 'stripePriceId'
  | 'stripeApiUrl'
  | 'billingSuccessUrl'
  | 'billingCancelUrl'
  | 'billingPortalReturnUrl'
  | 'billingSolEur'
>

/** The settings `config` describes, or undefined when billing is off. */
export function toBillingSettings(config: Partial<BillingConfig>): BillingSettings | undefined {
  if (!config.stripeSecretKey) return undefined
  if (!config.stripeWebhookSecret)
    throw new ConfigError('STRIPE_WEBHOOK_SECRET', 'the Stripe webhook signing secret when STRIPE_SECRET_KEY is set', '')
  if (!config.stripePriceId)
    throw new ConfigError('STRIPE_PRICE_ID', 'the metered Stripe price (price_…) when STRIPE_SECRET_KEY is set', '')
  return {
    stripe: createStripeClient({ secretKey: config.stripeSecretKey, apiUrl: config.stripeApiUrl }),
    webhookSecret: config.stripeWebhookSecret,
    priceId: config.stripePriceId,
    successUrl: config.billingSuccessUrl,
    cancelUrl: config.billingCancelUrl,
    portalReturnUrl: config.billingPortalReturnUrl,
    solEur: config.billingSolEur ?? 150,
  }
}
