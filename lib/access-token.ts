/**
 * JWT access tokens (HS256, jose): signed by the user service, verified by the edge on every
 * bearer request without asking anyone. Both sides hold the same key (JWT_SECRET, a key file, or
 * the key generated under DATA_DIR for the embedded default).
 */
import { errors as JoseErrors, jwtVerify, SignJWT } from 'jose'

/** A user's role: no endpoint requires `admin` yet. */
export type Role = 'user' | 'admin'

/** Access tokens live 24 hours (docs/api.md#authentication). */
export const ACCESS_TOKEN_TTL_MS = 24 * 60 * 60 * 1000
const ISSUER = 'preflight'
const AUDIENCE = 'preflight-api'
export const MIN_SIGNING_KEY_BYTES = 32

export interface AccessTokenClaims {
  userId: string
  role: Role
  /** Epoch ms. */
  expiresAtMs: number
}

/** Signs an access token for `userId`, issued at `nowMs`. */
export async function createAccessToken(key: Uint8Array, userId: string, role: Role, nowMs: number): Promise<string> {
  const issuedAt = Math.floor(nowMs / 1000)
  return new SignJWT({ role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_MS / 1000)
    .sign(key)
}

/** The claims of a valid token at `nowMs`, or null for anything else (bad signature, expired, malformed). */
export async function verifyAccessToken(key: Uint8Array, token: string, nowMs: number): Promise<AccessTokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: new Date(nowMs),
      clockTolerance: 0,
    })
    const role = payload.role
    if (typeof payload.sub !== 'string' || (role !== 'user' && role !== 'admin') || typeof payload.exp !== 'number') return null
    return { userId: payload.sub, role, expiresAtMs: payload.exp * 1000 }
  } catch (error) {
    if (error instanceof JoseErrors.JOSEError || error instanceof TypeError) return null
    throw error
  }
}
