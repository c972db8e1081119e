/** Request schemas of the billing routes and their responses until billing is built (501; docs/api.md#not-available-yet). */
import { BODY_ERRORS, CALLER_ERRORS, createErrorResponses, SERVER_ERRORS } from './error-envelope.js'

/** An optional body: where the payment page sends the user back. */
export const checkoutBodySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    success_url: { type: 'string', format: 'uri', maxLength: 2048 },
    cancel_url: { type: 'string', format: 'uri', maxLength: 2048 },
  },
} as const

/** usage and subscription: 501 once the bearer token passes. */
export const billingNotImplementedResponses = createErrorResponses([...CALLER_ERRORS, ...SERVER_ERRORS, 501])
/** portal takes no body, but one sent is still parsed: not JSON (400), too large (413), not application/json (415). */
export const portalNotImplementedResponses = createErrorResponses([400, 413, 415, ...CALLER_ERRORS, ...SERVER_ERRORS, 501])
/** checkout: its optional body is validated first. */
export const checkoutNotImplementedResponses = createErrorResponses([...BODY_ERRORS, ...CALLER_ERRORS, ...SERVER_ERRORS, 501])
