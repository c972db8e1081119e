/**
 * One Yellowstone Subscribe stream to one endpoint, kept open: slots, block metadata, the
 * accounts of the hot set (plus pinned ones) and the non-vote transactions that include chosen
 * programs or the accounts simulations wrote (one transaction filter, its account_include both).
 * A stream silent for `stallMs` (pongs included) is dropped and reopened with exponential
 * back-off and jitter, resuming `from_slot` at the last confirmed slot seen; a server that cannot
 * replay that far (INVALID_ARGUMENT) is asked again without it.
 *
 * Coverage: the subscription knows since when each followed account has had every change
 * streamed without a gap (`getCoverageStartMs`): from the pong that confirmed the filter naming
 * it, kept across a reconnect that replayed from_slot, restarted after one that could not. The
 * cache trusts an entry without asking RPC only while it is covered.
 */
import { toEndpointHost } from '../../../lib/endpoint-host.js'
import type { Logger } from '../../../lib/logger.js'
import type { GeyserState } from '../../contract/engine-health.js'
import type { AccountKey } from '../state/account-key.js'
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

/** A stream's state, as the engine's health reports it (engine/contract/engine-health.ts). */
export type { GeyserState }

export type GeyserAccountUpdate = NonNullable<SubscribeUpdate['account']>
export type GeyserBlockMeta = NonNullable<SubscribeUpdate['blockMeta']>
export type GeyserTransactionUpdate = NonNullable<SubscribeUpdate['transaction']>

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
  /** Accounts always followed (base58), beside the hot set: the Clock sysvar. */
  pinnedAccounts?: readonly string[]
  /** Non-vote transactions that include any of these programs (base58) are streamed, beside setAccounts' transaction accounts. */
  transactionPrograms?: readonly string[]
  onAccount?: (update: GeyserAccountUpdate) => void
  onTransaction?: (update: GeyserTransactionUpdate) => void
  onBlockMeta?: (meta: GeyserBlockMeta) => void
  /**
   * A slot that reached a commitment, or died (a fork the cluster abandoned: what was read at
   * its slot never happened); a caller that follows only processed and confirmed ignores the rest.
   */
  onSlot?: (slot: number, status: 'processed' | 'confirmed' | 'finalized' | 'dead') => void
  onStateChange?: (state: GeyserState) => void
  /** Keys whose coverage began at `atMs`: a state confirmed before then may have missed a change. */
  onCoverageStart?: (keys: readonly AccountKey[], atMs: number) => void
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
  /** The endpoint's host and port: what health and logs name it by (its URL may carry a token). */
  readonly host: string
  readonly state: GeyserState
  /** The last processed slot seen (0: none yet). */
  readonly lastSlot: number
  /** The last confirmed slot seen (0: none yet): where a reconnect resumes. */
  readonly lastConfirmedSlot: number
  /**
   * While connected, the first slot from which this stream has shown every block (undefined:
   * disconnected, or no block yet since coverage began).
   */
  readonly blockCoverageFrom: number | undefined
  readonly stats: Readonly<GeyserSubscriptionStats>
  /**
   * Replaces the followed accounts (keys and their base58) and the accounts whose transactions are
   * streamed beside the programs' (base58), on the open stream if there is one.
   */
  setAccounts(keys: readonly AccountKey[], addresses: readonly string[], transactionAccounts?: readonly string[]): void
  /** Since when (ms) every change of `key` has been streamed without a gap; undefined when it is not. */
  getCoverageStartMs(key: AccountKey): number | undefined
  /** Opens the stream (and keeps reopening it until close). */
  start(): void
  close(): void
}

const MAX_PING_MS = 10_000

/**
 * Large HTTP/2 windows, as for any high-volume geyser stream. They matter beyond throughput: the
 * client's h2 closes a connection (GOAWAY ENHANCE_YOUR_CALM "too_many_data_frames") when too many
 * small DATA frames wait unread, and sizes that budget from the connection window. A burst of
 * slot updates from a server that sends one frame per message (grpc-js) trips the default.
 */
