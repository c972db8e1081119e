/**
 * The bounds that keep one PubSub client from taking the localnet's memory: how many connections,
 * subscriptions per connection, bytes per incoming frame, bytes waiting to be sent to a client
 * that does not read, and notifications held for a commitment not yet reached.
 */
export type PubSubLimits = {
  /** Open connections at once; the next is closed at once with 1013 (try again later). */
  readonly maxConnections: number
  /** Active subscriptions per connection; the next subscribe is answered with an error. */
  readonly maxSubscriptionsPerConnection: number
  /** Largest incoming frame; a larger one closes the connection with 1009 (message too big). */
  readonly maxMessageBytes: number
  /** Bytes a connection may have unsent (a client that stops reading); past it: closed with 1008. */
  readonly maxBufferedBytes: number
  /** Notifications a connection may have waiting for their commitment; past it: closed with 1008. */
  readonly maxHeldNotifications: number
}

export const DEFAULT_PUBSUB_LIMITS: PubSubLimits = Object.freeze({
  maxConnections: 1_000,
  maxSubscriptionsPerConnection: 1_000,
  // Agave's PubSub reads requests of at most 50 KiB; a subscribe is a few hundred bytes.
  maxMessageBytes: 64 * 1024,
  maxBufferedBytes: 16 * 1024 * 1024,
  maxHeldNotifications: 100_000,
})

/** WebSocket close codes (RFC 6455) the server closes with, each for one reason. */
export const CLOSE_POLICY_VIOLATION = 1008
export const CLOSE_TRY_AGAIN_LATER = 1013
export const CLOSE_GOING_AWAY = 1001
