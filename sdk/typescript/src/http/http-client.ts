/**
 * Every REST call: the credential its route takes, a deadline and the caller's AbortSignal, the
 * Error envelope turned into a PreflightError, retries of idempotent calls (Retry-After honoured,
 * exponential back-off otherwise) and one token refresh on a 401.
 */
import type { AuthTokens } from '../api-types.js'
import type { AuthMode, Session } from '../auth/session.js'
import { PreflightError, fromErrorEnvelope } from '../errors.js'
import { createDeadline, sleep, toAbortError } from './abort.js'
import { getRetryDelayMs, type RetryOptions } from './retry-policy.js'

export interface RequestOptions {
  /** Cancels the call (and its retries). */
  signal?: AbortSignal
  /** Per attempt; the client's `timeoutMs` otherwise. */
  timeoutMs?: number
  /** Sent as x-request-id, to correlate with the service's logs. */
  requestId?: string
}

export interface HttpRequest extends RequestOptions {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  path: string
  auth: AuthMode
  /** Safe to send again after a failure that may have reached the service. */
  idempotent: boolean
  query?: Record<string, string | number | boolean | undefined> | undefined
  body?: unknown
}

export interface HttpClientOptions {
  baseUrl: string
  session: Session
  timeoutMs: number
  retry: Required<RetryOptions>
  fetch: typeof fetch
  userAgent?: string | undefined
}

export interface HttpClient {
  request<T>(request: HttpRequest): Promise<T>
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '')

  const exchangeRefreshToken = (refreshToken: string): Promise<AuthTokens> =>
    send<AuthTokens>({ method: 'POST', path: '/auth/refresh', auth: 'none', idempotent: false, body: { refresh_token: refreshToken } })

  async function send<T>(request: HttpRequest): Promise<T> {
    const url = new URL(baseUrl + request.path)
    for (const [name, value] of Object.entries(request.query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, String(value))
    }
    const headers: Record<string, string> = { accept: 'application/json', ...options.session.getHeaders(request.auth) }
    if (request.body !== undefined) headers['content-type'] = 'application/json'
    if (request.requestId) headers['x-request-id'] = request.requestId
    if (options.userAgent) headers['user-agent'] = options.userAgent
    const deadline = createDeadline(request.timeoutMs ?? options.timeoutMs, request.signal)
    try {
      let response: Response
      try {
        response = await options.fetch(url, {
          method: request.method,
          headers,
          body: request.body === undefined ? undefined : JSON.stringify(request.body),
          signal: deadline.signal,
        })
      } catch (error) {
        if (deadline.signal.aborted) throw toAbortError(deadline.signal, error)
        throw new PreflightError({ code: 'network_error', message: `${request.method} ${request.path}: ${String(error)}`, cause: error })
      }
      const text = await response.text().catch((error: unknown) => {
        throw deadline.signal.aborted ? toAbortError(deadline.signal, error) : error
      })
      let body: unknown = undefined
      if (text !== '') {
        try {
          body = JSON.parse(text)
        } catch (error) {
          if (response.ok)
            throw new PreflightError({ code: 'invalid_response', message: 'the answer is not JSON', status: response.status, cause: error })
        }
      }
      if (!response.ok) throw fromErrorEnvelope(response.status, body, response.headers)
      return body as T
    } finally {
      deadline.dispose()
    }
  }

  async function request<T>(request: HttpRequest): Promise<T> {
    const { session } = options
    let refreshed = false
    for (let attempt = 1; ; attempt++) {
      if (session.usesBearer(request.auth) && session.isExpiring()) {
        await session.refresh(exchangeRefreshToken)
        refreshed = true
      }
      try {
        return await send<T>(request)
      } catch (error) {
        if (!(error instanceof PreflightError)) throw error
        // A 401 did nothing on the service, so even a non-idempotent call may be sent again once.
        if (error.code === 'unauthorized' && !refreshed && session.usesBearer(request.auth) && session.refreshToken) {
          refreshed = true
          await session.refresh(exchangeRefreshToken)
          attempt--
          continue
        }
        const mayRepeat = request.idempotent || error.code === 'rate_limited' // a 429 refused before doing anything
        const delayMs = mayRepeat && !request.signal?.aborted ? getRetryDelayMs(error, attempt, options.retry) : undefined
        if (delayMs === undefined) throw error
        await sleep(delayMs, request.signal)
      }
    }
  }

  return { request }
}
