/** Response schemas of the account routes (docs/api.md#accounts-and-tokens). */
import { authResponseSchema, userSchema } from '../../accounts/contract/index.js'
import { BODY_ERRORS, CALLER_ERRORS, createErrorResponses, SERVER_ERRORS } from './error-envelope.js'

const deletedAccountSchema = {
  type: 'object',
  required: ['message'],
  additionalProperties: false,
  properties: { message: { type: 'string' } },
} as const

/** Logout's answer, the same whatever the token was: `revoked` is always true. */
const loggedOutSchema = {
  type: 'object',
  required: ['revoked'],
  additionalProperties: false,
  properties: { revoked: { type: 'boolean', const: true } },
} as const

/** 429: the client address's or the account's bucket is empty (edge/limits/auth-limits.ts). */
export const registerResponses = { 200: authResponseSchema, ...createErrorResponses([...BODY_ERRORS, 409, 429, ...SERVER_ERRORS]) }
export const loginResponses = { 200: authResponseSchema, ...createErrorResponses([...BODY_ERRORS, 401, 429, ...SERVER_ERRORS]) }
export const refreshResponses = loginResponses
/** No 401: an unknown, spent or revoked token answers 200 like a live one. */
export const logoutResponses = { 200: loggedOutSchema, ...createErrorResponses([...BODY_ERRORS, 429, ...SERVER_ERRORS]) }
export const meResponses = { 200: userSchema, ...createErrorResponses([...CALLER_ERRORS, ...SERVER_ERRORS]) }
export const deleteAccountResponses = { 200: deletedAccountSchema, ...createErrorResponses([...CALLER_ERRORS, ...SERVER_ERRORS]) }
