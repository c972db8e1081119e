/**
 * The receiver's verification code of docs/webhooks.md#verifying, copied here word for word so the
 * delivery tests prove the documented code accepts what the worker sends.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'

/** Whether `header` (X-Preflight-Signature) signs `rawBody` with `secret`, made at most `toleranceSeconds` ago. */
export function verifyPreflightSignature(rawBody: string, header: string, secret: string, toleranceSeconds = 300): boolean {
  const parts = header.split(',').map((part) => part.split('=', 2) as [string, string])
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1])
  if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > toleranceSeconds) return false
  const expected = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest()
  return parts.some(([key, value]) => {
    if (key !== 'v1') return false
    const given = Buffer.from(value, 'hex')
    return given.length === expected.length && timingSafeEqual(given, expected)
  })
}
