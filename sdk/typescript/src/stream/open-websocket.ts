/**
 * Opens a WebSocket with the platform's own class when there is one (browsers, Deno, Node 22+),
 * and with `ws` (an optional peer dependency) on Node 20, which has none. Only `ws` can send
 * headers on the handshake: with the platform's class the API key goes in `?api_key=` and a bearer
 * access token in `?access_token=` (what the service accepts from browsers).
 */
import { PreflightError, fromErrorEnvelope } from '../errors.js'

/** What the SDK uses of a WebSocket: the browser API, which `ws` implements too. */
export interface WebSocketLike {
  binaryType: string
  readonly readyState: number
  readonly bufferedAmount: number
  /** The URL it was opened with (browsers and ws have it). */
  readonly url?: string
  send(data: string | Uint8Array): void
  close(code?: number, reason?: string): void
  onopen: ((event: unknown) => void) | null
  onmessage: ((event: { data: unknown }) => void) | null
  onclose: ((event: { code: number; reason: string }) => void) | null
  onerror: ((event: { message?: string; error?: unknown }) => void) | null
}

export type WebSocketConstructor = new (url: string, options?: unknown) => WebSocketLike

export interface OpenWebSocketOptions {
  url: string
  apiKey: string | undefined
  /** Handshake headers (a bearer token, x-request-id); sent only through `ws`. */
  headers: Record<string, string>
  /** The bearer access token, for a platform WebSocket, which cannot send it as a header. */
  accessToken?: string | undefined
  /** A WebSocket class to use instead of detection (e.g. `ws`'s in an old runtime). */
  WebSocket?: WebSocketConstructor | undefined
}

export const OPEN = 1

async function loadWs(): Promise<WebSocketConstructor | undefined> {
  try {
    const module = (await import('ws')) as unknown as { WebSocket?: WebSocketConstructor; default?: WebSocketConstructor }
    return module.WebSocket ?? module.default
  } catch {
    return undefined
  }
}

/** A socket, connecting (wait for onopen). */
export async function openWebSocket(options: OpenWebSocketOptions): Promise<WebSocketLike> {
  const needsHeaders = Object.keys(options.headers).some((name) => name !== 'x-request-id')
  const platform = (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket
  // A browser's bundle of `ws` only throws; there the token goes in the query instead.
  const inBrowser = typeof (globalThis as { document?: unknown }).document !== 'undefined'
  const Ws = options.WebSocket ?? (platform && (!needsHeaders || inBrowser) ? undefined : await loadWs())
  if (Ws) return new Ws(options.url, { headers: { ...options.headers, ...(options.apiKey ? { 'x-api-key': options.apiKey } : {}) } })
  if (!platform) {
    throw new PreflightError({ code: 'invalid_input', message: 'this runtime has no WebSocket: install the ws package (npm install ws)' })
  }
  const url = new URL(options.url)
  if (options.apiKey) url.searchParams.set('api_key', options.apiKey)
  else if (options.accessToken) url.searchParams.set('access_token', options.accessToken)
  else if (needsHeaders) {
    throw new PreflightError({ code: 'invalid_input', message: 'these handshake headers need the ws package in this runtime' })
  }
  return new platform(url.toString())
}

/**
 * Opens a socket and waits for its handshake: a refused one (HTTP 401) is `unauthorized`, any other
 * failure `network_error`. A platform WebSocket (a browser's) reports a refused handshake as a bare
 * error event without its status, so its URL is then fetched plainly: that GET passes the same
 * authentication, and its 401 says the key was refused (a good key gets a 400, not a socket).
 */
export async function connectWebSocket(options: OpenWebSocketOptions): Promise<WebSocketLike> {
  const socket = await openWebSocket(options)
  const platform = (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket
  const hidesStatus = platform !== undefined && socket instanceof platform
  socket.binaryType = 'arraybuffer'
  await new Promise<void>((resolve, reject) => {
    socket.onopen = () => resolve()
    socket.onerror = (event) => {
      const message = event.message ?? String(event.error ?? 'the handshake failed')
      const refused = /\b401\b/.test(message)
      const failure = new PreflightError({ code: refused ? 'unauthorized' : 'network_error', message, status: refused ? 401 : 0 })
      if (refused || !hidesStatus || !socket.url) return reject(failure)
      // The close that follows the error must not settle it first.
      socket.onclose = () => undefined
      void getHandshakeRefusal(socket.url).then((refusal) => reject(refusal ?? failure))
    }
    socket.onclose = (event) => reject(new PreflightError({ code: 'network_error', message: `closed before opening (${event.code})` }))
  })
  // Errors after the handshake end in a close, which the stream handles.
  socket.onerror = () => undefined
  return socket
}

/** The `unauthorized` error of a WebSocket URL whose plain GET the service refuses with 401; undefined otherwise. */
async function getHandshakeRefusal(url: string): Promise<PreflightError | undefined> {
  try {
    const response = await fetch(url.replace(/^ws/, 'http'), { headers: { accept: 'application/json' } })
    if (response.status !== 401) return undefined
    return fromErrorEnvelope(401, await response.json().catch(() => undefined), response.headers)
  } catch {
    return undefined
  }
}
