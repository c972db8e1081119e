/** Response schemas of the account routes (docs/api.md#accounts-and-tokens). */
import { BODY_ERRORS, CALLER_ERRORS, createErrorResponses, SERVER_ERRORS } from './error-envelope.js'

/** The token pair, with the access token's type and lifetime as OAuth clients expect them. */
export const authResponseSchema = {
  $id: 'AuthResponse',
  type: 'object',
  required: ['token', 'refresh_token', 'token_type', 'expires_in'],
  additionalProperties: false,
  properties: {
    token: { type: 'string', minLength: 1, description: 'JWT access token (Authorization: Bearer), valid 24 hours.' },
    refresh_token: { type: 'string', minLength: 1, description: 'Valid 30 days; spent by POST /auth/refresh, which issues the next.' },
    token_type: { type: 'string', const: 'Bearer' },
    expires_in: { type: 'integer', minimum: 1, description: "The access token's lifetime in seconds." },
  },
} as const

/** The caller's profile. */
export const userSchema = {
  $id: 'User',
  type: 'object',
  required: ['id', 'email', 'name', 'role', 'email_verified', 'timezone', 'created_at'],
  additionalProperties: false,
  properties: {
    id: { type: 'string', format: 'uuid' },
    email: { type: 'string', format: 'email' },
    name: { type: ['string', 'null'] },
    role: { type: 'string', enum: ['user', 'admin'] },
    email_verified: { type: 'boolean' },
    timezone: { type: ['string', 'null'], description: 'IANA zone name; null when not set.' },
    created_at: { type: 'string', format: 'date-time' },
  },
} as const

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
