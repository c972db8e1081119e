/**
 * Signing in, out and back in after a reload.
 *
 * - The **access token** (24 h) lives only in memory, inside the SDK's client: nothing on disk
 *   or in storage a script could read after the tab is gone. The SDK refreshes it a minute before
 *   it expires and after a 401 (docs/api.md#accounts-and-tokens).
 * - The **refresh token** lives in this tab's `sessionStorage`, so a reload of the tab keeps you
 *   signed in, another tab or a closed browser does not. Every refresh rotates it (the stored
 *   one is replaced on each new pair), and presenting a spent one again revokes its whole
 *   family. The page runs no script but its own (Content-Security-Policy `script-src 'self'`),
 *   which is what stands between it and a script that would read it.
 * - **Log out** asks the service to revoke the refresh token's family, then forgets both tokens.
 */
import { PreflightClient, type AuthTokens } from '@preflight/sdk'

const REFRESH_TOKEN_KEY = 'preflight.refresh_token'

function storeTokens(tokens: AuthTokens): void {
  sessionStorage.setItem(REFRESH_TOKEN_KEY, tokens.refresh_token)
}

/** A client on this origin's API with no credential yet; every token pair it obtains is stored. */
export function createDashboardClient(refreshToken?: string): PreflightClient {
  return new PreflightClient({ baseUrl: location.origin, refreshToken, onTokens: storeTokens })
}

/** The session a reload left behind: a client signed in again with the stored refresh token, or undefined. */
export async function resumeSession(): Promise<PreflightClient | undefined> {
  const refreshToken = sessionStorage.getItem(REFRESH_TOKEN_KEY)
  if (!refreshToken) return undefined
  const client = createDashboardClient(refreshToken)
  try {
    await client.auth.refresh()
    return client
  } catch {
    sessionStorage.removeItem(REFRESH_TOKEN_KEY)
    return undefined
  }
}

/** Forgets the tokens of this tab. */
export function forgetSession(): void {
  sessionStorage.removeItem(REFRESH_TOKEN_KEY)
}
