/**
 * A local stand-in for the Stripe API, for tests that drive the real `stripe` SDK: Stripe is not
 * reachable from the test machines, and billing's behaviour under Stripe's answers (errors,
 * idempotent replays, deduplicated meter events, a response lost after Stripe accepted the event)
 * is what the tests are about. A real node:http server on 127.0.0.1 speaking Stripe's v1 wire
 * format: form-encoded bodies with bracket keys, `Authorization: Bearer sk_…`, `Idempotency-Key`,
 * `{ error: { type, code, message, param } }` errors. Point the SDK at it with
 * `new Stripe(standIn.secretKey, { ...standIn.stripeOptions, maxNetworkRetries: 0 })`.
 *
 * The SDK (v23) retries twice by default (`maxNetworkRetries` 2) on connection errors, 409 and ≥500,
 * reusing the request's Idempotency-Key, and it retries a closed connection (ECONNRESET, EPIPE)
 * once even with `maxNetworkRetries: 0`. It sends an Idempotency-Key (`stripe-node-retry-<uuid>`)
 * on every POST unless the caller passes one.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { randomBytes } from 'node:crypto'
import Stripe from 'stripe'
import { StandInApiError, toAuthenticationError, toIdempotencyError, type StripeErrorFields } from './stripe-stand-in/api-errors.js'
import { fromFormBody, type FormObject } from './stripe-stand-in/form-body.js'
import {
  createId,
  createStore,
  type MeterEventRequest,
  type StandInCheckoutSession,
  type StandInCustomer,
  type StandInEvent,
  type StandInMeterEvent,
  type StandInPortalSession,
  type StandInSubscription,
} from './stripe-stand-in/objects.js'
import { answerApiRequest } from './stripe-stand-in/routes.js'
import * as webhookEvents from './stripe-stand-in/webhook-events.js'

export type * from './stripe-stand-in/objects.js'
export type { EventOptions, SubscriptionChange } from './stripe-stand-in/webhook-events.js'
export { fromFormBody } from './stripe-stand-in/form-body.js'

const METER_EVENTS_PATH = '/v1/billing/meter_events'

export interface StandInRequest {
  method: string
  path: string
  idempotencyKey: string | null
  stripeVersion: string | null
  /** The form body (POST) or query (GET), nested as the caller passed it. */
  body: FormObject
  /** The status answered; null while the response is held. */
  status: number | null
  replayed: boolean
}

export interface ScriptedFailure extends StripeErrorFields {
  status: number
}

interface StoredResponse {
  path: string
  rawBody: string
  status: number
  json: string
}

