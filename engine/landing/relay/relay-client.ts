/**
 * A bundle relay's JSON-RPC (Jito's block engine: `/api/v1/bundles`, `/api/v1/transactions`), one
 * HTTP POST per call and nothing more: no pacing, no retry. The relay allows a handful of calls a
 * second, so every call goes through its queue (relay-queue.ts), which owns the timing; this
 * client only says precisely what came back.
 *
 * What comes back, and why in three kinds:
 * - HTTP 429 (or Jito's rate-limit code -32097 in any answer) → `RelayRateLimitedError`: nothing
 *   happened, the same call can be sent again later; the queue does that.
 * - A JSON-RPC error → `RelayRpcError {code, message}`: the relay read the call and refused it
 *   (bundle already processed, tip too low…); only the caller can judge what that means.
 * - No answer, a timeout, a 5xx, another 4xx, or an answer whose shape is not the method's →
 *   `relay_unavailable`. Its message names the relay's host and what happened, never the URL:
 *   a relay URL may carry a key in its query, and the message reaches clients. The auth header is
 *   never logged or put in a message either.
 *
 * The base URL's query is kept on every call (keys in the query keep working);
 * `sendTransaction`'s `bundleOnly` is added to it.
 */
import { createHash } from 'node:crypto'
import { createServiceError } from '../../../lib/errors.js'
import { BodyTooLargeError, readCappedText } from '../../../lib/read-capped-text.js'
import { RELAY_RATE_LIMIT_CODE, RelayRateLimitedError, RelayRpcError } from './relay-errors.js'
import {
  readBundleStatuses,
  readInflightStatuses,
  readBundleId,
  readSignatureResult,
  readTipAccounts,
  type RelayBundleStatus,
  type RelayInflightStatus,
} from './relay-replies.js'

export type { RelayBundleStatus, RelayInflightStatus }

export interface RelayClientOptions {
  /** The block engine's base URL (`https://mainnet.block-engine.jito.wtf`); a query on it is kept. */
  url: string
  /** Sent as `x-jito-auth` when set (a relay UUID or key). */
  auth?: string | undefined
  /** Upper bound of one HTTP call, whatever the caller's signal says. */
  requestTimeoutMs: number
}

export interface RelaySentTransaction {
  signature: string
  /** The bundle the relay made of it (its `x-bundle-id` header); null when it sent none. */
  bundleId: string | null
}

export interface RelayClient {
  /** Sends a bundle (base64 wire transactions, in order); answers the relay's bundle id. */
  sendBundle(base64Transactions: readonly string[], signal?: AbortSignal): Promise<string>
  /** Landed bundles' statuses, in the order of `ids`; null for an id the relay does not list. */
  getBundleStatuses(ids: readonly string[], signal?: AbortSignal): Promise<Array<RelayBundleStatus | null>>
  /** Recently sent bundles' states, as the relay lists them. */
  getInflightBundleStatuses(ids: readonly string[], signal?: AbortSignal): Promise<RelayInflightStatus[]>
  /** The relay's tip accounts (base58). */
  getTipAccounts(signal?: AbortSignal): Promise<string[]>
  /** Sends one transaction; with `bundleOnly` the relay sends it as a one-transaction bundle only. */
  sendTransaction(base64: string, options: { bundleOnly: boolean }, signal?: AbortSignal): Promise<RelaySentTransaction>
  /** The relay's host (and port): what messages and logs name it by. */
  readonly host: string
  /** HTTP calls made, by JSON-RPC method (each retry counts). */
  readonly callsByMethod: ReadonlyMap<string, number>
}

/** Jito's derive_bundle_id: hex SHA-256 of the bundle's first signatures (base58) joined with ",". */
export function deriveBundleId(firstSignaturesBase58: readonly string[]): string {
  return createHash('sha256').update(firstSignaturesBase58.join(',')).digest('hex')
}

/** Jito's answers are a few KB (five statuses at most); anything past this is not a relay answering. */
export const MAX_RELAY_RESPONSE_BYTES = 1024 * 1024
const BUNDLES_PATH = '/api/v1/bundles'
const TRANSACTIONS_PATH = '/api/v1/transactions'
const ENCODING = { encoding: 'base64' } as const

interface JsonRpcAnswer {
  result?: unknown
  error?: unknown
}

/** What a failed fetch was, in words that carry no URL. */
function describeTransportError(error: unknown, requestTimeoutMs: number, method: string): string {
  if (error instanceof Error && error.name === 'TimeoutError') return `did not answer ${method} within ${requestTimeoutMs} ms`
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined
  const code = typeof cause?.code === 'string' ? cause.code : error instanceof Error ? error.name : 'error'
  return `could not be reached for ${method} (${code})`
}

function parseAnswer(text: string): JsonRpcAnswer | null {
  try {
    const parsed: unknown = JSON.parse(text)
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? parsed : null
  } catch {
    return null
  }
}

/** The relay's Retry-After in ms (seconds or an HTTP date), null when absent or unreadable. */
function readRetryAfterMs(value: string | null): number | null {
  if (value === null) return null
  const seconds = Number(value)
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000
  const at = Date.parse(value)
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now())
}

