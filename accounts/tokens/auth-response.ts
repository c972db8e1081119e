/** The answer of register, login and refresh (docs/api.md#accounts-and-tokens). */
import { ACCESS_TOKEN_TTL_MS, createAccessToken } from '../../lib/access-token.js'
import type { AuthResponse, Role } from '../contract/index.js'

/** Signs an access token for the user and pairs it with `refreshToken`. */
export async function createAuthResponse(options: {
  signingKey: Uint8Array
  userId: string
  role: Role
  refreshToken: string
  nowMs: number
}): Promise<AuthResponse> {
  return {
    token: await createAccessToken(options.signingKey, options.userId, options.role, options.nowMs),
    refresh_token: options.refreshToken,
    token_type: 'Bearer',
    expires_in: ACCESS_TOKEN_TTL_MS / 1000,
  }
}
