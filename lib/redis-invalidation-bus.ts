/**
 * The auth invalidation bus over Redis pub/sub, for edges that run in several processes. Pub/sub
 * keeps no backlog: an event published while an edge is disconnected never reaches it, so the
 * auth cache's own TTL stays the bound on staleness.
 */
import { Redis } from 'ioredis'
import type { AuthInvalidation } from './auth-invalidation.js'
import { createInvalidationListeners, type InvalidationBus } from './auth-invalidation.js'
import type { Logger } from './logger.js'
import { toRedisSettingError } from './redis-setting-error.js'

export const DEFAULT_INVALIDATION_CHANNEL = 'preflight:auth-invalidation'

/** Creates a bus on `channel`; resolves once subscribed, rejects (and closes both connections) if Redis is unreachable. */
export async function createRedisInvalidationBus(
  redisUrl: string,
  options: { channel?: string; logger?: Logger } = {},
): Promise<InvalidationBus> {
  const channel = options.channel ?? DEFAULT_INVALIDATION_CHANNEL
  const logger = options.logger
  const listeners = createInvalidationListeners(logger)
  // A connection in subscriber mode may not PUBLISH, hence two. Once up, ioredis reconnects both
  // (its default back-off) and re-subscribes the subscriber on its own (autoResubscribe). Before
  // that, a failure ends the connection: boot fails fast, and no retry timer outlives it.
  let started = false
  const connectionOptions = {
    lazyConnect: true,
    retryStrategy: (attempt: number) => (started ? Math.min(attempt * 50, 2000) : null),
  }
  const publisher = new Redis(redisUrl, connectionOptions)
  const subscriber = new Redis(redisUrl, connectionOptions)
  // Boot errors become the cause of the rejection below instead of console noise.
  let bootError: unknown
  const onBootError = (error: unknown) => {
    bootError ??= error
  }
  publisher.on('error', onBootError)
  subscriber.on('error', onBootError)
  subscriber.on('message', (from: string, message: string) => {
    if (from !== channel) return
    const event = fromInvalidationMessage(message)
    if (event === null) {
      logger?.warn({ channel, message: message.slice(0, 200) }, 'ignored a malformed auth invalidation message')
      return
    }
    listeners.deliver(event)
  })

  try {
    await Promise.all([publisher.connect(), subscriber.connect()])
    await subscriber.subscribe(channel)
  } catch (error) {
    // An ended connection is left alone: disconnecting it again arms a 2 s timer in ioredis.
    for (const connection of [publisher, subscriber]) if (connection.status !== 'end') connection.disconnect()
    // The connection's own error event, when there was one, says more than the rejection it caused.
    throw toRedisSettingError(redisUrl, 'auth invalidation bus', bootError ?? error)
  }
  started = true
  // Pub/sub keeps no backlog: whatever was published while the subscriber was away is lost, so
  // after a reconnect every cache forgets everything rather than trust entries it cannot check.
  subscriber.on('ready', () => {
    logger?.warn({ channel }, 'auth invalidation subscriber reconnected; dropping every cached credential')
    listeners.deliver({ kind: 'all' })
  })
  publisher.off('error', onBootError)
  subscriber.off('error', onBootError)
  if (logger) {
    // Without a logger, ioredis prints connection errors to the console itself.
    for (const [role, connection] of [
      ['publisher', publisher],
      ['subscriber', subscriber],
    ] as const) {
      connection.on('error', (error: unknown) => {
        logger.warn({ err: error, role, channel }, 'auth invalidation Redis connection error; ioredis reconnects')
      })
    }
  }

  let closing: Promise<void> | null = null
  return {
    async publish(event) {
      if (closing) throw new Error('the auth invalidation bus is closed')
      // Not delivered locally: this process's listeners get it back from Redis like everyone else, exactly once.
      await publisher.publish(channel, JSON.stringify(event))
    },
    subscribe(listener) {
      return listeners.add(listener)
    },
    close() {
      closing ??= (async () => {
        listeners.clear()
        await Promise.all([closeConnection(publisher), closeConnection(subscriber)])
      })()
      return closing
    },
  }
}

/** QUIT waits for the replies already asked for; a connection that cannot take it is dropped. */
async function closeConnection(connection: Redis): Promise<void> {
  try {
    await connection.quit()
  } catch {
    // An ended connection is left alone: disconnecting it again arms a 2 s timer in ioredis.
    if (connection.status !== 'end') connection.disconnect()
  }
}

/** The event a channel message carries, or null when it is not JSON of a known shape. Unknown fields are dropped. */
function fromInvalidationMessage(message: string): AuthInvalidation | null {
  let value: unknown
  try {
    value = JSON.parse(message)
  } catch {
    return null
  }
  if (typeof value !== 'object' || value === null) return null
  const { kind, userId, apiKeyId } = value as Record<string, unknown>
  if (typeof userId !== 'string') return null
  if (kind === 'user' || kind === 'program_blocks') return { kind, userId }
  if (kind === 'api_key' && typeof apiKeyId === 'string') return { kind, userId, apiKeyId }
  return null
}
