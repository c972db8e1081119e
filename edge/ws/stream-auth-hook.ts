/**
 * The stream's handshake authentication: the `either` credentials (docs/api.md#authentication) in
 * headers, or in the query because a browser's WebSocket cannot set headers: an API key in
 * `?api_key=`, or an access token in `?access_token=` (a dashboard signed in with a bearer token).
 * A header wins over the query, and the API key over the token. A refusal is the 401 Error
 * envelope, sent before the upgrade.
 */
import type { IncomingHttpHeaders } from 'node:http'
import type { FastifyRequest, onRequestHookHandler } from 'fastify'
import { createAuthHook } from '../auth/auth-hook.js'
import type { Authenticator } from '../../callers/authenticator.js'

/** The headers to authenticate: the request's, or its query's credential when it sent no credential header. */
function getCredentialHeaders(request: FastifyRequest): IncomingHttpHeaders {
  const { headers } = request
  if (headers['x-api-key'] || headers.authorization) return headers
  const query = request.query as Record<string, unknown> | undefined
  const apiKey = query?.api_key
  if (typeof apiKey === 'string' && apiKey !== '') return { 'x-api-key': apiKey }
  const accessToken = query?.access_token
  return typeof accessToken === 'string' && accessToken !== '' ? { authorization: `Bearer ${accessToken}` } : headers
}

/** The onRequest hook of the stream route: leaves the caller on `request.principal`. */
export function createStreamAuthHook(authenticator: Authenticator): onRequestHookHandler {
  return createAuthHook(authenticator, 'either', getCredentialHeaders)
}
