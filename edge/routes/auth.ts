/** Register, login, refresh, logout, the caller's profile, soft delete (docs/api.md#accounts-and-tokens). */
import type { FastifyInstance } from 'fastify'
import { getPrincipal } from '../auth/auth-hook.js'
import type { EdgeContext } from '../edge-context.js'
import {
  deleteAccountResponses,
  loginResponses,
  logoutResponses,
  meResponses,
  refreshResponses,
  registerResponses,
} from '../schemas/auth.js'

interface Credentials {
  email: string
  password: string
}

/** Register and login's body; the upper bounds keep hashing and storage bounded (RFC 5321 caps an address at 254). */
export const credentialsBodySchema = {
  type: 'object',
  required: ['email', 'password'],
  additionalProperties: false,
  properties: {
    email: { type: 'string', minLength: 3, maxLength: 254 },
    password: { type: 'string', minLength: 8, maxLength: 1024 },
  },
} as const

/** The bound matches the user service's MAX_REFRESH_TOKEN_LENGTH (tokens are `pfr_` + 43 characters), so one limit answers. */
export const refreshBodySchema = {
  type: 'object',
  required: ['refresh_token'],
  additionalProperties: false,
  properties: { refresh_token: { type: 'string', minLength: 1, maxLength: 256 } },
} as const

/** Registers the account routes; register, login, refresh and logout run within `authLimits` (after schema validation: a malformed request spends nothing). */
export function registerAuthRoutes(app: FastifyInstance, { userService, auth, authLimits }: EdgeContext): void {
  app.post<{ Body: Credentials }>(
    '/auth/register',
    {
      config: { auth: 'none' },
      // 503 accounts_unavailable (the accounts database down) carries Retry-After.
      schema: {
        summary: 'Create an account',
        description:
          'Registers an e-mail and password and answers an access token (24 h) and a refresh token. Limited per client address and per e-mail (429 with Retry-After).',
        body: credentialsBodySchema,
        response: registerResponses,
        retryAfterStatuses: [503],
      },
    },
    (request) => authLimits.register(request.ip, request.body.email, () => userService.register(request.body)),
  )
  app.post<{ Body: Credentials }>(
    '/auth/login',
    {
      config: { auth: 'none' },
      schema: {
        summary: 'Sign in',
        description:
          'Answers a new access and refresh token pair for a registered e-mail and password; 401 invalid_credentials otherwise. Repeated wrong passwords are slowed down per e-mail.',
        body: credentialsBodySchema,
        response: loginResponses,
        retryAfterStatuses: [503],
      },
    },
    (request) => authLimits.login(request.ip, request.body.email, () => userService.login(request.body)),
  )
  app.post<{ Body: { refresh_token: string } }>(
    '/auth/refresh',
    {
      config: { auth: 'none' },
      schema: {
        summary: 'Exchange a refresh token for a new pair',
        description: 'Rotates a refresh token: the pair it answers replaces it, and presenting the old one again revokes its whole family.',
        body: refreshBodySchema,
        response: refreshResponses,
        retryAfterStatuses: [503],
      },
    },
    (request) => authLimits.refresh(request.ip, request.body.refresh_token, () => userService.refresh(request.body.refresh_token)),
  )
  // The refresh token is the credential, as on refresh. Any token answers 200: a logout retried
  // after a lost answer succeeds, and nobody learns from it whether a token was ever valid.
  app.post<{ Body: { refresh_token: string } }>(
    '/auth/logout',
    {
      config: { auth: 'none' },
      schema: {
        summary: 'Log out: revoke a refresh token',
        description:
          'Revokes the refresh token and its whole family (every token rotated from the same login): none of them refreshes again. Answers {revoked: true} whatever the token was (unknown, spent, expired or already revoked). Access tokens already issued stay valid until they expire (24 h): forget them.',
        body: refreshBodySchema,
        response: logoutResponses,
        retryAfterStatuses: [503],
      },
    },
    async (request) => {
      const refreshToken = request.body.refresh_token
      await authLimits.logout(request.ip, refreshToken, () => userService.logout(refreshToken))
      return { revoked: true }
    },
  )
  app.get(
    '/auth/me',
    {
      onRequest: auth.bearer,
      config: { auth: 'bearer' },
      schema: {
        summary: "The caller's profile",
        description: 'The user the access token belongs to: id, e-mail, plan, whether a card is on file, creation time.',
        response: meResponses,
      },
    },
    (request) => userService.getUser(getPrincipal(request).userId),
  )
  app.delete(
    '/auth/account',
    {
      onRequest: auth.bearer,
      config: { auth: 'bearer' },
      schema: {
        summary: 'Delete the account (soft)',
        description: "Deletes the caller's account: its tokens and API keys stop working at once; its history is kept.",
        response: deleteAccountResponses,
      },
    },
    async (request) => {
      await userService.deleteUser(getPrincipal(request).userId)
      return { message: 'The account is deleted: its tokens and API keys no longer work. Its history is kept.' }
    },
  )
}
