/**
 * One Yellowstone Subscribe stream to one endpoint, kept open: slots, block metadata and the
 * accounts of the hot set. A stream silent for `stallMs` (pongs included) is dropped and reopened
 * with exponential back-off and jitter, resuming `from_slot` at the last processed slot seen; a
 * server that cannot replay that far (INVALID_ARGUMENT) is asked again without it.
 */
import type { Logger } from '../../lib/logger.js'
import { getReconnectDelayMs } from './reconnect-delay.js'
import {
  type ClientDuplexStream,
  type SubscribeUpdate,
  type YellowstoneClient,
  CommitmentLevel,
  SlotStatus,
  YellowstoneClientClass,
  toSubscribeRequest,
} from './yellowstone-client.js'

export type GeyserState = 'connected' | 'connecting' | 'disconnected'

export type GeyserAccountUpdate = NonNullable<SubscribeUpdate['account']>
export type GeyserBlockMeta = NonNullable<SubscribeUpdate['blockMeta']>

export interface GeyserSubscriptionOptions {
  endpoint: string
  token?: string | undefined
  /** Silence after which the stream is considered stalled. */
  stallMs: number
  /** Ping interval; default 10 s, or stallMs / 2 when shorter, so a quiet but live server is never taken for stalled. */
  pingMs?: number
  backoffBaseMs?: number
  backoffMaxMs?: number
  logger: Logger
  onAccount?: (update: GeyserAccountUpdate) => void
  onBlockMeta?: (meta: GeyserBlockMeta) => void
  /** A processed or confirmed slot (finalized is not passed on). */
  onSlot?: (slot: number, status: 'processed' | 'confirmed') => void
  onStateChange?: (state: GeyserState) => void
}

export interface GeyserSubscriptionStats {
  /** Subscribe streams opened. */
  opens: number
  /** Streams dropped for silence. */
  stalls: number
  /** Streams whose from_slot the server refused. */
  fromSlotRefusals: number
  /** from_slot of the latest open that asked for one (undefined: none yet). */
  lastFromSlot: number | undefined
  /** Account-filter changes the server has confirmed (the pong of the ping sent after each). */
  filterUpdatesApplied: number
}

export interface GeyserSubscription {
  readonly state: GeyserState
  /** The last processed slot seen (0: none yet). */
  readonly lastSlot: number
  readonly stats: Readonly<GeyserSubscriptionStats>
  /** Replaces the followed accounts (base58), on the open stream if there is one. */
  setAccounts(addresses: readonly string[]): void
  /** Opens the stream (and keeps reopening it until close). */
  start(): void
  close(): void
}

const MAX_PING_MS = 10_000

