/** Accounts: register, log in, log out, the profile, deleting the account. The tokens obtained are used (and refreshed) by the client. */
import type { AuthTokens, User } from '../api-types.js'
import type { Session } from '../auth/session.js'
import { PreflightError } from '../errors.js'
import type { HttpClient, RequestOptions } from '../http/http-client.js'

export interface AuthResource {
  /** Creates an account; the client then calls bearer routes with its tokens. */
  register(email: string, password: string, options?: RequestOptions): Promise<AuthTokens>
  /** Logs in; the client then calls bearer routes with the tokens. */
  login(email: string, password: string, options?: RequestOptions): Promise<AuthTokens>
  /** Exchanges the refresh token for a new pair now (the client also does it by itself when needed). */
  refresh(options?: RequestOptions): Promise<AuthTokens>
  /**
   * Revokes the client's refresh token and every token of its family on the service, then forgets
   * the pair (without a refresh token it only forgets). The access token already issued stays valid
   * until it expires; drop what `onTokens` stored. On failure the pair is kept: call it again.
   */
  logout(options?: RequestOptions): Promise<void>
  me(options?: RequestOptions): Promise<User>
  /** Soft-deletes the account: every token and API key of it stops working. */
  deleteAccount(options?: RequestOptions): Promise<{ message: string }>
}

export function createAuthResource(http: HttpClient, session: Session): AuthResource {
  const signIn = async (path: string, email: string, password: string, options?: RequestOptions) => {
    const tokens = await http.request<AuthTokens>({
      method: 'POST',
      path,
      auth: 'none',
      idempotent: false,
      body: { email, password },
      ...options,
    })
    session.setTokens(tokens)
    return tokens
  }
  return {
    register: (email, password, options) => signIn('/auth/register', email, password, options),
    login: (email, password, options) => signIn('/auth/login', email, password, options),
    async refresh(options) {
      const tokens = await session.refresh((refreshToken) =>
        http.request<AuthTokens>({
          method: 'POST',
          path: '/auth/refresh',
          auth: 'none',
          idempotent: false,
          body: { refresh_token: refreshToken },
          ...options,
        }),
      )
      if (!tokens)
        throw new PreflightError({ code: 'invalid_input', message: 'no refresh token: log in, or pass refreshToken to the client' })
      return tokens
    },
    logout: (options) =>
      session.logout((refreshToken) =>
        // Idempotent: the service answers alike however often a token is revoked, so retries are safe.
        http.request<{ revoked: true }>({
          method: 'POST',
          path: '/auth/logout',
          auth: 'none',
          idempotent: true,
          body: { refresh_token: refreshToken },
          ...options,
        }),
      ),
    me: (options) => http.request<User>({ method: 'GET', path: '/auth/me', auth: 'bearer', idempotent: true, ...options }),
    deleteAccount: (options) => http.request({ method: 'DELETE', path: '/auth/account', auth: 'bearer', idempotent: false, ...options }),
  }
}