const CHANNEL_OPTIONS = {
  grpcInitialConnectionWindowSize: 32 * 1024 * 1024,
  grpcInitialStreamWindowSize: 16 * 1024 * 1024,
  grpcHttp2AdaptiveWindow: false,
}

/** Creates the subscription; nothing connects before `start()`. */
export function createGeyserSubscription(options: GeyserSubscriptionOptions): GeyserSubscription {
  const { logger } = options
  const host = toEndpointHost(options.endpoint)
  const pingMs = options.pingMs ?? Math.min(MAX_PING_MS, Math.max(10, Math.floor(options.stallMs / 2)))
  const backoffBaseMs = options.backoffBaseMs ?? 100
  const backoffMaxMs = options.backoffMaxMs ?? 5_000
  const stats: GeyserSubscriptionStats = { opens: 0, stalls: 0, fromSlotRefusals: 0, lastFromSlot: undefined, filterUpdatesApplied: 0 }
  let state: GeyserState = 'disconnected'
  let lastSlot = 0
  let lastConfirmedSlot = 0
  let accountKeys: readonly AccountKey[] = []
  let accounts: readonly string[] = []
  let transactionAccounts: readonly string[] = []
  /** Followed key → since when its changes have been streamed without a gap. */
  const coveredSince = new Map<AccountKey, number>()
  /** The keys of the filter awaiting its pong. */
  let filterKeys: readonly AccountKey[] = []
  /** The keys the current stream was opened with, and whether it resumed with from_slot. */
  let openKeys: readonly AccountKey[] = []
  let openedWithReplay = false
  let blockCoverageFrom: number | undefined
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

  const pinned = options.pinnedAccounts ?? []
  const programs = options.transactionPrograms ?? []

  function buildRequest(fromSlot: number | undefined): Record<string, unknown> {
    const accountFilters: Record<string, unknown> = {}
    if (accounts.length > 0) accountFilters['hot'] = { account: accounts, owner: [], filters: [] }
    if (pinned.length > 0) accountFilters['pinned'] = { account: pinned, owner: [], filters: [] }
    // One filter, not one per purpose: servers cap how many transaction filters a stream may
    // have (Yellowstone's sample config: one), and account_include already means any of them.
    const include = transactionAccounts.length === 0 ? programs : [...programs, ...transactionAccounts]
    return {
      // Confirmed: an update never has to be taken back. RPC reads are at processed (newer or the
      // same slot: the stream only moves them forward), and a dead slot drops what was read at it.
      commitment: CommitmentLevel.CONFIRMED,
      slots: { slots: { filterByCommitment: false } },
      blocksMeta: { blocks: {} },
      accounts: accountFilters,
      // Failed transactions too: they landed, paid their price and competed for the same locks.
      transactions:
        include.length === 0 ? {} : { landed: { vote: false, accountInclude: include, accountExclude: [], accountRequired: [] } },
      ...(fromSlot === undefined ? {} : { fromSlot: String(fromSlot) }),
    }
  }

  /** `keys` are followed from `atMs` on, unless they already were; keys not in it no longer are. */
  function applyCoverage(keys: readonly AccountKey[], atMs: number): void {
    const current = new Set(keys)
    for (const key of coveredSince.keys()) if (!current.has(key)) coveredSince.delete(key)
    const started: AccountKey[] = []
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i] as AccountKey
      if (coveredSince.has(key)) continue
      coveredSince.set(key, atMs)
      started.push(key)
    }
    if (started.length > 0) options.onCoverageStart?.(started, atMs)
  }

  function write(target: ClientDuplexStream, request: Record<string, unknown>): void {
    target.write(toSubscribeRequest(request), (error?: Error | null) => {
      if (error) logger.debug({ err: error }, 'geyser write failed')
    })
  }

  /** Replaces the open stream's filters, then pings: the pong says they are in place. */
  function sendFilters(target: ClientDuplexStream): void {
    write(target, buildRequest(undefined))
    filterKeys = accountKeys
    filterPingId = ++pingId
    write(target, { ping: { id: filterPingId } })
  }

  function onUpdate(update: SubscribeUpdate): void {
    lastMessageAt = Date.now()
    if (state !== 'connected') {
      // Any message proves the stream works: the back-off starts over.
      attempt = 0
      // The server applied the opening filters before sending anything. Without a replay,
      // what changed while no stream was open is unknown: coverage starts over.
      if (!openedWithReplay) {
        coveredSince.clear()
        blockCoverageFrom = undefined
      }
      applyCoverage(openKeys, lastMessageAt)
      setState('connected')
    }
    if (update.account) {
      options.onAccount?.(update.account)
    } else if (update.transaction) {
      options.onTransaction?.(update.transaction)
    } else if (update.slot) {
      const slot = Number(update.slot.slot)
      if (update.slot.status === SlotStatus.SLOT_PROCESSED) {
        if (slot > lastSlot) lastSlot = slot
        options.onSlot?.(slot, 'processed')
      } else if (update.slot.status === SlotStatus.SLOT_CONFIRMED) {
        if (slot > lastConfirmedSlot) lastConfirmedSlot = slot
        options.onSlot?.(slot, 'confirmed')
      } else if (update.slot.status === SlotStatus.SLOT_FINALIZED) {
        options.onSlot?.(slot, 'finalized')
      } else if (update.slot.status === SlotStatus.SLOT_DEAD) {
        options.onSlot?.(slot, 'dead')
      }
    } else if (update.blockMeta) {
      blockCoverageFrom ??= Number(update.blockMeta.slot)
      options.onBlockMeta?.(update.blockMeta)
    } else if (update.pong && update.pong.id === filterPingId) {
      stats.filterUpdatesApplied++
      applyCoverage(filterKeys, lastMessageAt)
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
    // Account updates come at confirmed commitment, so the slots after the last confirmed one may
    // still have updates to come: the replay starts there (repeats are skipped by slot order).
    const resumeSlot = lastConfirmedSlot > 0 ? lastConfirmedSlot : lastSlot
    const fromSlot = useFromSlot && resumeSlot > 0 ? resumeSlot : undefined
    let client: YellowstoneClient
    let opened: ClientDuplexStream
    try {
      // A new client each time: a channel that stalled may be wedged.
      client = new YellowstoneClientClass(options.endpoint, options.token, CHANNEL_OPTIONS)
      await client.connect()
      // The request goes with the call: without one the client sends an empty request first.
      openKeys = accountKeys
      opened = await client.subscribe(toSubscribeRequest(buildRequest(fromSlot)))
    } catch (error) {
      if (closed) return
      logger.warn({ err: error, endpoint: host }, 'geyser connect failed')
      setState('disconnected')
      scheduleReconnect()
      return
    }
    if (closed) {
      opened.destroy()
      return
    }
    stream = opened
    openedWithReplay = fromSlot !== undefined
    stats.opens++
    if (fromSlot !== undefined) stats.lastFromSlot = fromSlot
    lastMessageAt = Date.now()
    opened.on('data', onUpdate)
    opened.on('error', (error: Error & { cause?: unknown }) => {
      // The native client reports every status as "subscribe stream receive failed"; the code is in the cause.
      const cause = error.cause instanceof Error || typeof error.cause === 'string' ? String(error.cause) : ''
      if (fromSlot !== undefined && /invalid argument/i.test(cause) && /from_slot/.test(cause)) {
        stats.fromSlotRefusals++
        useFromSlot = false
      }
      drop(opened, 'error', error)
    })
    opened.on('close', () => drop(opened, 'closed'))
    opened.on('end', () => drop(opened, 'ended'))
    // The hot set changed while the call was being opened.
    if (accountKeys !== openKeys) sendFilters(opened)
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
    host,
    get state() {
      return state
    },
    get lastSlot() {
      return lastSlot
    },
    get lastConfirmedSlot() {
      return lastConfirmedSlot
    },
    get blockCoverageFrom() {
      return state === 'connected' ? blockCoverageFrom : undefined
    },
    stats,
    setAccounts(keys, addresses, transactionAddresses = []) {
      accountKeys = keys
      accounts = addresses
      transactionAccounts = transactionAddresses
      if (stream) sendFilters(stream)
    },
    getCoverageStartMs(key) {
      return state === 'connected' ? coveredSince.get(key) : undefined
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
