/**
 * What the engine gets from its geyser streams (one per configured endpoint, all carrying the same
 * filters): account updates into the cache, blocks and the Clock sysvar into the chain tracker,
 * landed transactions into the priority-fee window, and a hot set of the accounts simulations
 * touch, sent as the streams' account filter; those they write also widen the transaction
 * filter, so the fee window hears what lands on them. Every update goes through the same slot and
 * write-version ordering, so with several endpoints the freshest wins. While at least one stream
 * is live, the cache trusts the accounts it covers and the chain tracker stops polling RPC.
 */
import { getBase58Encoder } from '@solana/kit'
import { toEndpointHost } from '../../../lib/endpoint-host.js'
import type { Logger } from '../../../lib/logger.js'
import { createPriorityFeeWindow, type PriorityFeeWindow } from './priority-fee-window.js'
import { getStreamedTransactionSample } from './streamed-transaction-sample.js'
import type { AccountCache } from '../state/account-cache.js'
import { type AccountKey, fromBase58Address, toAccountKey, toBase58Address } from '../state/account-key.js'
import { CLOCK_SYSVAR_ADDRESS, type ChainTracker, decodeClockSysvar } from '../state/chain-tracker.js'
import type { AccountEntry } from '../state/cached-account.js'
import { SYSVAR_OWNER } from '../svm/well-known-programs.js'
import { createAccountUpdateWriter, type AccountUpdateWriter } from './account-update-writer.js'
import { createGeyserSubscription, type GeyserState, type GeyserSubscription, type GeyserTransactionUpdate } from './geyser-subscription.js'
import { createHotSet, type HotSet } from './hot-set.js'
import { createRecentSignatures } from './recent-signatures.js'

/** Accounts followed at most: Yellowstone servers cap the size of an account filter. */
export const HOT_SET_MAX_KEYS = 10_000
/**
 * Written accounts whose transactions are streamed, at most: the transaction filter's
 * account_include beside the programs. Half the account filter, so with both full the request
 * (≈15,000 base58 keys, ≈660 KB) stays far below Yellowstone's 4 MiB default message limit and
 * each list within the ~10,000 explicit keys providers document; a server configured with a lower
 * account_include_max refuses the request as it would the account filter.
 */
export const WRITTEN_ACCOUNTS_MAX_KEYS = 5_000
/** Hot-set changes within this window go out as one filter update. */
export const HOT_SET_DEBOUNCE_MS = 50

const CLOCK_SYSVAR = fromBase58Address(CLOCK_SYSVAR_ADDRESS)

export interface GeyserFeedOptions {
  endpoints: readonly string[]
  /** Base58 ids of the programs whose transactions are streamed (engine/detection/programs/streamed-programs.ts). */
  transactionPrograms: readonly string[]
  token: string | undefined
  stallMs: number
  cache: AccountCache
  chain: ChainTracker
  logger: Logger
  /** Told after the fee window moved to a new slot. */
  onFeeWindowAdvance?: () => void
  /** Every streamed transaction, once per signature across endpoints, after the fee window took it. */
  onTransaction?: (update: GeyserTransactionUpdate, endpointIndex: number) => void
  /** Every slot status a stream reports (each endpoint's; repeats are the listener's to ignore). */
  onSlot?: (slot: number, status: string) => void
}

export interface GeyserFeed {
  /** connected while any stream is; connecting while any is trying; disconnected otherwise. */
  readonly state: GeyserState
  readonly subscriptions: readonly GeyserSubscription[]
  /** The first subscription (tests, single-endpoint callers). */
  readonly subscription: GeyserSubscription
  readonly hotSet: HotSet
  readonly writer: AccountUpdateWriter
  readonly feeWindow: PriorityFeeWindow
  /** Transactions recorded into the fee window. */
  readonly transactionsRecorded: number
  /**
   * Adds keys a simulation used to the hot set (O(1) each); those it wrote (`writable[i]`) also
   * have the transactions that include them streamed into the fee window.
   */
  touch(keys: readonly AccountKey[], writable?: readonly boolean[]): void
  /** Since when the live streams have shown every change of `key` (the earliest), or undefined. */
  getCoverageStartMs(key: AccountKey): number | undefined
  /**
   * Streams (or stops streaming) the transactions of `address` beside the hot set's: the fee
   * payer of a transaction being tracked, so its landing arrives on the stream. Counted: the
   * same payer may have several transactions in flight.
   */
  watchTransactionAccount(address: string, watch: boolean): void
  /**
   * Keeps `keys` in the stream's account filter whatever the hot set evicts (or lets them go):
   * the accounts a watched simulation read (engine/hot-path/watch/). Counted: several watches may read one account.
   */
  followAccounts(keys: readonly AccountKey[], follow: boolean): void
  /** Calls `listener` with the key of every account update the stream wrote into the cache; returns the unsubscribe. */
  onAccountWritten(listener: (key: AccountKey) => void): () => void
  start(): void
  stop(): void
}

