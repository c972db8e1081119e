/**
 * Edge authentication (docs/api.md#authentication): an API key (`X-API-Key`) or a JWT bearer token
 * (`Authorization: Bearer`). Warm, it answers from memory without a promise: key hashes map to
 * principals, verified tokens to their claims, user ids to their state. A miss asks the user
 * service once (concurrent misses for the same credential share one call). Invalidations from the
 * user service (revoke, rotate, soft delete) drop what was cached, so they take effect at once.
 * Through an outage of the user service, a credential it confirmed before is still served for up
 * to `staleMaxMs` past its TTL (callers/credential-cache.ts); an unknown one is refused with the
 * outage's error.
 */
import type { IncomingHttpHeaders } from 'node:http'
import { LRUCache } from 'lru-cache'
import type { ApiKeyPrincipal, AuthInvalidation, IdentityService, Role, UserState } from '../accounts/contract/index.js'
import { API_KEY_PREFIX, getApiKeyHash } from '../lib/api-key.js'
import { createServiceError } from '../lib/errors.js'
import { type AccessTokenClaims, verifyAccessToken } from '../lib/access-token.js'
import { createCredentialCache } from './credential-cache.js'

export type AuthMode = 'none' | 'bearer' | 'either'

/** Who is calling. */
export interface Principal {
  userId: string
  role: Role
  /** The key used, or null for a bearer token. */
  apiKeyId: string | null
  /** A card is on file: the higher rate limit, and simulations past the free quota are metered instead of refused (docs/api.md#rate-limits-and-quota). */
  hasCard: boolean
}

export interface AuthenticatorOptions {
  userService: Pick<IdentityService, 'authenticateApiKey' | 'getUserState'>
  /** The access tokens' HS256 key; without it every bearer token is refused. */
  signingKey?: Uint8Array | undefined
  now?: () => number
  /** How long a cached answer is trusted without an invalidation (a backstop when none arrives). */
  cacheTtlMs?: number
  /**
   * How long past `cacheTtlMs` a key or user the user service confirmed is still served while it is
   * unavailable (AUTH_STALE_MAX_MS); 0 (the default): not at all. Invalidations still apply at once.
   */
  staleMaxMs?: number
  maxEntries?: number
  /** Called on every request authenticated by an API key (for `requests_count`). */
  onApiKeyUse?: (apiKeyId: string, nowMs: number) => void
}

export interface Authenticator {
  /** The caller of a `bearer` or `either` route; throws (or rejects with) `unauthorized`. */
  authenticate(headers: IncomingHttpHeaders, mode: 'bearer' | 'either'): Principal | Promise<Principal>
  invalidate(event: AuthInvalidation): void
}

/** Keys are `pf_live_` + base58 of 32 bytes; anything far longer is not worth hashing. */
const MAX_API_KEY_LENGTH = 128
const MAX_BEARER_LENGTH = 4096
/** Unknown keys are remembered briefly so a client retrying a wrong key does not reach PostgreSQL each time. */
const NEGATIVE_TTL_MS = 5_000

const unauthorized = (message: string) => createServiceError('unauthorized', message)

/** Creates an authenticator over `userService`. */
export function createAuthenticator(options: AuthenticatorOptions): Authenticator {
  const now = options.now ?? Date.now
  const ttlMs = options.cacheTtlMs ?? 60_000
  const staleMaxMs = options.staleMaxMs ?? 0
  const max = options.maxEntries ?? 100_000
  const keys = createCredentialCache<ApiKeyPrincipal>({
    load: (hash) => options.userService.authenticateApiKey(hash),
    max,
    ttlMs,
    staleMaxMs,
    negativeTtlMs: NEGATIVE_TTL_MS,
  })
  const users = createCredentialCache<UserState>({
    load: (userId) => options.userService.getUserState(userId),
    max,
    ttlMs,
    staleMaxMs,
    negativeTtlMs: 0,
  })
  // Verified locally (no user service): nothing to serve stale.
  const tokens = new LRUCache<string, AccessTokenClaims>({ max, ttl: ttlMs })

  const fromKeyPrincipal = (principal: ApiKeyPrincipal | null, nowMs: number): Principal => {
    if (principal === null) throw unauthorized('The API key is not valid.')
    if (principal.validUntilMs !== null && nowMs >= principal.validUntilMs) throw unauthorized('The API key has expired.')
    options.onApiKeyUse?.(principal.apiKeyId, nowMs)
    return { userId: principal.userId, role: principal.role, apiKeyId: principal.apiKeyId, hasCard: principal.hasCard }
  }

  const authenticateKey = (key: string): Principal | Promise<Principal> => {
    if (key.length > MAX_API_KEY_LENGTH || !key.startsWith(API_KEY_PREFIX)) throw unauthorized('The API key is not valid.')
    const principal = keys.get(getApiKeyHash(key))
    if (principal instanceof Promise) return principal.then((answer) => fromKeyPrincipal(answer, now()))
    return fromKeyPrincipal(principal, now())
  }

  const fromUserState = (state: UserState | null, claims: AccessTokenClaims): Principal => {
    if (!state || !state.active) throw unauthorized('The account of this token no longer exists.')
    return { userId: claims.userId, role: state.role, apiKeyId: null, hasCard: state.hasCard }
  }

  const authorizeUser = (claims: AccessTokenClaims): Principal | Promise<Principal> => {
    const state = users.get(claims.userId)
    if (state instanceof Promise) return state.then((answer) => fromUserState(answer, claims))
    return fromUserState(state, claims)
  }

  const authenticateBearer = (token: string): Principal | Promise<Principal> => {
    if (token.length > MAX_BEARER_LENGTH || !options.signingKey) throw unauthorized('The bearer token is not valid.')
    const signingKey = options.signingKey
    const nowMs = now()
    const claims = tokens.get(token)
    if (claims) {
      if (nowMs >= claims.expiresAtMs) throw unauthorized('The bearer token has expired.')
      return authorizeUser(claims)
    }
    return verifyAccessToken(signingKey, token, nowMs).then((verified) => {
      if (!verified) throw unauthorized('The bearer token is not valid or has expired.')
      tokens.set(token, verified)
      return authorizeUser(verified)
    })
  }

  return {
    authenticate(headers, mode) {
      const apiKey = headers['x-api-key']
      const authorization = headers.authorization
      if (typeof apiKey === 'string' && apiKey !== '') {
        if (mode === 'bearer') throw unauthorized('This route takes a bearer token (Authorization: Bearer), not an API key.')
        return authenticateKey(apiKey)
      }
      if (typeof authorization === 'string' && authorization !== '') {
        const match = /^Bearer +(\S+) *$/i.exec(authorization)
        if (!match?.[1]) throw unauthorized('The Authorization header must be "Bearer <token>".')
        return authenticateBearer(match[1])
      }
      throw unauthorized(
        mode === 'bearer'
          ? 'A bearer token (Authorization: Bearer) is required.'
          : 'An API key (X-API-Key) or a bearer token (Authorization: Bearer) is required.',
      )
    },
    invalidate(event) {
      // Not a credential: nothing cached here depends on a tenant's program blocks.
      if (event.kind === 'program_blocks') return
      if (event.kind === 'all') {
        keys.clear()
        tokens.clear()
        users.clear()
        return
      }
      if (event.kind === 'user') {
        users.delete(event.userId)
        keys.deleteWhere((principal) => principal.userId === event.userId)
      } else keys.deleteWhere((principal) => principal.apiKeyId === event.apiKeyId)
    },
  }
}
