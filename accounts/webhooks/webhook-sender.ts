/**
 * One webhook POST: the signed body to the endpoint's URL, within a timeout, through node:http(s).
 * The URL's own refusals (scheme, credentials, an address literal, which the socket connects to
 * without a lookup) are checked first; a host name is resolved by a lookup that checks every
 * address it answers and hands the socket only checked ones (the policy of webhook-url-policy.ts),
 * so a name that resolved to a public address when the endpoint was registered cannot be rebound
 * to a private one afterwards (DNS rebinding): the socket connects to the address that was checked.
 */
import type { LookupAddress } from 'node:dns'
import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import type { LookupFunction } from 'node:net'
import { getAddressRefusal, getUrlRefusal, getWebhookHostLookup, type WebhookUrlPolicy } from './webhook-url-policy.js'

/**
 * An HTTP answer (any status), or none — and then why, for the operator's log: a refused
 * address, a DNS failure, a refused or reset connection, TLS, a timeout. Who shows the outcome to
 * the endpoint's owner decides how much of `cause` to tell (webhook-delivery-worker.ts: nothing).
 */
export type WebhookSendResult = { answered: true; statusCode: number; latencyMs: number } | { answered: false; cause: string }

/**
 * A lookup that resolves through the policy's resolver (c-ares: no thread of libuv's pool is held
 * however long a name's DNS stays silent) until `signal` aborts, and fails, as a connection error,
 * when any address the name resolves to is refused; otherwise it hands the socket the checked
 * addresses only.
 */
function createGuardedLookup(policy: WebhookUrlPolicy, signal: AbortSignal): LookupFunction {
  return (hostname, options, callback) => {
    const fail = (error: Error) => callback(error, '', 4)
    getWebhookHostLookup(policy)(hostname, signal).then(
      (resolved) => {
        for (const { address } of resolved) {
          const refusal = getAddressRefusal(address, policy)
          if (refusal !== null) return fail(Object.assign(new Error(`refused address ${refusal.reason}`), { code: 'EREFUSEDADDRESS' }))
        }
        // A socket bound to one family asks for that family only.
        const addresses = options.family === 4 || options.family === 6 ? resolved.filter((a) => a.family === options.family) : resolved
        const [first] = addresses
        if (!first) return fail(Object.assign(new Error(`${hostname} does not resolve`), { code: 'ENOTFOUND' }))
        // Node asks for every address when it races IPv4 and IPv6 (autoSelectFamily).
        if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses)
        callback(null, first.address, first.family)
      },
      (error: unknown) => fail(error instanceof Error ? error : new Error(String(error))),
    )
  }
}

export interface SendWebhookOptions {
  url: string
  body: string
  headers: Record<string, string>
  timeoutMs: number
  policy: WebhookUrlPolicy
}

/** What a transport failure was, in a line: the error's code and message. */
function toCause(error: Error & { code?: string }, timeoutMs: number): string {
  if (error.name === 'AbortError' || error.name === 'TimeoutError') return `no answer within ${timeoutMs} ms`
  return `${error.code ?? error.name}: ${error.message}`.slice(0, 500)
}

/** POSTs once. Never throws: no answer is `answered: false`. */
export function sendWebhook({ url, body, headers, timeoutMs, policy }: SendWebhookOptions): Promise<WebhookSendResult> {
  const started = performance.now()
  return new Promise((resolve) => {
    let parsed: URL
    try {
      parsed = new URL(url)
    } catch {
      return resolve({ answered: false, cause: 'not an absolute URL' })
    }
    const refused = getUrlRefusal(parsed, policy)
    if (refused !== null) return resolve({ answered: false, cause: `refused URL: ${refused.reason}` })
    // One deadline for the whole attempt: the name's resolution, the connection and the answer.
    const signal = AbortSignal.timeout(timeoutMs)
    const request = (parsed.protocol === 'https:' ? httpsRequest : httpRequest)(parsed, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'user-agent': 'preflight-webhooks/1',
        ...headers,
      },
      lookup: createGuardedLookup(policy, signal),
      signal,
    })
    request.on('response', (response) => {
      // The answer's body is not kept: only that it ended, so the socket can be reused or closed.
      response.resume()
      response.on('end', () =>
        resolve({ answered: true, statusCode: response.statusCode ?? 0, latencyMs: Math.round(performance.now() - started) }),
      )
      response.on('error', (error) => resolve({ answered: false, cause: toCause(error, timeoutMs) }))
      response.on('close', () => {
        if (!response.complete) resolve({ answered: false, cause: 'the answer was cut off' })
      })
    })
    request.on('error', (error) => resolve({ answered: false, cause: toCause(error, timeoutMs) }))
    request.end(body)
  })
}
