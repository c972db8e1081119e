/**
 * Users, their tokens and what the edge's authentication cache knows of them
 * (docs/api.md#accounts-and-tokens). Schemas are the API's, as /openapi.json publishes them.
 */
import { Type, type Static } from '@sinclair/typebox'
import type { Role } from '../../lib/access-token.js'
import { Nullable, StringEnum } from '../../lib/json-schema.js'

export type { Role }

const ROLES = ['user', 'admin'] as const satisfies readonly Role[]

/** The caller's profile. */
export const userSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    email: Type.String({ format: 'email' }),
    name: Nullable(Type.String()),
    role: StringEnum(ROLES),
    email_verified: Type.Boolean(),
    timezone: Nullable(Type.String(), { description: 'IANA zone name; null when not set.' }),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'User', additionalProperties: false },
)
export type User = Static<typeof userSchema>

/** The answer of register, login and refresh: the token pair, with the access token's type and lifetime as OAuth clients expect them. */
export const authResponseSchema = Type.Object(
  {
    token: Type.String({ minLength: 1, description: 'JWT access token (Authorization: Bearer), valid 24 hours.' }),
    refresh_token: Type.String({
      minLength: 1,
      description: 'Valid 30 days; spent by POST /auth/refresh, which issues the next; POST /auth/logout revokes it.',
    }),
    token_type: Type.Literal('Bearer'),
    expires_in: Type.Integer({ minimum: 1, description: "The access token's lifetime in seconds." }),
  },
  { $id: 'AuthResponse', additionalProperties: false },
)
export type AuthResponse = Static<typeof authResponseSchema>

/** Register's and login's body. */
export interface Credentials {
  email: string
  password: string
}

/** Whether a bearer token's user may still act (soft-deleted users may not). */
export interface UserState {
  userId: string
  role: Role
  active: boolean
  /** As in ApiKeyPrincipal. */
  hasCard: boolean
}

/** One address, one form: trimmed and lower-cased (the edge keys its per-account limits by it too). */
export function toNormalisedEmail(email: string): string {
  return email.trim().toLowerCase()
}
