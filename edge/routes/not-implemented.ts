/**
 * Routes this release does not provide yet (docs/api.md#not-available-yet): billing.
 * Each authenticates and validates like the finished route will, then answers `501 not_implemented`,
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

/** What a client reads, in the document and in the answer: no internal planning, just the release. */
const DESCRIPTION = 'Not available in this release: answers 501 not_implemented once the credential and the body pass.'

/** A handler that refuses with 501, naming what is missing. */
function createNotImplementedHandler(what: string) {
  return async (): Promise<never> => {
    throw createServiceError('not_implemented', `${what} is not available in this release.`)
  }
}

/** Registers the billing routes, each answering 501 for now. */
export function registerNotImplementedRoutes(app: FastifyInstance, { auth }: EdgeContext): void {
  const bearer = { onRequest: auth.bearer, config: { auth: 'bearer' } } as const
  app.get(
    '/api/v1/billing/usage',
    {
      ...bearer,
      schema: { summary: 'Usage in the current billing period', description: DESCRIPTION, response: billingNotImplementedResponses },
    },
    createNotImplementedHandler('Billing usage'),
  )
  app.get(
    '/api/v1/billing/subscription',
    { ...bearer, schema: { summary: "The caller's subscription", description: DESCRIPTION, response: billingNotImplementedResponses } },
    createNotImplementedHandler('The subscription'),
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
      schema: {
        summary: 'A checkout session to add a card',
        description: DESCRIPTION,
        body: checkoutBodySchema,
        response: checkoutNotImplementedResponses,
      },
    },
    createNotImplementedHandler('Checkout'),
  )
  app.post(
    '/api/v1/billing/portal',
    { ...bearer, schema: { summary: 'A customer-portal session', description: DESCRIPTION, response: portalNotImplementedResponses } },
    createNotImplementedHandler('The customer portal'),
  )
}
