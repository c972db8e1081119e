/**
 * Webhook secrets and signatures (docs/webhooks.md#verifying): `X-Preflight-Signature:
 * t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`, one v1 per live secret, so a
 * receiver keeps verifying through a rotation.
 */
import { createHmac, randomBytes } from 'node:crypto'

export const WEBHOOK_SIGNATURE_HEADER = 'x-preflight-signature'

/** A new signing secret: `whsec_` and 32 random bytes in base64url. */
export function createWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`
}

/** The header value signing `body` at `timestampSeconds` with each of `secrets`. */
export function toWebhookSignatureHeader(secrets: readonly string[], timestampSeconds: number, body: string): string {
  const signatures = secrets.map((secret) => `v1=${createHmac('sha256', secret).update(`${timestampSeconds}.${body}`).digest('hex')}`)
  return [`t=${timestampSeconds}`, ...signatures].join(',')
}
