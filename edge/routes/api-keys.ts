/** The caller's API keys (bearer token only; docs/api.md#api-keys). */
import type { FastifyInstance } from 'fastify'
import { createServiceError } from '../../lib/errors.js'
import { getPrincipal } from '../auth/auth-hook.js'
import type { EdgeContext } from '../edge-context.js'
import { fromIsoDateTime } from '../query-params.js'
import { createApiKeyResponses, listApiKeysResponses, revokeApiKeyResponses, rotateApiKeyResponses } from '../schemas/api-keys.js'

export const createApiKeyBodySchema = {
  type: 'object',
  required: ['name'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 100 },
    /** Optional end of validity (ISO 8601 date-time, in the future). */
    expires_at: { anyOf: [{ type: 'string', minLength: 1, maxLength: 64 }, { type: 'null' }] },
  },
} as const

/**
 * Any id that names no live key of the caller is 404, a malformed or overlong one included
 * (docs/api.md#api-keys): the user service treats a non-uuid as the id of nothing before any
 * query, and fastify's router bounds a path parameter (maxParamLength, 100 characters) before this
 * schema sees it.
 */
const idParamsSchema = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string' } },
} as const

/** Registers the API-key routes. */
export function registerApiKeyRoutes(app: FastifyInstance, { userService, auth, keyUsage }: EdgeContext): void {
  const bearer = { onRequest: auth.bearer, config: { auth: 'bearer' } } as const
  app.get(
    '/api/v1/api-keys',
    {
      ...bearer,
      schema: {
        summary: 'List your API keys',
        description: 'Every API key of the caller, with its name, prefix, expiry and last use; never the key itself.',
        response: listApiKeysResponses,
      },
    },
    async (request) => {
      // Counts recorded by this edge so far are written first, so the listing includes them.
      await keyUsage.flush()
      return { keys: await userService.listApiKeys(getPrincipal(request).userId) }
    },
  )
  app.post<{ Body: { name: string; expires_at?: string | null } }>(
    '/api/v1/api-keys',
    {
      ...bearer,
      schema: {
        summary: 'Create an API key',
        description: 'Creates an API key for programmatic access; the key (`pf_live_…`) is in this answer only, so keep it.',
        body: createApiKeyBodySchema,
        response: createApiKeyResponses,
      },
    },
    (request) => {
      const { name, expires_at: expiresAt } = request.body
      let expiresAtMs: number | null = null
      if (typeof expiresAt === 'string') {
        const parsed = expiresAt.includes('T') ? fromIsoDateTime(expiresAt) : undefined
        if (parsed === undefined) throw createServiceError('validation_error', 'expires_at: must be an ISO 8601 date-time')
        expiresAtMs = parsed
      }
      return userService.createApiKey(getPrincipal(request).userId, { name, expiresAtMs })
    },
  )
  app.delete<{ Params: { id: string } }>(
    '/api/v1/api-keys/:id',
    {
      ...bearer,
      schema: {
        summary: 'Revoke an API key',
        description: "Revokes one of the caller's API keys; every edge refuses it within a second.",
        params: idParamsSchema,
        response: revokeApiKeyResponses,
      },
    },
    async (request) => {
      await userService.revokeApiKey(getPrincipal(request).userId, request.params.id)
      return { id: request.params.id, revoked: true }
    },
  )
  app.post<{ Params: { id: string } }>(
    '/api/v1/api-keys/:id/rotate',
    {
      ...bearer,
      schema: {
        summary: 'Rotate an API key (the old secret works 24 h more)',
        description: 'Issues a new secret for the same key id; the old secret keeps working for 24 hours so callers can switch over.',
        params: idParamsSchema,
        response: rotateApiKeyResponses,
      },
    },
    (request) => userService.rotateApiKey(getPrincipal(request).userId, request.params.id),
  )
}
