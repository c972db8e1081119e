/**
 * Verifies a webhook delivery's X-Preflight-Signature (`t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "t.rawBody">`, several v1 while a secret rotates) with Web Crypto, so it runs in Node, Deno,
 * edge runtimes and browsers alike (docs/webhooks.md#verifying).
 */

export interface VerifyWebhookOptions {
  /** Refuse a signature made longer ago (or ahead) than this; default 300 s (replays). */
  toleranceSeconds?: number
  /** Injected clock, in ms. */
  nowMs?: number
}

/** Whether `header` signs `rawBody` (the bytes as received, before parsing) with `secret`. */
export async function verifyWebhookSignature(
  rawBody: string | Uint8Array,
  header: string | null | undefined,
  secret: string,
  options: VerifyWebhookOptions = {},
): Promise<boolean> {
  if (!header) return false
  const parts = header.split(',').map((part) => {
    const at = part.indexOf('=')
    return at < 0 ? ['', ''] : [part.slice(0, at).trim(), part.slice(at + 1).trim()]
  })
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1])
  const nowSeconds = (options.nowMs ?? Date.now()) / 1000
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > (options.toleranceSeconds ?? 300)) return false
  const encoder = new TextEncoder()
  const body = typeof rawBody === 'string' ? encoder.encode(rawBody) : rawBody
  const signed = new Uint8Array([...encoder.encode(`${timestamp}.`), ...body])
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify'])
  for (const [name, value] of parts) {
    if (name !== 'v1' || !value || !/^[0-9a-f]+$/i.test(value) || value.length % 2 !== 0) continue
    const given = new Uint8Array(value.match(/../g)?.map((pair) => parseInt(pair, 16)) ?? [])
    // subtle.verify compares in constant time.
    if (await crypto.subtle.verify('HMAC', key, given, signed)) return true
  }
  return false
}
