/** Response schemas of the caller's program blocks (docs/api.md#program-blocks). */
import { programBlocksSchema } from '../../accounts/contract/index.js'
import { BODY_ERRORS, CALLER_ERRORS, createErrorResponses, SERVER_ERRORS } from './error-envelope.js'

export const getProgramBlocksResponses = { 200: programBlocksSchema, ...createErrorResponses([...CALLER_ERRORS, ...SERVER_ERRORS]) }
/** 422 also when an id does not decode to 32 bytes (the user service checks it). */
export const putProgramBlocksResponses = {
  200: programBlocksSchema,
  ...createErrorResponses([...BODY_ERRORS, ...CALLER_ERRORS, ...SERVER_ERRORS]),
}
export const deleteProgramBlockResponses = { 200: programBlocksSchema, ...createErrorResponses([...CALLER_ERRORS, 404, ...SERVER_ERRORS]) }
