/**
 * The edge's authenticator on its own: what authentication adds to a REST request, without HTTP
 * around it. Built as edge/server.ts builds the edge's (same user service, same signing key, API
 * key use counted for `requests_count`), and warmed with one call per credential: the miss that
 * asks the user service and fills the cache. Every later call is the synchronous, warm answer.
 */
import type { IncomingHttpHeaders } from 'node:http'
import type { UserService } from '../../accounts/contract/index.js'
import { createAuthenticator, type Principal } from '../../callers/authenticator.js'
import { createKeyUsageCounter } from '../../callers/key-usage-counter.js'
import type { BenchCredentials } from './bench-credentials.js'

export interface BenchAuthenticator {
  /** `authenticate(headers, 'either')` with an `x-api-key` header. */
  authenticateApiKey(): Principal | Promise<Principal>
  /** `authenticate(headers, 'either')` with `authorization: Bearer <access token>`. */
  authenticateBearer(): Principal | Promise<Principal>
  /** Flushes the key's counted use. */
  close(): Promise<void>
}

export interface BenchAuthenticatorOptions {
  userService: UserService
  signingKey: Uint8Array
  credentials: BenchCredentials
  /** As the edge's: long enough that nothing expires during the run. */
  cacheTtlMs: number
  /** What the REST client sends besides the credential (host, content type and length). */
  requestHeaders: Readonly<Record<string, string>>
}

/** Creates the authenticator and makes its first, cold call for each credential. */
export async function createBenchAuthenticator(options: BenchAuthenticatorOptions): Promise<BenchAuthenticator> {
  const { userService, credentials } = options
  const keyUsage = createKeyUsageCounter({ sink: (usage) => userService.recordKeyUsage(usage) })
  const authenticator = createAuthenticator({
    userService,
    signingKey: options.signingKey,
    cacheTtlMs: options.cacheTtlMs,
    onApiKeyUse: (apiKeyId, nowMs) => keyUsage.record(apiKeyId, nowMs),
  })
  // Header objects shaped like a request's: node:http's lower-cased names, the credential among them.
  const apiKeyHeaders: IncomingHttpHeaders = { ...options.requestHeaders, 'x-api-key': credentials.apiKey }
  const bearerHeaders: IncomingHttpHeaders = { ...options.requestHeaders, authorization: `Bearer ${credentials.token}` }
  await authenticator.authenticate(apiKeyHeaders, 'either')
  await authenticator.authenticate(bearerHeaders, 'either')
  return {
    authenticateApiKey: () => authenticator.authenticate(apiKeyHeaders, 'either'),
    authenticateBearer: () => authenticator.authenticate(bearerHeaders, 'either'),
    close: () => keyUsage.close(),
  }
}
