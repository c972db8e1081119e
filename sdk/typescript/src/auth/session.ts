/**
 * The caller's credentials: an API key, a bearer token pair, or both. The access token is
 * refreshed for the caller (once, however many calls notice at the same time) shortly before it
 * expires, or when a call answers 401; `onTokens` hears every new pair so it can be stored.
 */
import type { AuthTokens } from '../api-types.js'

/** Which credential a route takes (the Auth column of docs/api.md#endpoints). */
export type AuthMode = 'none' | 'bearer' | 'either'

export interface SessionOptions {
  apiKey?: string | undefined
  /** An access token (JWT) from register, login or refresh. */
  token?: string | undefined
  refreshToken?: string | undefined
  /** Called with every pair the SDK obtains (login, register, refresh): store it to resume later. */
  onTokens?: ((tokens: AuthTokens) => void) | undefined
  /** Injected clock, in ms. */
  now?: () => number
}

/** Refresh this long before the access token's stated expiry. */
const REFRESH_EARLY_MS = 60_000

export interface Session {
  readonly apiKey: string | undefined
  readonly token: string | undefined
  readonly refreshToken: string | undefined
  /** The headers that carry the credential `mode` takes; the API key when both would do. */
  getHeaders(mode: AuthMode): Record<string, string>
  /** Whether `mode` would be served by the bearer token (and so a refresh can help it). */
  usesBearer(mode: AuthMode): boolean
  /** Whether the access token is past (or near) its expiry and a refresh token is at hand. */
  isExpiring(): boolean
  setTokens(tokens: AuthTokens): void
  /** Forgets the bearer token pair (the API key stays); a refresh in flight no longer stores its pair. */
  clearTokens(): void
  setApiKey(apiKey: string | undefined): void
  /** Runs `exchange` with the refresh token once for every concurrent caller; resolves with the new pair (undefined without a refresh token). */
  refresh(exchange: (refreshToken: string) => Promise<AuthTokens>): Promise<AuthTokens | undefined>
  /**
   * Waits out a refresh in flight (its pair is of the family being ended), runs `revoke` with the
   * refresh token, then clears the pair; without a refresh token it only clears. When `revoke`
   * fails the pair is kept, so the logout can be tried again.
   */
  logout(revoke: (refreshToken: string) => Promise<unknown>): Promise<void>
}

export function createSession(options: SessionOptions): Session {
  const now = options.now ?? Date.now
  let apiKey = options.apiKey
  let token = options.token
  let refreshToken = options.refreshToken
  let expiresAtMs: number | undefined
  let refreshing: Promise<AuthTokens> | undefined
  /** Counts clearTokens calls: a refresh started before one must not bring the cleared pair's family back. */
  let clears = 0

  return {
    get apiKey() {
      return apiKey
    },
    get token() {
      return token
    },
    get refreshToken() {
      return refreshToken
    },
    getHeaders(mode): Record<string, string> {
      if (mode === 'none') return {}
      if (mode === 'either' && apiKey) return { 'x-api-key': apiKey }
      return token ? { authorization: `Bearer ${token}` } : {}
    },
    usesBearer(mode) {
      return mode === 'bearer' || (mode === 'either' && !apiKey)
    },
    isExpiring() {
      return refreshToken !== undefined && expiresAtMs !== undefined && now() >= expiresAtMs - REFRESH_EARLY_MS
    },
    setTokens(tokens) {
      token = tokens.token
      refreshToken = tokens.refresh_token
      expiresAtMs = now() + tokens.expires_in * 1000
      options.onTokens?.(tokens)
    },
    clearTokens() {
      token = undefined
      refreshToken = undefined
      expiresAtMs = undefined
      clears++
    },
    setApiKey(next) {
      apiKey = next
    },
    refresh(exchange) {
      const spent = refreshToken
      if (spent === undefined) return Promise.resolve(undefined)
      const clearsBefore = clears
      refreshing ??= exchange(spent)
        .then((tokens) => {
          if (clears === clearsBefore) this.setTokens(tokens)
          return tokens
        })
        .finally(() => {
          refreshing = undefined
        })
      return refreshing
    },
    async logout(revoke) {
      await refreshing?.catch(() => undefined)
      const current = refreshToken
      if (current !== undefined) await revoke(current)
      this.clearTokens()
    },
  }
}