const base58 = getBase58Encoder()
/** Tracked payers join the transaction filter after this much quiet. */
const WATCH_DEBOUNCE_MS = 10

/**
 * Whether the transactions that include a written account may be streamed. Not a program's or a
 * sysvar's, though a message may ask to write them (the runtime demotes the lock): nearly every
 * transaction includes those, so the filter would stream the whole chain. Unknown (not cached): yes.
 */
function isStreamedWrittenAccount(entry: AccountEntry | undefined): boolean {
  return !entry?.exists || (!entry.executable && toAccountKey(entry.owner) !== SYSVAR_OWNER)
}

/** Creates the feed; it connects on `start()`. */
export function createGeyserFeed(options: GeyserFeedOptions): GeyserFeed {
  const { chain, logger } = options
  const writer = createAccountUpdateWriter({ cache: options.cache })
  const writtenListeners = new Set<(key: AccountKey) => void>()
  const feeWindow = createPriorityFeeWindow()
  let transactionsRecorded = 0
  // With several endpoints each landed transaction arrives once per stream.
  const recentSignatures = options.endpoints.length > 1 ? createRecentSignatures() : undefined
  let feeWindowSlot = 0

  function advanceFeeWindow(slot: number): void {
    if (slot <= feeWindowSlot) return
    feeWindowSlot = slot
    feeWindow.advance(slot)
    options.onFeeWindowAdvance?.()
  }

  function updateChainCoverage(): void {
    let from: number | undefined
    for (const subscription of subscriptions) {
      const covered = subscription.blockCoverageFrom
      if (covered !== undefined && (from === undefined || covered < from)) from = covered
    }
    chain.setStreamCoverage(from)
  }

  const subscriptions = options.endpoints.map((endpoint, index) =>
    createGeyserSubscription({
      endpoint,
      token: options.token,
      stallMs: options.stallMs,
      logger,
      pinnedAccounts: [CLOCK_SYSVAR_ADDRESS],
      transactionPrograms: options.transactionPrograms,
      onAccount: (update) => {
        const info = update.account
        if (!info) return
        if (!writer.write(update, index)) return
        const key = toAccountKey(info.pubkey)
        if (key === CLOCK_SYSVAR && info.data.length >= 40) chain.recordClock(decodeClockSysvar(info.data))
        // Nothing to do on the hot path unless a watch listens.
        if (writtenListeners.size > 0) for (const listener of writtenListeners) listener(key)
      },
      onTransaction: (update) => {
        const signature = update.transaction?.signature
        if (recentSignatures && signature && !recentSignatures.addIfNew(signature, Number(update.slot))) return
        const sample = getStreamedTransactionSample(update)
        if (sample !== null) {
          feeWindow.record(sample)
          transactionsRecorded++
        }
        options.onTransaction?.(update, index)
      },
      onSlot: (slot, status) => {
        // A processed read of a slot that died is a state that never happened: read it again.
        if (status === 'dead') options.cache.forgetSlot(slot)
        else options.onSlot?.(slot, status)
      },
      onBlockMeta: (meta) => {
        const height = meta.blockHeight ? Number(meta.blockHeight.blockHeight) : undefined
        chain.recordBlock(new Uint8Array(base58.encode(meta.blockhash)), Number(meta.slot), height)
        advanceFeeWindow(Number(meta.slot))
        updateChainCoverage()
      },
      // What was read before the stream covered it is read once more, so no change falls in between.
      onCoverageStart: (keys, atMs) => options.cache.refreshConfirmedBefore(keys, atMs),
      onStateChange: (state) => {
        logger.info({ state, endpoint: toEndpointHost(endpoint) }, 'geyser stream state')
        updateChainCoverage()
      },
    }),
  )

  /** The hot set's last filter, and the tracked payers added to its transaction accounts. */
  let hotFilter: { keys: readonly AccountKey[]; addresses: readonly string[]; transactionAccounts: readonly string[] } = {
    keys: [],
    addresses: [],
    transactionAccounts: [],
  }
  const watched = new Map<string, number>()
  let watchTimer: NodeJS.Timeout | undefined
  /** Accounts watched simulations read, with how many watches follow each. */
  const followed = new Map<AccountKey, { address: string; count: number }>()

  function applyFilters(): void {
    const transactionAccounts = watched.size === 0 ? hotFilter.transactionAccounts : [...hotFilter.transactionAccounts, ...watched.keys()]
    let { keys, addresses } = hotFilter
    if (followed.size > 0) {
      const withFollowed = { keys: [...keys], addresses: [...addresses] }
      for (const [key, entry] of followed) {
        if (hotSet.has(key)) continue
        withFollowed.keys.push(key)
        withFollowed.addresses.push(entry.address)
      }
      ;({ keys, addresses } = withFollowed)
    }
    for (const subscription of subscriptions) subscription.setAccounts(keys, addresses, transactionAccounts)
  }

  function scheduleFilters(): void {
    if (watchTimer) return
    watchTimer = setTimeout(() => {
      watchTimer = undefined
      applyFilters()
    }, WATCH_DEBOUNCE_MS)
    watchTimer.unref()
  }

  const hotSet = createHotSet({
    maxKeys: HOT_SET_MAX_KEYS,
    maxWrittenKeys: WRITTEN_ACCOUNTS_MAX_KEYS,
    debounceMs: HOT_SET_DEBOUNCE_MS,
    onChange: (keys, addresses, written) => {
      // Off the hot path: the debounced flush, not the simulation, looks the written keys up.
      const transactionAccounts: string[] = []
      for (let i = 0; i < written.keys.length; i++) {
        if (isStreamedWrittenAccount(options.cache.peek(written.keys[i] as AccountKey))) {
          transactionAccounts.push(written.addresses[i] as string)
        }
      }
      hotFilter = { keys, addresses, transactionAccounts }
      applyFilters()
    },
  })

  return {
    get state() {
      let state: GeyserState = 'disconnected'
      for (const subscription of subscriptions) {
        if (subscription.state === 'connected') return 'connected'
        if (subscription.state === 'connecting') state = 'connecting'
      }
      return state
    },
    subscriptions,
    subscription: subscriptions[0] as GeyserSubscription,
    hotSet,
    writer,
    feeWindow,
    get transactionsRecorded() {
      return transactionsRecorded
    },
    touch(keys, writable) {
      for (let i = 0; i < keys.length; i++) {
        if (writable?.[i] === true) hotSet.addWritten(keys[i] as AccountKey)
        else hotSet.add(keys[i] as AccountKey)
      }
    },
    getCoverageStartMs(key) {
      let since: number | undefined
      for (let i = 0; i < subscriptions.length; i++) {
        const covered = (subscriptions[i] as GeyserSubscription).getCoverageStartMs(key)
        if (covered !== undefined && (since === undefined || covered < since)) since = covered
      }
      return since
    },
    watchTransactionAccount(address, watch) {
      const count = (watched.get(address) ?? 0) + (watch ? 1 : -1)
      if (count <= 0) watched.delete(address)
      else watched.set(address, count)
      const changed = watch ? count === 1 : count <= 0
      // A burst of sends is one filter change; the stream updates at confirmed commitment, so
      // these few milliseconds come well before the transaction's update does.
      if (changed) scheduleFilters()
    },
    followAccounts(keys, follow) {
      let changed = false
      for (const key of keys) {
        const entry = followed.get(key)
        if (follow) {
          if (entry) entry.count++
          else {
            followed.set(key, { address: toBase58Address(key), count: 1 })
            // Already streamed while the hot set holds it; the filter changes only for one it lost.
            if (!hotSet.has(key)) changed = true
          }
        } else if (entry && --entry.count <= 0) {
          followed.delete(key)
          if (!hotSet.has(key)) changed = true
        }
      }
      if (changed) scheduleFilters()
    },
    onAccountWritten(listener) {
      writtenListeners.add(listener)
      return () => writtenListeners.delete(listener)
    },
    start() {
      for (const subscription of subscriptions) subscription.start()
    },
    stop() {
      clearTimeout(watchTimer)
      hotSet.close()
      for (const subscription of subscriptions) subscription.close()
      chain.setStreamCoverage(undefined)
    },
  }
}
