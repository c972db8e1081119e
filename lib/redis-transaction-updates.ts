/**
 * The transaction update bus over Redis pub/sub (channel `preflight:transaction-updates`, one JSON
 * message `{tenantId, transaction}` per status change), for engines and edges in several
 * processes. Pub/sub keeps no backlog: an update published while an edge is disconnected never
 * reaches its sockets; the tracking endpoint still answers the current state.
 */
import { Redis } from 'ioredis'
import { toRedisSettingError } from './redis-setting-error.js'
import type { Logger } from './logger.js'
import { createTransactionUpdateListeners, type TransactionUpdate, type TransactionUpdates } from './transaction-updates.js'

export const DEFAULT_TRANSACTION_UPDATES_CHANNEL = 'preflight:transaction-updates'

/** Creates a bus on `channel`; resolves once subscribed, rejects (and closes both connections) if Redis is unreachable. */
export async function createRedisTransactionUpdates<Update extends TransactionUpdate>(
  redisUrl: string,
  options: { channel?: string; logger?: Logger } = {},
): Promise<TransactionUpdates<Update>> {
  const channel = options.channel ?? DEFAULT_TRANSACTION_UPDATES_CHANNEL
  const logger = options.logger
  const listeners = createTransactionUpdateListeners<Update>(logger)
  // A connection in subscriber mode may not PUBLISH, hence two. Once up, ioredis reconnects both
  // and re-subscribes the subscriber on its own; before that, a failure ends the connection, so
  // boot fails fast and no retry timer outlives it (as lib/redis-invalidation-bus.ts).
  let started = false
  const connectionOptions = {
    lazyConnect: true,
    retryStrategy: (attempt: number) => (started ? Math.min(attempt * 50, 2000) : null),
  }
  const publisher = new Redis(redisUrl, connectionOptions)
  const subscriber = new Redis(redisUrl, connectionOptions)
  let bootError: unknown
  const onBootError = (error: unknown) => {
    bootError ??= error
  }
  publisher.on('error', onBootError)
  subscriber.on('error', onBootError)
  subscriber.on('message', (from: string, message: string) => {
    if (from !== channel) return
    const update = fromUpdateMessage<Update>(message)
    if (update === null) {
      logger?.warn({ channel, message: message.slice(0, 200) }, 'ignored a malformed transaction update message')
      return
    }
    listeners.deliver(update.tenantId, update.transaction)
  })

  try {
    await Promise.all([publisher.connect(), subscriber.connect()])
    await subscriber.subscribe(channel)
  } catch (error) {
    // An ended connection is left alone: disconnecting it again arms a 2 s timer in ioredis.
    for (const connection of [publisher, subscriber]) if (connection.status !== 'end') connection.disconnect()
    // The cause is the connection's own earlier error, else the caught one.
    throw toRedisSettingError(redisUrl, 'transaction update bus', bootError ?? error)
  }
  started = true
  publisher.off('error', onBootError)
  subscriber.off('error', onBootError)
  if (logger) {
    // Without a logger, ioredis prints connection errors to the console itself.
    for (const [role, connection] of [
      ['publisher', publisher],
      ['subscriber', subscriber],
    ] as const) {
      connection.on('error', (error: unknown) => {
        logger.warn({ err: error, role, channel }, 'transaction update Redis connection error; ioredis reconnects')
      })
    }
  }

  let closing: Promise<void> | null = null
  return {
    async publish(tenantId, transaction) {
      if (closing) throw new Error('the transaction update bus is closed')
      // Not delivered locally: this process's listeners get it back from Redis like everyone else, exactly once.
      await publisher.publish(channel, JSON.stringify({ tenantId, transaction }))
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
    if (connection.status !== 'end') connection.disconnect()
  }
}

/**
 * The update a channel message carries, or null when it is not JSON of the expected shape. Only the
 * fields every update has are checked: the publishers are this service's engines.
 */
function fromUpdateMessage<Update extends TransactionUpdate>(message: string): { tenantId: string; transaction: Update } | null {
  let value: unknown
  try {
    value = JSON.parse(message)
  } catch {
    return null
  }
  if (typeof value !== 'object' || value === null) return null
  const { tenantId, transaction } = value as Record<string, unknown>
  if (typeof tenantId !== 'string' || typeof transaction !== 'object' || transaction === null) return null
  const { signature, status } = transaction as Record<string, unknown>
  if (typeof signature !== 'string' || typeof status !== 'string') return null
  return { tenantId, transaction: transaction as Update }
}
