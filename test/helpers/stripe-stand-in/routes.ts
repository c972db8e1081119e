/**
 * The Stripe endpoints billing uses, answered from the stand-in's store: customers, Checkout and
 * billing-portal sessions, meter events and subscription reads. Each handler validates what the
 * real API validates for the params billing sends and throws a StandInApiError otherwise.
 */
import { toInvalidParamError, toMissingParamError, toResourceMissingError, toUnknownUrlError } from './api-errors.js'
import type { FormObject, FormValue } from './form-body.js'
import { createId, nowSeconds, toMetadata, type StandInCustomer, type StandInMeterEvent, type StandInStore } from './objects.js'

/** Stripe accepts meter events up to 35 days old and at most 5 minutes ahead. */
const METER_EVENT_MAX_AGE_S = 35 * 24 * 3600
const METER_EVENT_MAX_AHEAD_S = 5 * 60

function readString(body: FormObject, key: string): string | undefined {
  const value = body[key]
  return typeof value === 'string' ? value : undefined
}

function requireString(body: FormObject, key: string): string {
  const value = readString(body, key)
  if (value === undefined || value === '') throw toMissingParamError(key)
  return value
}

function requireCustomer(store: StandInStore, id: string, param: string, status: 400 | 404): StandInCustomer {
  const customer = store.customers.get(id)
  if (!customer) throw toResourceMissingError('customer', id, param, status)
  return customer
}

function createCustomer(store: StandInStore, body: FormObject): StandInCustomer {
  const customer: StandInCustomer = {
    id: createId('cus_'),
    object: 'customer',
    created: nowSeconds(),
    email: readString(body, 'email') ?? null,
    name: readString(body, 'name') ?? null,
    description: readString(body, 'description') ?? null,
    metadata: toMetadata(body.metadata),
    livemode: false,
    delinquent: false,
    balance: 0,
    currency: null,
  }
  store.customers.set(customer.id, customer)
  return customer
}

function createCheckoutSession(store: StandInStore, body: FormObject): unknown {
  const mode = requireString(body, 'mode')
  if (!['payment', 'setup', 'subscription'].includes(mode))
    throw toInvalidParamError('mode', `Invalid mode: must be one of payment, setup, or subscription`)
  const successUrl = requireString(body, 'success_url')
  const lineItems = body.line_items
  const firstItem: FormValue | undefined = Array.isArray(lineItems) ? lineItems[0] : undefined
  const price = firstItem && typeof firstItem === 'object' && !Array.isArray(firstItem) ? firstItem.price : undefined
  if (typeof price !== 'string' || price === '') throw toMissingParamError('line_items[0][price]')
  const quantityText = firstItem && !Array.isArray(firstItem) && typeof firstItem === 'object' ? firstItem.quantity : undefined
  const quantity = quantityText === undefined ? 1 : Number(quantityText)
  if (!Number.isInteger(quantity) || quantity < 1)
    throw toInvalidParamError('line_items[0][quantity]', 'Invalid positive integer', 'parameter_invalid_integer')
  const customerId = readString(body, 'customer')
  if (customerId !== undefined) requireCustomer(store, customerId, 'customer', 400)
  const subscriptionData = body.subscription_data
  const subscriptionMetadata =
    subscriptionData && typeof subscriptionData === 'object' && !Array.isArray(subscriptionData) ? subscriptionData.metadata : undefined
  const id = createId('cs_test_')
  const created = nowSeconds()
  const session = {
    id,
    object: 'checkout.session' as const,
    url: `https://checkout.stripe.com/c/pay/${id}`,
    mode,
    status: 'open' as const,
    payment_status: 'unpaid' as const,
    customer: customerId ?? null,
    client_reference_id: readString(body, 'client_reference_id') ?? null,
    metadata: toMetadata(body.metadata),
    success_url: successUrl,
    cancel_url: readString(body, 'cancel_url') ?? null,
    subscription: null,
    created,
    expires_at: created + 24 * 3600,
    livemode: false as const,
  }
  store.checkoutSessions.set(id, session)
  store.checkoutRequests.set(id, { price, quantity, subscriptionMetadata: toMetadata(subscriptionMetadata) })
  return session
}

