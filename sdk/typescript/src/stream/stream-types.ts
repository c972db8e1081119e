/** The stream's options, events and pushes. */
import type { TrackedTransaction } from '../api-types.js'
import type { PreflightError } from '../errors.js'
import type { StreamEncoding } from './frame-codec.js'
import type { WebSocketConstructor } from './open-websocket.js'

export interface StreamOptions {
  encoding?: StreamEncoding
  /** Reconnect after the socket drops; default true. */
  reconnect?: boolean
  /** Give up after this many failed reconnects in a row; default Infinity. */
  maxReconnectAttempts?: number
  /** Messages awaiting answers at once; default 32 (what the service runs per socket). */
  maxInFlight?: number
  /** Wait while the socket holds more unsent bytes than this; default 1 MiB. */
  maxBufferedBytes?: number
  /** A WebSocket class instead of detection. */
  WebSocket?: WebSocketConstructor
}

/** A push of one of your tracked transactions' status changes. */
export interface TransactionPush {
  type: 'transaction'
  signature: string
  status: TrackedTransaction['status']
  outcome: TrackedTransaction['outcome']
  [field: string]: unknown
}

export interface StreamEvents extends Record<string, unknown> {
  open: undefined
  /** The socket closed; `willReconnect` says whether the stream tries again. */
  close: { code: number; reason: string; willReconnect: boolean }
  reconnect: { attempt: number }
  transaction: TransactionPush
  /** An error frame without an id, or a failed reconnect. */
  error: PreflightError
}

export interface MessageOptions {
  signal?: AbortSignal
}