/** Creates a client for the relay at `url`; throws at once when the URL does not parse. */
export function createRelayClient({ url, auth, requestTimeoutMs }: RelayClientOptions): RelayClient {
  const base = new URL(url)
  const host = base.host
  const callsByMethod = new Map<string, number>()
  let nextId = 1

  function toCallUrl(path: string, query?: Record<string, string>): string {
    const target = new URL(base.href)
    target.pathname = base.pathname.replace(/\/+$/, '') + path
    for (const [name, value] of Object.entries(query ?? {})) target.searchParams.set(name, value)
    return target.href
  }
  const bundlesUrl = toCallUrl(BUNDLES_PATH)
  const transactionsUrl = toCallUrl(TRANSACTIONS_PATH)
  const bundleOnlyUrl = toCallUrl(TRANSACTIONS_PATH, { bundleOnly: 'true' })

  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (auth) headers['x-jito-auth'] = auth

  function unavailable(what: string): Error {
    return createServiceError('relay_unavailable', `The bundle relay at ${host} ${what}.`)
  }

  /** One POST; answers the JSON-RPC result (unchecked) and the response headers. */
  async function call(
    target: string,
    method: string,
    params: unknown[],
    signal?: AbortSignal,
  ): Promise<{ result: unknown; headers: Headers }> {
    callsByMethod.set(method, (callsByMethod.get(method) ?? 0) + 1)
    const body = JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params })
    const timeout = AbortSignal.timeout(requestTimeoutMs)
    let status: number
    let text: string
    let responseHeaders: Headers
    try {
      const response = await fetch(target, { method: 'POST', headers, body, signal: signal ? AbortSignal.any([signal, timeout]) : timeout })
      status = response.status
      responseHeaders = response.headers
      text = await readCappedText(response, MAX_RELAY_RESPONSE_BYTES)
    } catch (error) {
      if (signal?.aborted) throw signal.reason
      if (error instanceof BodyTooLargeError) throw unavailable(`answered ${method} with more than ${MAX_RELAY_RESPONSE_BYTES} bytes`)
      throw unavailable(describeTransportError(error, requestTimeoutMs, method))
    }
    if (status === 429) throw new RelayRateLimitedError(method, readRetryAfterMs(responseHeaders.get('retry-after')))
    if (status >= 500) throw unavailable(`answered ${method} with HTTP ${status}`)
    // A refused credential is the deployment's problem (RELAY_AUTH), not the caller's bundle.
    if (status === 401 || status === 403) throw unavailable(`refused ${method} with HTTP ${status}: check RELAY_AUTH`)
    const answer = parseAnswer(text)
    const error = answer?.error
    if (typeof error === 'object' && error !== null) {
      const { code, message, data } = error as { code?: unknown; message?: unknown; data?: unknown }
      if (code === RELAY_RATE_LIMIT_CODE) throw new RelayRateLimitedError(method, null)
      if (typeof code === 'number' && typeof message === 'string') throw new RelayRpcError(method, code, message, data)
    }
    if (status < 200 || status >= 300) throw unavailable(`answered ${method} with HTTP ${status}`)
    if (answer === null || !('result' in answer)) throw unavailable(`answered ${method} with something that is not JSON-RPC`)
    return { result: answer.result, headers: responseHeaders }
  }

  /** A result read by `read`, or relay_unavailable when it is not the method's shape. */
  function expect<T>(method: string, value: T | null): T {
    if (value === null) throw unavailable(`answered ${method} with a result of the wrong shape`)
    return value
  }

  return {
    host,
    callsByMethod,

    async sendBundle(base64Transactions, signal) {
      const { result } = await call(bundlesUrl, 'sendBundle', [base64Transactions, ENCODING], signal)
      return expect('sendBundle', readBundleId(result))
    },

    async getBundleStatuses(ids, signal) {
      const { result } = await call(bundlesUrl, 'getBundleStatuses', [ids], signal)
      return expect('getBundleStatuses', readBundleStatuses(result, ids))
    },

    async getInflightBundleStatuses(ids, signal) {
      const { result } = await call(bundlesUrl, 'getInflightBundleStatuses', [ids], signal)
      return expect('getInflightBundleStatuses', readInflightStatuses(result))
    },

    async getTipAccounts(signal) {
      const { result } = await call(bundlesUrl, 'getTipAccounts', [], signal)
      return expect('getTipAccounts', readTipAccounts(result))
    },

    async sendTransaction(base64, { bundleOnly }, signal) {
      const target = bundleOnly ? bundleOnlyUrl : transactionsUrl
      const { result, headers: answered } = await call(target, 'sendTransaction', [base64, ENCODING], signal)
      const bundleId = answered.get('x-bundle-id') || null
      return {
        signature: expect('sendTransaction', readSignatureResult(result)),
        bundleId: bundleId === null ? null : expect('sendTransaction (its x-bundle-id header)', readBundleId(bundleId)),
      }
    },
  }
}