/** Creates the subscription; nothing connects before `start()`. */
export function createGeyserSubscription(options: GeyserSubscriptionOptions): GeyserSubscription {
  const { logger } = options
  const pingMs = options.pingMs ?? Math.min(MAX_PING_MS, Math.max(10, Math.floor(options.stallMs / 2)))
  const backoffBaseMs = options.backoffBaseMs ?? 100
  const backoffMaxMs = options.backoffMaxMs ?? 5_000
  const stats: GeyserSubscriptionStats = { opens: 0, stalls: 0, fromSlotRefusals: 0, lastFromSlot: undefined, filterUpdatesApplied: 0 }
  let state: GeyserState = 'disconnected'
  let lastSlot = 0
  let accounts: readonly string[] = []
  let stream: ClientDuplexStream | undefined
  let closed = true
  let attempt = 0
  let useFromSlot = true
  let lastMessageAt = 0
  let pingId = 0
  /** The ping sent after the latest filter change: the server answers requests in order. */
  let filterPingId = -1
  let pingTimer: NodeJS.Timeout | undefined
  let stallTimer: NodeJS.Timeout | undefined
  let reconnectTimer: NodeJS.Timeout | undefined

  function setState(next: GeyserState): void {
    if (state === next) return
    state = next
    options.onStateChange?.(next)
  }

  function buildRequest(fromSlot: number | undefined): Record<string, unknown> {
    return {
      // Confirmed, as the RPC reads are, so a stream update and an RPC read compare by slot.
      commitment: CommitmentLevel.CONFIRMED,
      slots: { slots: { filterByCommitment: false } },
      blocksMeta: { blocks: {} },
      accounts: accounts.length === 0 ? {} : { hot: { account: accounts, owner: [], filters: [] } },
      ...(fromSlot === undefined ? {} : { fromSlot: String(fromSlot) }),
    }
  }

  function write(target: ClientDuplexStream, request: Record<string, unknown>): void {
    target.write(toSubscribeRequest(request), (error?: Error | null) => {
      if (error) logger.debug({ err: error }, 'geyser write failed')
    })
  }

  /** Replaces the open stream's filters, then pings: the pong says they are in place. */
  function sendFilters(target: ClientDuplexStream): void {
    write(target, buildRequest(undefined))
    filterPingId = ++pingId
    write(target, { ping: { id: filterPingId } })
  }

  function onUpdate(update: SubscribeUpdate): void {
    lastMessageAt = Date.now()
    if (state !== 'connected') {
      attempt = 0
      setState('connected')
    }
    if (update.account) {
      options.onAccount?.(update.account)
    } else if (update.slot) {
      const slot = Number(update.slot.slot)
      if (update.slot.status === SlotStatus.SLOT_PROCESSED) {
        if (slot > lastSlot) lastSlot = slot
        options.onSlot?.(slot, 'processed')
      } else if (update.slot.status === SlotStatus.SLOT_CONFIRMED) {
        options.onSlot?.(slot, 'confirmed')
      }
    } else if (update.blockMeta) {
      options.onBlockMeta?.(update.blockMeta)
    } else if (update.pong && update.pong.id === filterPingId) {
      stats.filterUpdatesApplied++
    }
  }

  function drop(target: ClientDuplexStream, reason: string, error?: unknown): void {
    if (stream !== target) return // already replaced
    stream = undefined
    clearInterval(pingTimer)
    clearInterval(stallTimer)
    target.removeAllListeners('data')
    target.destroy()
    if (closed) return
    logger.warn({ err: error, reason, lastSlot }, 'geyser stream dropped')
    setState('disconnected')
    scheduleReconnect()
  }

  function scheduleReconnect(): void {
    const delayMs = getReconnectDelayMs(attempt++, backoffBaseMs, backoffMaxMs)
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined
      void open()
    }, delayMs)
    reconnectTimer.unref()
  }

  async function open(): Promise<void> {
    if (closed) return
    setState('connecting')
    const fromSlot = useFromSlot && lastSlot > 0 ? lastSlot : undefined
    let client: YellowstoneClient
    let opened: ClientDuplexStream
    let sentAccounts = accounts
    try {
      client = new YellowstoneClientClass(options.endpoint, options.token, {})
      await client.connect()
      // The request goes with the call: without one the client sends an empty request first.
      sentAccounts = accounts
      opened = await client.subscribe(toSubscribeRequest(buildRequest(fromSlot)))
    } catch (error) {
      if (closed) return
      logger.warn({ err: error, endpoint: options.endpoint }, 'geyser connect failed')
      setState('disconnected')
      scheduleReconnect()
      return
    }
    if (closed) {
      opened.destroy()
      return
    }
    stream = opened
    stats.opens++
    if (fromSlot !== undefined) stats.lastFromSlot = fromSlot
    lastMessageAt = Date.now()
    opened.on('data', onUpdate)
    opened.on('error', (error: Error & { cause?: unknown }) => {
      // The native client reports every status as "subscribe stream receive failed"; the code is in the cause.
      if (fromSlot !== undefined && /invalid argument/i.test(String(error.cause ?? '')) && /from_slot/.test(String(error.cause))) {
        stats.fromSlotRefusals++
        useFromSlot = false
      }
      drop(opened, 'error', error)
    })
    opened.on('close', () => drop(opened, 'closed'))
    opened.on('end', () => drop(opened, 'ended'))
    // The hot set changed while the call was being opened.
    if (accounts !== sentAccounts) sendFilters(opened)
    // A ping at once: its pong marks the stream connected even when the chain is quiet.
    write(opened, { ping: { id: ++pingId } })
    useFromSlot = true
    pingTimer = setInterval(() => write(opened, { ping: { id: ++pingId } }), pingMs)
    pingTimer.unref()
    stallTimer = setInterval(
      () => {
        if (Date.now() - lastMessageAt < options.stallMs) return
        stats.stalls++
        drop(opened, 'stalled')
      },
      Math.max(10, Math.floor(options.stallMs / 4)),
    )
    stallTimer.unref()
  }

  return {
    get state() {
      return state
    },
    get lastSlot() {
      return lastSlot
    },
    stats,
    setAccounts(addresses) {
      accounts = addresses
      if (stream) sendFilters(stream)
    },
    start() {
      if (!closed) return
      closed = false
      void open()
    },
    close() {
      closed = true
      clearTimeout(reconnectTimer)
      if (stream) drop(stream, 'closed by engine')
      setState('disconnected')
    },
  }
}
