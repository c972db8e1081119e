/**
 * A Solana JSON-RPC client over HTTP with ordered fail-over: each call tries the configured URLs
 * in order and answers with the first that responds. Used on cold paths only (cache misses and
 * background refreshes), never awaited on a warm simulate.
 */
import { toEndpointHost } from '../../../lib/endpoint-host.js'
import { createServiceError } from '../../../lib/errors.js'
import { toRedactedText } from '../../../lib/redacted-text.js'

export interface JsonRpcClient {
  /** Calls `method` with `params`; rejects with `upstream_unavailable` when no URL answers. */
  call<T>(method: string, params: unknown[], signal?: AbortSignal): Promise<T>
  readonly urls: readonly string[]
  /** Calls made, by method (what the engine still asks RPC for: tests and operators count them). */
  readonly callsByMethod: ReadonlyMap<string, number>
}

/** An error a node answered with (a JSON-RPC `error` object), as opposed to a transport failure. */
export class JsonRpcResponseError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown,
  ) {
    super(message)
    this.name = 'JsonRpcResponseError'
  }
}

interface JsonRpcReply<T> {
  result?: T
  error?: { code: number; message: string; data?: unknown }
}

export interface JsonRpcClientOptions {
  urls: readonly string[]
  /** Upper bound of one HTTP attempt, whatever the caller's signal says. */
  requestTimeoutMs: number
}

/** Creates a client that tries `urls` in order for each call. */
export function createJsonRpcClient({ urls, requestTimeoutMs }: JsonRpcClientOptions): JsonRpcClient {
  let nextId = 1
  const callsByMethod = new Map<string, number>()

  async function callOne<T>(url: string, body: string, signal: AbortSignal): Promise<T> {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      signal,
    })
    if (!response.ok) throw new Error(`HTTP ${response.status}`)
    const reply = (await response.json()) as JsonRpcReply<T>
    if (reply.error) throw new JsonRpcResponseError(reply.error.code, reply.error.message, reply.error.data)
    return reply.result as T
  }

  async function call<T>(method: string, params: unknown[], signal?: AbortSignal): Promise<T> {
    callsByMethod.set(method, (callsByMethod.get(method) ?? 0) + 1)
    const body = JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params })
    const failures: string[] = []
    for (const url of urls) {
      const attempt = AbortSignal.timeout(requestTimeoutMs)
      const combined = signal ? AbortSignal.any([signal, attempt]) : attempt
      try {
        return await callOne<T>(url, body, combined)
      } catch (error) {
        // A node's own JSON-RPC error is an answer, not an outage: do not fail over on it.
        if (error instanceof JsonRpcResponseError) throw error
        if (signal?.aborted) throw signal.reason
        // By host: the URL may carry a key, and fetch quotes the whole URL when it refuses one with userinfo.
        failures.push(`${toEndpointHost(url)}: ${toRedactedText(error instanceof Error ? error.message : String(error))}`)
      }
    }
    throw createServiceError('upstream_unavailable', `no Solana RPC endpoint answered ${method}`, failures.join('; '))
  }

  return { call, urls, callsByMethod }
}