function createPortalSession(store: StandInStore, body: FormObject): unknown {
  const customer = requireCustomer(store, requireString(body, 'customer'), 'customer', 400)
  const id = createId('bps_')
  const session = {
    id,
    object: 'billing_portal.session' as const,
    url: `https://billing.stripe.com/p/session/test_${createId('')}`,
    customer: customer.id,
    return_url: readString(body, 'return_url') ?? null,
    created: nowSeconds(),
    livemode: false as const,
  }
  store.portalSessions.set(id, session)
  return session
}

/**
 * Real Stripe enforces `identifier` uniqueness over a rolling period of at least 24 hours: a repeat
 * is answered like the first but not counted. The customer is not checked here, as Stripe checks it
 * asynchronously (a meter error report, not an HTTP error).
 */
function createMeterEvent(store: StandInStore, body: FormObject): StandInMeterEvent {
  const request = { identifier: readString(body, 'identifier') ?? null, body, counted: false }
  store.meterEventRequests.push(request)
  const eventName = requireString(body, 'event_name')
  const payloadValue = body.payload
  if (!payloadValue || typeof payloadValue !== 'object' || Array.isArray(payloadValue)) throw toMissingParamError('payload')
  const payload = toMetadata(payloadValue)
  if (!payload.stripe_customer_id) throw toMissingParamError('payload[stripe_customer_id]')
  if (payload.value === undefined) throw toMissingParamError('payload[value]')
  if (!/^\d+$/.test(payload.value))
    throw toInvalidParamError('payload[value]', `Invalid value: '${payload.value}' must be a non-negative integer.`)
  const now = nowSeconds()
  const timestampText = readString(body, 'timestamp')
  const timestamp = timestampText === undefined ? now : Number(timestampText)
  if (!Number.isInteger(timestamp)) throw toInvalidParamError('timestamp', 'Invalid integer: ' + timestampText, 'parameter_invalid_integer')
  if (timestamp < now - METER_EVENT_MAX_AGE_S || timestamp > now + METER_EVENT_MAX_AHEAD_S) {
    throw toInvalidParamError(
      'timestamp',
      'Timestamp must be within the past 35 calendar days and no more than 5 minutes in the future.',
      'parameter_invalid_integer',
    )
  }
  const identifier = request.identifier ?? createId('mev_')
  const event: StandInMeterEvent = {
    object: 'billing.meter_event',
    created: now,
    event_name: eventName,
    identifier,
    livemode: false,
    payload,
    timestamp,
  }
  if (!store.meterEvents.some((accepted) => accepted.identifier === identifier)) {
    store.meterEvents.push(event)
    request.counted = true
  }
  return event
}

/** Answers one authenticated request; throws StandInApiError for Stripe-shaped failures. */
export function answerApiRequest(store: StandInStore, method: string, path: string, body: FormObject): unknown {
  if (method === 'POST' && path === '/v1/customers') return createCustomer(store, body)
  if (method === 'POST' && path === '/v1/checkout/sessions') return createCheckoutSession(store, body)
  if (method === 'POST' && path === '/v1/billing_portal/sessions') return createPortalSession(store, body)
  if (method === 'POST' && path === '/v1/billing/meter_events') return createMeterEvent(store, body)
  const customerMatch = /^\/v1\/customers\/([^/]+)$/.exec(path)
  if (method === 'GET' && customerMatch) return requireCustomer(store, decodeURIComponent(customerMatch[1] as string), 'id', 404)
  const subscriptionMatch = /^\/v1\/subscriptions\/([^/]+)$/.exec(path)
  if (method === 'GET' && subscriptionMatch) {
    const id = decodeURIComponent(subscriptionMatch[1] as string)
    const subscription = store.subscriptions.get(id)
    if (!subscription) throw toResourceMissingError('subscription', id, 'id', 404)
    return subscription
  }
  throw toUnknownUrlError(method, path)
}
