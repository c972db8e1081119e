/**
 * One webhook POST: the signed body to the endpoint's URL, within a timeout, through node:http(s)
 * with a lookup that checks every address the name resolves to at connection time (the policy of
 * webhook-url-policy.ts), so a name that resolved to a public address when the endpoint was
 * registered cannot be rebound to a private one afterwards.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import type { LookupFunction } from 'node:net'
import { getRefusedAddressReason } from './webhook-url-policy.js'

export type WebhookSendResult =
  { ok: boolean; statusCode: number; latencyMs: number; error: null } | { ok: false; statusCode: null; latencyMs: number; error: string }

/** A lookup that refuses, as a connection error, any address the policy refuses. */
function createGuardedLookup(allowPrivateUrls: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 4)
      for (const { address } of addresses) {
        const reason = getRefusedAddressReason(address, { allowPrivateUrls })
        if (reason !== null)
          return callback(Object.assign(new Error(`refused address ${address}: ${reason}`), { code: 'EREFUSEDADDRESS' }), '', 4)
      }
      const [first] = addresses
      if (!first) return callback(Object.assign(new Error(`${hostname} does not resolve`), { code: 'ENOTFOUND' }), '', 4)
      // Node asks for every address when it races IPv4 and IPv6 (autoSelectFamily).
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses)
      callback(null, first.address, first.family)
    })
  }
}

export interface SendWebhookOptions {
  url: string
  body: string
  headers: Record<string, string>
  timeoutMs: number
  allowPrivateUrls: boolean
}

/** POSTs once; any 2xx is `ok`. Never throws: a transport failure is `error`. */
export function sendWebhook({ url, body, headers, timeoutMs, allowPrivateUrls }: SendWebhookOptions): Promise<WebhookSendResult> {
  const started = performance.now()
  const latency = () => Math.round(performance.now() - started)
  return new Promise((resolve) => {
    const parsed = new URL(url)
    const request = (parsed.protocol === 'https:' ? httpsRequest : httpRequest)(parsed, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'user-agent': 'preflight-webhooks/1',
        ...headers,
      },
      lookup: createGuardedLookup(allowPrivateUrls),
      signal: AbortSignal.timeout(timeoutMs),
    })
    request.on('response', (response) => {
      // The answer's body is not kept: only that it ended, so the socket can be reused or closed.
      response.resume()
      response.on('end', () => {
        const statusCode = response.statusCode ?? 0
        resolve({ ok: statusCode >= 200 && statusCode < 300, statusCode, latencyMs: latency(), error: null })
      })
      response.on('error', (error) => resolve({ ok: false, statusCode: null, latencyMs: latency(), error: error.message }))
    })
    request.on('error', (error) => {
      const message = error.name === 'AbortError' || error.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : error.message
      resolve({ ok: false, statusCode: null, latencyMs: latency(), error: message.slice(0, 500) })
    })
    request.end(body)
  })
}
