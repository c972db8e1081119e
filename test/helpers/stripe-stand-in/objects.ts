/**
 * The Stripe objects the stand-in keeps, in the shapes the API returns for the pinned API version
 * (the SDK's default, `Stripe.API_VERSION`). Only the fields billing reads or that identify an object
 * are present; the rest of Stripe's fields are left out rather than faked.
 */
import { randomBytes } from 'node:crypto'
import type { FormObject } from './form-body.js'

/** Stripe-looking ids: a prefix and 24 random alphanumerics. */
export function createId(prefix: string): string {
  return prefix + randomBytes(18).toString('base64url').replace(/[-_]/g, '').slice(0, 24)
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000)
}

/** The same day-of-month one calendar month on, as Stripe's monthly billing periods run. */
export function addOneMonth(unixSeconds: number): number {
  const date = new Date(unixSeconds * 1000)
  date.setUTCMonth(date.getUTCMonth() + 1)
  return Math.floor(date.getTime() / 1000)
}

export type Metadata = Record<string, string>

export interface StandInCustomer {
  id: string
  object: 'customer'
  created: number
  email: string | null
  name: string | null
  description: string | null
  metadata: Metadata
  livemode: false
  delinquent: boolean
  balance: number
  currency: string | null
}

export interface StandInCheckoutSession {
  id: string
  object: 'checkout.session'
  url: string | null
  mode: string
  status: 'open' | 'complete' | 'expired'
  payment_status: 'unpaid' | 'paid'
  customer: string | null
  client_reference_id: string | null
  metadata: Metadata
  success_url: string
  cancel_url: string | null
  subscription: string | null
  created: number
  expires_at: number
  livemode: false
}

/** What a checkout session was asked for; Stripe returns line items only when expanded, so they live here. */
export interface CheckoutSessionRequest {
  price: string
  quantity: number
  subscriptionMetadata: Metadata
}

export interface StandInPortalSession {
  id: string
  object: 'billing_portal.session'
  url: string
  customer: string
  return_url: string | null
  created: number
  livemode: false
}

export interface StandInSubscriptionItem {
  id: string
  object: 'subscription_item'
  price: { id: string; object: 'price' }
  quantity: number
  subscription: string
  created: number
  current_period_start: number
  current_period_end: number
  metadata: Metadata
}

export interface StandInSubscription {
  id: string
  object: 'subscription'
  status: 'active' | 'past_due' | 'canceled' | 'paused' | 'unpaid' | 'incomplete' | 'trialing'
  customer: string
  items: { object: 'list'; data: StandInSubscriptionItem[]; has_more: false; url: string }
  metadata: Metadata
  created: number
  start_date: number
  billing_cycle_anchor: number
  /** Also on the item: newer API versions (and v23's types) keep the period only on subscription items. */
  current_period_start: number
  current_period_end: number
  cancel_at_period_end: boolean
  canceled_at: number | null
  ended_at: number | null
  latest_invoice: string | null
  livemode: false
  [field: string]: unknown
}

export interface StandInMeterEvent {
  object: 'billing.meter_event'
  created: number
  event_name: string
  identifier: string
  livemode: false
  payload: Record<string, string>
  timestamp: number
}

/** One POST to /v1/billing/meter_events, counted or not. */
export interface MeterEventRequest {
  identifier: string | null
  body: FormObject
  /** False for a repeated identifier (or a request that failed): Stripe answered but did not count it. */
  counted: boolean
}

export interface StandInEvent {
  id: string
  object: 'event'
  type: string
  api_version: string
  created: number
  data: { object: unknown; previous_attributes?: Record<string, unknown> }
  livemode: false
  pending_webhooks: number
  request: { id: string | null; idempotency_key: string | null }
}

/** Everything the stand-in remembers; the routes and the webhook helpers share it. */
export interface StandInStore {
  customers: Map<string, StandInCustomer>
  checkoutSessions: Map<string, StandInCheckoutSession>
  checkoutRequests: Map<string, CheckoutSessionRequest>
  portalSessions: Map<string, StandInPortalSession>
  subscriptions: Map<string, StandInSubscription>
  meterEvents: StandInMeterEvent[]
  meterEventRequests: MeterEventRequest[]
}

export function createStore(): StandInStore {
  return {
    customers: new Map(),
    checkoutSessions: new Map(),
    checkoutRequests: new Map(),
    portalSessions: new Map(),
    subscriptions: new Map(),
    meterEvents: [],
    meterEventRequests: [],
  }
}

/** `metadata[...]` as Stripe keeps it: string values only. */
export function toMetadata(value: unknown): Metadata {
  if (value === undefined || value === null || typeof value !== 'object' || Array.isArray(value)) return {}
  const metadata: Metadata = {}
  for (const [key, entry] of Object.entries(value)) if (typeof entry === 'string') metadata[key] = entry
  return metadata
}