/** Starts the stand-in on a free port of 127.0.0.1. */
export async function startStripeStandIn(options: { secretKey?: string; webhookSecret?: string } = {}) {
  const secretKey = options.secretKey ?? 'sk_test_standin_' + randomBytes(12).toString('hex')
  const webhookSecret = options.webhookSecret ?? 'whsec_' + randomBytes(16).toString('hex')
  const apiVersion: string = Stripe.API_VERSION
  const store = createStore()
  const requests: StandInRequest[] = []
  const storedResponses = new Map<string, StoredResponse>()
  const scriptedFailures = new Map<string, ScriptedFailure[]>()
  let holding = false
  let held: Array<() => void> = []
  let heldWaiters: Array<{ count: number; resolve: () => void }> = []
  let dropping = false
  let dropped: ServerResponse[] = []

  function send(response: ServerResponse, entry: StandInRequest, status: number, json: string): void {
    entry.status = status
    response.writeHead(status, {
      'content-type': 'application/json',
      'request-id': createId('req_'),
      'stripe-version': entry.stripeVersion ?? apiVersion,
      ...(entry.idempotencyKey ? { 'idempotency-key': entry.idempotencyKey } : {}),
      ...(entry.replayed ? { 'idempotent-replayed': 'true' } : {}),
    })
    response.end(json)
  }

  /** Meter-event answers wait while held: Stripe has counted the event, the caller has not heard. */
  function sendOrHold(response: ServerResponse, entry: StandInRequest, status: number, json: string): void {
    if (!(holding && entry.path === METER_EVENTS_PATH)) return send(response, entry, status, json)
    held.push(() => send(response, entry, status, json))
    heldWaiters = heldWaiters.filter((waiter) => (held.length >= waiter.count ? (waiter.resolve(), false) : true))
  }

  function answer(request: IncomingMessage, response: ServerResponse, rawBody: string): void {
    const url = new URL(request.url ?? '/', 'http://stand-in')
    const method = request.method ?? 'GET'
    const idempotencyKey = method === 'POST' ? (request.headers['idempotency-key']?.toString() ?? null) : null
    const entry: StandInRequest = {
      method,
      path: url.pathname,
      idempotencyKey,
      stripeVersion: request.headers['stripe-version']?.toString() ?? null,
      body: fromFormBody(method === 'GET' ? url.search.slice(1) : rawBody),
      status: null,
      replayed: false,
    }
    requests.push(entry)
    // Lost on the way: Stripe never saw it, so nothing is counted and nothing answers.
    if (dropping && entry.path === METER_EVENTS_PATH) return void dropped.push(response)
    const fail = (error: StandInApiError) => sendOrHold(response, entry, error.status, JSON.stringify(error.toBody()))
    const authorization = request.headers.authorization
    if (authorization !== `Bearer ${secretKey}`) return fail(toAuthenticationError(authorization?.replace(/^Bearer /, '')))
    const stored = idempotencyKey ? storedResponses.get(idempotencyKey) : undefined
    if (stored && idempotencyKey) {
      if (stored.path !== entry.path || stored.rawBody !== rawBody) return fail(toIdempotencyError(idempotencyKey))
      entry.replayed = true
      if (entry.path === METER_EVENTS_PATH) {
        const identifier = typeof entry.body.identifier === 'string' ? entry.body.identifier : null
        store.meterEventRequests.push({ identifier, body: entry.body, counted: false })
      }
      return sendOrHold(response, entry, stored.status, stored.json)
    }
    // A scripted failure is not saved under the Idempotency-Key, so the SDK's retry (same key) goes through.
    const scripted = scriptedFailures.get(entry.path)?.shift()
    if (scripted) {
      const { status, ...fields } = scripted
      return fail(new StandInApiError(status, fields))
    }
    try {
      const json = JSON.stringify(answerApiRequest(store, method, entry.path, entry.body))
      if (idempotencyKey) storedResponses.set(idempotencyKey, { path: entry.path, rawBody, status: 200, json })
      sendOrHold(response, entry, 200, json)
    } catch (error) {
      if (!(error instanceof StandInApiError)) throw error
      // Failed validation is not saved either: Stripe saves a result only once the endpoint ran.
      fail(error)
    }
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => answer(request, response, Buffer.concat(chunks).toString('utf8')))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port

  return {
    secretKey,
    webhookSecret,
    port,
    url: `http://127.0.0.1:${port}`,
    /** Spread into the Stripe constructor's config. */
    stripeOptions: { host: '127.0.0.1', port, protocol: 'http' as const },
    /** The API version events carry: the SDK's pinned default. */
    apiVersion,
    customers: store.customers as ReadonlyMap<string, StandInCustomer>,
    checkoutSessions: store.checkoutSessions as ReadonlyMap<string, StandInCheckoutSession>,
    portalSessions: store.portalSessions as ReadonlyMap<string, StandInPortalSession>,
    subscriptions: store.subscriptions as ReadonlyMap<string, StandInSubscription>,
    /** Accepted meter events, one per identifier. */
    meterEvents: store.meterEvents as readonly StandInMeterEvent[],
    /** Every meter-event POST that passed authentication, repeats, idempotent replays and invalid ones included. */
    meterEventRequests: store.meterEventRequests as readonly MeterEventRequest[],
    requests: requests as readonly StandInRequest[],

    /** Sum of accepted `payload[value]` for a customer (optionally one event name). */
    meterTotal(customerId: string, eventName?: string): number {
      return store.meterEvents
        .filter((event) => event.payload.stripe_customer_id === customerId && (eventName === undefined || event.event_name === eventName))
        .reduce((sum, event) => sum + Number(event.payload.value), 0)
    },

    /** The next request to `path` (e.g. '/v1/billing/meter_events') answers this error; calls queue up. */
    failNext(path: string, failure: Partial<ScriptedFailure> = {}): void {
      const queue = scriptedFailures.get(path) ?? []
      queue.push({ status: 500, type: 'api_error', message: 'An unknown error occurred (stripe stand-in failNext).', ...failure })
      scriptedFailures.set(path, queue)
    },

    /** From now on meter events are counted as usual but their responses wait for releaseMeterEvents(). */
    holdMeterEvents(): void {
      holding = true
    },
    releaseMeterEvents(): void {
      holding = false
      const release = held
      held = []
      for (const respond of release) respond()
    },
    /**
     * From now on meter-event requests are lost before Stripe sees them: listed in `requests`, never
     * counted (not in `meterEventRequests`), never answered, until stopDroppingMeterEvents().
     */
    dropMeterEvents(): void {
      dropping = true
    },
    /** Ends dropMeterEvents(); the requests left unanswered are closed without an answer. */
    stopDroppingMeterEvents(): void {
      dropping = false
      for (const response of dropped) response.destroy()
      dropped = []
    },
    /** Responses currently withheld. */
    get heldRequests(): number {
      return held.length
    },
    /** Resolves once at least `count` responses are withheld. */
    waitForHeldRequest(count = 1): Promise<void> {
      if (held.length >= count) return Promise.resolve()
      return new Promise((resolve) => heldWaiters.push({ count, resolve }))
    },

    completeCheckout: (sessionId: string, opts?: webhookEvents.EventOptions) =>
      webhookEvents.completeCheckout(store, apiVersion, sessionId, opts),
    updateSubscription: (id: string, patch: Partial<StandInSubscription>, opts?: webhookEvents.EventOptions) =>
      webhookEvents.updateSubscription(store, apiVersion, id, patch, opts),
    deleteSubscription: (id: string, opts?: webhookEvents.EventOptions) => webhookEvents.deleteSubscription(store, apiVersion, id, opts),
    pauseSubscription: (id: string, opts?: webhookEvents.EventOptions) => webhookEvents.pauseSubscription(store, apiVersion, id, opts),
    failInvoicePayment: (id: string, opts?: webhookEvents.EventOptions) => webhookEvents.failInvoicePayment(store, apiVersion, id, opts),

    /** The body and `Stripe-Signature` header Stripe would send, signed with the SDK's own test helper. */
    signEvent(event: StandInEvent, opts: { timestamp?: number } = {}): { payload: string; header: string } {
      const payload = JSON.stringify(event, null, 2)
      return { payload, header: Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret, ...opts }) }
    },

    /** Stops listening; withheld responses are dropped with their connections. */
    async close(): Promise<void> {
      held = []
      dropped = []
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      server.closeAllConnections()
      await closed
    },
  }
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>
