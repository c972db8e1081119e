/**
 * The simulate route's responses: SimulateResponse as the engine's contract defines it
 * (engine/contract/simulate-response.ts, docs/api.md#simulate-response), and the Error envelope.
 */
import { simulateResponseSchema } from '../../engine/contract/simulate-response.js'
import { BODY_ERRORS, CALLER_ERRORS, createErrorResponses, SERVER_ERRORS } from './error-envelope.js'

/** 422 for invalid fields or undecodable bytes, 429 with Retry-After, 504 when accounts cannot be loaded in time. */
export const simulateResponses = {
  200: simulateResponseSchema,
  ...createErrorResponses([...BODY_ERRORS, ...CALLER_ERRORS, ...SERVER_ERRORS, 504]),
}
