/** Response schemas of the account routes (docs/api.md#accounts-and-tokens). */
import { authResponseSchema, userSchema } from '../../accounts/contract/index.js'
import { BODY_ERRORS, CALLER_ERRORS, createErrorResponses, SERVER_ERRORS } from './error-envelope.js'

const deletedAccountSchema = {
  type: 'object',
  required: ['message'],
  additionalProperties: false,
  properties: { message: { type: 'string' } },
} as const

/** 429: the client address's or the account's bucket is empty (edge/limits/auth-limits.ts). */
export const registerResponses = { 200: authResponseSchema, ...createErrorResponses([...BODY_ERRORS, 409, 429, ...SERVER_ERRORS]) }
export const loginResponses = { 200: authResponseSchema, ...createErrorResponses([...BODY_ERRORS, 401, 429, ...SERVER_ERRORS]) }
export const refreshResponses = loginResponses
export const meResponses = { 200: userSchema, ...createErrorResponses([...CALLER_ERRORS, ...SERVER_ERRORS]) }
export const deleteAccountResponses = { 200: deletedAccountSchema, ...createErrorResponses([...CALLER_ERRORS, ...SERVER_ERRORS]) }
