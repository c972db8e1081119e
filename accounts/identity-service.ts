/**
 * Users, passwords, tokens and API keys (the IdentityService of contract/user-service.ts), composed from the
 * stores under users/, tokens/ and keys/. Every change that makes a credential stop working, or
 * changes what its cached principal says (the card on file), is reported through `onInvalidate`
 * once it is committed, so edges can drop what they cached.
 */
import { createServiceError } from '../lib/errors.js'
import type { AuthInvalidation, AuthResponse, IdentityService } from './contract/index.js'
import type { Database } from './db/database.js'
import { isUuid } from './db/uuid.js'
import { getApiKeyPrincipal } from './keys/api-key-principal.js'
import { toApiKeyRequest } from './keys/api-key-request.js'
import { createApiKeyStore } from './keys/api-key-store.js'
import { recordKeyUsage } from './keys/key-usage.js'
import { createAuthResponse } from './tokens/auth-response.js'
import { createRefreshTokens } from './tokens/refresh-tokens.js'
import { assertHasCard } from './users/card-on-file.js'
import { isEmail, toCredentials, toLoginCredentials } from './users/credentials.js'
import { createPasswordHash, isPasswordMatch } from './users/password-hash.js'
import { toUser, toUserState, type UserRow } from './users/user-row.js'
import { createUserStore } from './users/user-store.js'

/** What the identity service runs on. */
export interface IdentityServiceOptions {
  /** Migrated beforehand. */
  db: Database
  /** HS256 key of the access tokens. */
  signingKey: Uint8Array
  /** Epoch ms; every stored timestamp and every expiry is read from it. */
  now: () => number
  /** Called once the change is committed; it must not throw (the change cannot be undone then). */
  onInvalidate?: (event: AuthInvalidation) => void
}

/** The identity part of the user service on a migrated `db`. */
export function createIdentityService({ db, signingKey, now, onInvalidate }: IdentityServiceOptions): IdentityService {
  const users = createUserStore(db)
  const refreshTokens = createRefreshTokens({ db, now })
  const apiKeys = createApiKeyStore({ db, now })
  const invalidate = (event: AuthInvalidation): void => onInvalidate?.(event)

  async function startSession(user: Pick<UserRow, 'id' | 'role'>): Promise<AuthResponse> {
    const refreshToken = await refreshTokens.issue(user.id)
    return createAuthResponse({ signingKey, userId: user.id, role: user.role, refreshToken, nowMs: now() })
  }

  async function getLiveUser(userId: string): Promise<UserRow> {
    const row = isUuid(userId) ? await users.getById(userId) : null
    if (!row || row.deleted_at !== null) throw createServiceError('unauthorized')
    return row
  }

  return {
    async register(credentials) {
      const { email, password } = toCredentials(credentials)
      const passwordHash = await createPasswordHash(password)
      // The account and its first refresh token commit together: a failure in between must not
      // leave an address taken by an account the client never heard of.
      const { user, refreshToken } = await db.transaction(async (client) => {
        const user = await createUserStore(client).create({ email, passwordHash, createdAtMs: now() })
        if (!user) throw createServiceError('email_taken')
        return { user, refreshToken: await createRefreshTokens({ db: client, now }).issue(user.id) }
      })
      return createAuthResponse({ signingKey, userId: user.id, role: user.role, refreshToken, nowMs: now() })
    },

    async login(credentials) {
      const { email, password } = toLoginCredentials(credentials)
      const user = isEmail(email) ? await users.getLiveByEmail(email) : null
      if (!(await isPasswordMatch(user?.password_hash ?? null, password)) || !user) {
        throw createServiceError('invalid_credentials')
      }
      return startSession(user)
    },

    async refresh(refreshToken) {
      const spent = await refreshTokens.spend(refreshToken)
      return createAuthResponse({ signingKey, ...spent, nowMs: now() })
    },

    // Nothing to announce: no edge caches refresh tokens, and access tokens outlive a logout.
    logout: (refreshToken) => refreshTokens.revokeFamily(refreshToken),

    async getUser(userId) {
      return toUser(await getLiveUser(userId))
    },

    async getUserState(userId) {
      const row = isUuid(userId) ? await users.getById(userId) : null
      return row ? toUserState(row) : null
    },

    async deleteUser(userId) {
      if (!isUuid(userId)) throw createServiceError('unauthorized')
      await db.transaction(async (client) => {
        if (!(await createUserStore(client).softDelete(userId, now()))) throw createServiceError('unauthorized')
        await createRefreshTokens({ db: client, now }).revokeForUser(userId)
      })
      invalidate({ kind: 'user', userId })
    },

    async setCardOnFile(userId, hasCard) {
      assertHasCard(hasCard)
      const previous = isUuid(userId) ? await users.setCardOnFile(userId, hasCard) : null
      if (previous === null) throw createServiceError('not_found')
      // Setting the value it already has changes no cached principal: nothing to announce.
      if (previous !== hasCard) invalidate({ kind: 'user', userId })
    },

    listApiKeys: (userId) => apiKeys.list(userId),

    async createApiKey(userId, request) {
      return apiKeys.create(userId, toApiKeyRequest(request, now()))
    },

    async revokeApiKey(userId, apiKeyId) {
      await apiKeys.revoke(userId, apiKeyId)
      invalidate({ kind: 'api_key', userId, apiKeyId })
    },

    async rotateApiKey(userId, apiKeyId) {
      const key = await apiKeys.rotate(userId, apiKeyId)
      invalidate({ kind: 'api_key', userId, apiKeyId })
      return key
    },

    authenticateApiKey: (keyHash) => getApiKeyPrincipal(db, keyHash, now()),

    recordKeyUsage: (usage) => recordKeyUsage(db, usage),
  }
}
