/**
 * The response schemas of the tip read (docs/api.md#tips): its 200 body is the engine's contract
 * (engine/contract/tips-response.ts).
 */
import { tipFloorSchema } from '../../engine/contract/tips-response.js'
import { CALLER_ERRORS, createErrorResponses, SERVER_ERRORS } from './error-envelope.js'

/** A read with a credential; 422 for a query parameter (it takes none). */
export const tipsResponses = {
  200: tipFloorSchema,
  ...createErrorResponses([...CALLER_ERRORS, 422, ...SERVER_ERRORS]),
}
