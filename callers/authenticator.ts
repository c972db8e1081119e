/**
 * Edge authentication (docs/api.md#authentication): an API key (`X-API-Key`) or a JWT bearer token
 * (`Authorization: Bearer`). Warm, it answers from memory without a promise: key hashes map to
 * principals, verified tokens to their claims, user ids to their state. A miss asks the user
 * service once (concurrent misses for the same credential share one call). Invalidations from the
 * user service (revoke, rotate, soft delete) drop what was cached, so they take effect at once.
 */
import type { IncomingHttpHeaders } from 'node:http'
import { LRUCache } from 'lru-cache'
import type { ApiKeyPrincipal, AuthInvalidation, IdentityService, Role, UserState } from '../accounts/user-service.js'
import { API_KEY_PREFIX, getApiKeyHash } from '../lib/api-key.js'
import { createServiceError } from '../lib/errors.js'
import { type AccessTokenClaims, verifyAccessToken } from '../lib/access-token.js'

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
  const ttl = options.cacheTtlMs ?? 60_000
  const max = options.maxEntries ?? 100_000
  // 'none': the hash authenticates nobody (a negative entry).
  const keys = new LRUCache<string, ApiKeyPrincipal | 'none'>({ max, ttl })
  const tokens = new LRUCache<string, AccessTokenClaims>({ max, ttl })
  const users = new LRUCache<string, UserState>({ max, ttl })
  const pendingKeys = new Map<string, Promise<ApiKeyPrincipal | null>>()
  const pendingUsers = new Map<string, Promise<UserState | null>>()
  // Bumped by every invalidation: an answer fetched before it may be stale and is not cached.
  let generation = 0

  const fromKeyPrincipal = (principal: ApiKeyPrincipal | 'none' | null, nowMs: number): Principal => {
    if (principal === null || principal === 'none') throw unauthorized('The API key is not valid.')
    if (principal.validUntilMs !== null && nowMs >= principal.validUntilMs) throw unauthorized('The API key has expired.')
    options.onApiKeyUse?.(principal.apiKeyId, nowMs)
    return { userId: principal.userId, role: principal.role, apiKeyId: principal.apiKeyId, hasCard: principal.hasCard }
  }

  const authenticateKey = (key: string): Principal | Promise<Principal> => {
    if (key.length > MAX_API_KEY_LENGTH || !key.startsWith(API_KEY_PREFIX)) throw unauthorized('The API key is not valid.')
    const hash = getApiKeyHash(key)
    const cached = keys.get(hash)
    if (cached !== undefined) return fromKeyPrincipal(cached, now())
    let pending = pendingKeys.get(hash)
    if (!pending) {
      const startedAt = generation
      pending = options.userService.authenticateApiKey(hash).finally(() => pendingKeys.delete(hash))
      pending.then(
        (principal) => {
          if (startedAt !== generation) return
          if (principal) keys.set(hash, principal)
          else keys.set(hash, 'none', { ttl: Math.min(ttl, NEGATIVE_TTL_MS) })
        },
        () => undefined,
      )
      pendingKeys.set(hash, pending)
    }
    return pending.then((principal) => fromKeyPrincipal(principal, now()))
  }

  const fromUserState = (state: UserState | null, claims: AccessTokenClaims): Principal => {
    if (!state || !state.active) throw unauthorized('The account of this token no longer exists.')
    return { userId: claims.userId, role: state.role, apiKeyId: null, hasCard: state.hasCard }
  }

  const authorizeUser = (claims: AccessTokenClaims): Principal | Promise<Principal> => {
    const cached = users.get(claims.userId)
    if (cached) return fromUserState(cached, claims)
    let pending = pendingUsers.get(claims.userId)
    if (!pending) {
      const startedAt = generation
      const userId = claims.userId
      pending = options.userService.getUserState(userId).finally(() => pendingUsers.delete(userId))
      pending.then(
        (state) => {
          if (state && startedAt === generation) users.set(userId, state)
        },
        () => undefined,
      )
      pendingUsers.set(userId, pending)
    }
    return pending.then((state) => fromUserState(state, claims))
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
      generation++
      if (event.kind === 'all') {
        keys.clear()
        tokens.clear()
        users.clear()
        return
      }
      if (event.kind === 'user') users.delete(event.userId)
      // Rare events: a scan of the key cache is cheaper than an index kept on every insert.
      for (const [hash, principal] of keys.entries()) {
        if (principal === 'none') continue
        if (event.kind === 'user' ? principal.userId === event.userId : principal.apiKeyId === event.apiKeyId) keys.delete(hash)
      }
    },
  }
}
