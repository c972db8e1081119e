/** Raw HTTP calls to a test localnet's bundle relay, as a block-engine client makes them. */
import type { RpcAnswer } from './localnet-start.js'

export type RelayAnswer = { status: number; headers: Headers; body: RpcAnswer; text: string }

/** POSTs `body` (a string is sent as is) to `path` of the relay. */
export async function postRelay(relayUrl: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<RelayAnswer> {
  const res = await fetch(`${relayUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  const text = await res.text()
  let parsed: RpcAnswer = {}
  try {
    parsed = JSON.parse(text) as RpcAnswer
  } catch {
    // Left empty: the test reads `text`.
  }
  return { status: res.status, headers: res.headers, body: parsed, text }
}

/** Calls a relay method on the path the block engine serves it on (sendTransaction: /api/v1/transactions). */
export function callRelay(
  relayUrl: string,
  method: string,
  params: unknown[] = [],
  options: { path?: string; headers?: Record<string, string>; id?: number } = {},
): Promise<RelayAnswer> {
  const path = options.path ?? (method === 'sendTransaction' ? '/api/v1/transactions' : '/api/v1/bundles')
  return postRelay(relayUrl, path, { jsonrpc: '2.0', id: options.id ?? 1, method, params }, options.headers)
}
