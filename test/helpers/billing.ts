/**
 * Billing for a test: a Stripe stand-in (test/helpers/stripe-stand-in.ts) started for the test and
 * the BillingSettings pointing the real SDK at it, as STRIPE_API_URL does for a process.
 */
import type { Test } from 'tap'
import type { BillingSettings } from '../../accounts/billing/billing-service.js'
import { createStripeClient } from '../../accounts/billing/stripe-client.js'
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in.js'

export const TEST_PRICE_ID = 'price_test_metered'

/** A stand-in closed at teardown, and settings for it (no SDK retries: failures the test scripts happen once). */
export async function startTestBilling(
  t: Test,
  overrides: Partial<BillingSettings> = {},
): Promise<{ standIn: StripeStandIn; settings: BillingSettings }> {
  const standIn = await startStripeStandIn()
  t.teardown(() => standIn.close())
  const settings: BillingSettings = {
    stripe: createStripeClient({ secretKey: standIn.secretKey, apiUrl: standIn.url, maxNetworkRetries: 0 }),
    webhookSecret: standIn.webhookSecret,
    priceId: TEST_PRICE_ID,
    successUrl: 'https://app.example.com/billing/done',
    cancelUrl: 'https://app.example.com/billing',
    solEur: 150,
    ...overrides,
  }
  return { standIn, settings }
}

/** The Stripe-Signature header and body of `event`, signed for the stand-in's webhook secret. */
export function toSignedWebhook(standIn: StripeStandIn, event: object): { payload: Buffer; header: string } {
  const signed = standIn.signEvent(event as Parameters<StripeStandIn['signEvent']>[0])
  return { payload: Buffer.from(signed.payload), header: signed.header }
}
