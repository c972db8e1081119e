/**
 * Routes whose behaviour belongs to later issues: execute, send, submit and billing
 * (docs/api.md#not-available-yet).
 * Each authenticates and validates like the real route will, then answers `501 not_implemented`,
 * never a fake success, so clients can be written against the contract now.
 */
import type { FastifyInstance } from 'fastify'
import { createServiceError } from '../../lib/errors.js'
import type { EdgeContext } from '../edge-context.js'
import {
  billingNotImplementedResponses,
  checkoutBodySchema,
  checkoutNotImplementedResponses,
  portalNotImplementedResponses,
} from '../schemas/billing.js'
import { executeBodySchema, sendBodySchema, submitBodySchema, transactionNotImplementedResponses } from '../schemas/transactions.js'

const EXECUTE_ISSUE = 'the execute and send issue'
const SUBMIT_ISSUE = 'the relay submit issue'
const BILLING_ISSUE = 'the billing issue'

/** A handler that refuses with 501, naming what is missing and when it comes. */
function createNotImplementedHandler(what: string, issue: string) {
  return async (): Promise<never> => {
    throw createServiceError('not_implemented', `${what} arrives with ${issue}`)
  }
}

/** Registers execute, send, submit and the billing routes, each answering 501 for now. */
export function registerNotImplementedRoutes(app: FastifyInstance, { auth }: EdgeContext): void {
  const transactionRoute = (path: string, body: object, summary: string, what: string, issue: string) =>
    app.post(
      path,
      {
        onRequest: auth.either,
        config: { auth: 'either' },
        schema: { summary, description: `Answers 501 not_implemented until ${issue}.`, body, response: transactionNotImplementedResponses },
      },
      createNotImplementedHandler(what, issue),
    )
  transactionRoute('/api/v1/solana/tx/execute', executeBodySchema, 'Simulate, apply a policy, submit', 'execute', EXECUTE_ISSUE)
  transactionRoute('/api/v1/solana/tx/send', sendBodySchema, 'Send with multi-endpoint retries', 'send', EXECUTE_ISSUE)
  transactionRoute('/api/v1/solana/tx/submit', submitBodySchema, 'Submit through the relay with a strategy', 'submit', SUBMIT_ISSUE)

  const billingDescription = `Answers 501 not_implemented until ${BILLING_ISSUE}.`
  const bearer = { onRequest: auth.bearer, config: { auth: 'bearer' } } as const
  app.get(
    '/api/v1/billing/usage',
    { ...bearer, schema: { summary: 'Usage in the current billing period', description: billingDescription, response: billingNotImplementedResponses } },
    createNotImplementedHandler('billing usage', BILLING_ISSUE),
  )
  app.get(
    '/api/v1/billing/subscription',
    { ...bearer, schema: { summary: "The caller's subscription", description: billingDescription, response: billingNotImplementedResponses } },
    createNotImplementedHandler('the subscription', BILLING_ISSUE),
  )
  app.post(
    '/api/v1/billing/checkout',
    {
      ...bearer,
      // The body is optional: none at all is read as `{}`; anything sent must still be the object.
      preValidation: (request, _reply, done) => {
        if (request.body === undefined) request.body = {}
        done()
      },
      schema: { summary: 'A checkout session to add a card', description: billingDescription, body: checkoutBodySchema, response: checkoutNotImplementedResponses },
    },
    createNotImplementedHandler('checkout', BILLING_ISSUE),
  )
  app.post(
    '/api/v1/billing/portal',
    { ...bearer, schema: { summary: 'A customer-portal session', description: billingDescription, response: portalNotImplementedResponses } },
    createNotImplementedHandler('the customer portal', BILLING_ISSUE),
  )
}
