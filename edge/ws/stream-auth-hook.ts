/**
 * The stream's handshake authentication: the `either` credentials (docs/api.md#authentication) in
 * headers, or an API key in `?api_key=`, because a browser's WebSocket cannot set headers. A header
 * wins over the query. A refusal is the 401 Error envelope, sent before the upgrade.
 */
import type { IncomingHttpHeaders } from 'node:http'
import type { FastifyRequest, onRequestHookHandler } from 'fastify'
import { createAuthHook } from '../auth/auth-hook.js'
import type { Authenticator } from '../../callers/authenticator.js'

/** The headers to authenticate: the request's, or its query's API key when it sent no credential header. */
function getCredentialHeaders(request: FastifyRequest): IncomingHttpHeaders {
  const { headers } = request
  if (headers['x-api-key'] || headers.authorization) return headers
  const apiKey = (request.query as Record<string, unknown> | undefined)?.api_key
  return typeof apiKey === 'string' && apiKey !== '' ? { 'x-api-key': apiKey } : headers
}

/** The onRequest hook of the stream route: leaves the caller on `request.principal`. */
export function createStreamAuthHook(authenticator: Authenticator): onRequestHookHandler {
  return createAuthHook(authenticator, 'either', getCredentialHeaders)
}
