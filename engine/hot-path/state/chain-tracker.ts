/**
 * Follows the chain: the latest slot, blockhash, block height and Clock sysvar. A geyser stream
 * feeds it (`recordBlock`, `recordClock`); without a live stream it polls JSON-RPC every `pollMs`.
 * Keeps every blockhash it has seen with its slot and block height, so the blockhash check of a
 * simulate is a map lookup. A blockhash it has not seen may be newer than its view (a client reads
 * blockhashes from its own node, often ahead of our stream), so it is never called expired on
 * that ground alone: `checkBlockhash` waits for the stream's next block, then asks the chain.
 */
import { STATE_READ_COMMITMENT } from './read-commitment.js'
import { getBase58Encoder } from '@solana/kit'
import type { Logger } from '../../../lib/logger.js'
import type { JsonRpcClient } from '../rpc/json-rpc-client.js'
import { type AccountKey, toAccountKey } from './account-key.js'
import { createBlockhashLookups, type BlockhashLookupsOptions } from './blockhash-lookups.js'
import { createBlockhashWaiters } from './blockhash-waiters.js'

/** A blockhash stays valid for 150 slots after the slot that produced it. */
export const MAX_BLOCKHASH_AGE_SLOTS = 150
/** How long a check waits for a live stream to show a blockhash it has not seen: about one mainnet slot. */
export const BLOCKHASH_STREAM_WAIT_MS = 400

export interface ChainClock {
  slot: bigint
  epochStartTimestamp: bigint
  epoch: bigint
  leaderScheduleEpoch: bigint
  unixTimestamp: bigint
}

export interface ChainTracker {
  readonly slot: number
  readonly latestBlockhash: Uint8Array | undefined
  /** When (Date.now()) the latest blockhash was last learned, from a poll or the stream; undefined before the first. */
  readonly latestBlockhashAtMs: number | undefined
  readonly clock: ChainClock | undefined
  /** The block height of the latest block the geyser stream reported (undefined: none yet). */
  readonly blockHeight: number | undefined
  /** Learns a block from the geyser stream: its blockhash is valid from its slot on. */
  recordBlock(blockhash: Uint8Array, slot: number, blockHeight: number | undefined): void
  /** Learns the Clock sysvar from the geyser stream (ignored when older than the one held). */
  recordClock(clock: ChainClock): void
  /**
   * The slot from which a live stream has shown every block (undefined: no live stream). While a
   * stream is live, a check of an unseen blockhash first waits for its next block.
   */
  setStreamCoverage(fromSlot: number | undefined): void
  /**
   * JSON-RPC polls made (boot, fallback); `isBlockhashValid` calls sent and refused (too many in
   * flight); checks that waited for the stream, and those the stream answered.
   */
  readonly stats: Readonly<{
    polls: number
    blockhashLookups: number
    blockhashLookupsRefused: number
    blockhashStreamWaits: number
    blockhashStreamAnswers: number
  }>
  /**
   * 'valid'; 'expired' (seen and aged out, or the chain said invalid a moment ago); 'unknown' when
   * the tracker cannot tell yet (`checkBlockhash`). A map lookup, never a promise.
   */
  getBlockhashStatus(blockhash: Uint8Array): 'valid' | 'expired' | 'unknown'
  /** The block height of the block that produced `blockhash`, when the stream showed it. */
  getBlockhashHeight(blockhash: Uint8Array): number | undefined
  /**
   * Blocks a blockhash this tracker has seen may still land in (negative once expired), counted as
   * getBlockhashStatus counts its age: in blocks when both heights are known, else in slots;
   * undefined for a blockhash it has not seen.
   */
  getBlocksLeft(blockhash: Uint8Array): number | undefined
  /**
   * Settles an 'unknown' blockhash: waits for a live stream's next block (at most `maxStreamWaitMs`
   * and the tracker's own bound), then asks the chain once, shared with concurrent checks of it.
   */
  checkBlockhash(blockhash: Uint8Array, options?: { maxStreamWaitMs?: number; signal?: AbortSignal }): Promise<boolean>
  /** Polls once now (boot, tests). */
  refresh(): Promise<void>
  /** Starts background polling. */
  start(): void
  stop(): void
  onClock(listener: (clock: ChainClock) => void): void
}

export interface ChainTrackerOptions {
  rpc: JsonRpcClient
  pollMs: number
  logger: Logger
  /** Polling waits while this holds (a geyser stream is live and brings slots, blocks and the clock). */
  isPaused?: () => boolean
  /** Longest wait for a live stream to show an unseen blockhash (default BLOCKHASH_STREAM_WAIT_MS). */
  streamWaitMs?: number
  /** Bounds of the `isBlockhashValid` lookups (blockhash-lookups.ts defaults). */
  lookups?: Omit<BlockhashLookupsOptions, 'rpc'>
}

export const CLOCK_SYSVAR_ADDRESS = 'SysvarC1ock11111111111111111111111111111111'
const base58 = getBase58Encoder()

/** Decodes the Clock sysvar's 40 bytes. */
export function decodeClockSysvar(data: Uint8Array): ChainClock {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
  return {
    slot: view.getBigUint64(0, true),
    epochStartTimestamp: view.getBigInt64(8, true),
    epoch: view.getBigUint64(16, true),
    leaderScheduleEpoch: view.getBigUint64(24, true),
    unixTimestamp: view.getBigInt64(32, true),
  }
}

/** Creates the tracker; call `refresh()` once before serving, then `start()`. */
export function createChainTracker(options: ChainTrackerOptions): ChainTracker {
  const { rpc, pollMs, logger, isPaused, streamWaitMs = BLOCKHASH_STREAM_WAIT_MS } = options
  let slot = 0
  let latestBlockhash: Uint8Array | undefined
  let latestBlockhashAtMs: number | undefined
  let clock: ChainClock | undefined
  let blockHeight: number | undefined
  let timer: NodeJS.Timeout | undefined
  let streamCoverageFrom: number | undefined
  /** Blockhash → the slot at which it was first known valid and its block height. */
  const seen = new Map<AccountKey, { slot: number; height: number | undefined }>()
  const lookups = createBlockhashLookups({ ...options.lookups, rpc })
  const stats = {
    polls: 0,
    blockhashStreamWaits: 0,
    blockhashStreamAnswers: 0,
    get blockhashLookups() {
      return lookups.stats.calls
    },
    get blockhashLookupsRefused() {
      return lookups.stats.refused
    },
  }
  const clockListeners: Array<(clock: ChainClock) => void> = []
  const waiters = createBlockhashWaiters()

  function remember(key: AccountKey, atSlot: number, height: number | undefined): void {
    const known = seen.get(key)
    if (!known) seen.set(key, { slot: atSlot, height })
    else if (known.height === undefined && height !== undefined) known.height = height
    // Forget what is long expired so the map stays bounded.
    if (seen.size > 4 * MAX_BLOCKHASH_AGE_SLOTS) {
      for (const [hash, first] of seen) {
        if (first.slot < slot - 2 * MAX_BLOCKHASH_AGE_SLOTS) seen.delete(hash)
      }
    }
  }

  function setClock(next: ChainClock): void {
    if (clock && next.slot === clock.slot && next.unixTimestamp === clock.unixTimestamp) return
    if (clock && next.slot < clock.slot) return
    clock = next
    for (const listener of clockListeners) listener(next)
  }

  async function refresh(): Promise<void> {
    stats.polls++
    const [blockhashResult, clockResult] = await Promise.all([
      // As the account reads: the slot, blockhash and clock the next transaction runs at.
      rpc.call<{ context: { slot: number }; value: { blockhash: string } }>('getLatestBlockhash', [{ commitment: STATE_READ_COMMITMENT }]),
      rpc.call<{ context: { slot: number }; value: { data: [string, string] } | null }>('getAccountInfo', [
        CLOCK_SYSVAR_ADDRESS,
        { encoding: 'base64', commitment: STATE_READ_COMMITMENT },
      ]),
    ])
    slot = Math.max(slot, blockhashResult.context.slot, clockResult.context.slot)
    latestBlockhash = new Uint8Array(base58.encode(blockhashResult.value.blockhash))
    latestBlockhashAtMs = Date.now()
    remember(toAccountKey(latestBlockhash), blockhashResult.context.slot, undefined)
    if (clockResult.value) setClock(decodeClockSysvar(new Uint8Array(Buffer.from(clockResult.value.data[0], 'base64'))))
  }

  function getBlockhashStatus(blockhash: Uint8Array): 'valid' | 'expired' | 'unknown' {
    const key = toAccountKey(blockhash)
    const first = seen.get(key)
    // Not seen: it may be newer than our view, however long the stream has been live.
    if (first === undefined) return lookups.isKnownInvalid(key) ? 'expired' : 'unknown'
    // Agave counts a blockhash's age in blocks; slots (some are skipped) are the fallback.
    if (first.height !== undefined && blockHeight !== undefined) {
      return blockHeight - first.height <= MAX_BLOCKHASH_AGE_SLOTS ? 'valid' : 'expired'
    }
    return slot - first.slot <= MAX_BLOCKHASH_AGE_SLOTS ? 'valid' : 'expired'
  }

  function getBlocksLeft(blockhash: Uint8Array): number | undefined {
    const first = seen.get(toAccountKey(blockhash))
    if (first === undefined) return undefined
    if (first.height !== undefined && blockHeight !== undefined) return first.height + MAX_BLOCKHASH_AGE_SLOTS - blockHeight
    return first.slot + MAX_BLOCKHASH_AGE_SLOTS - slot
  }

  async function checkBlockhash(blockhash: Uint8Array, check: { maxStreamWaitMs?: number; signal?: AbortSignal } = {}): Promise<boolean> {
    const known = getBlockhashStatus(blockhash)
    if (known !== 'unknown') return known === 'valid'
    const { signal } = check
    const key = toAccountKey(blockhash)
    const waitMs = Math.min(streamWaitMs, check.maxStreamWaitMs ?? Infinity)
    if (streamCoverageFrom !== undefined && waitMs > 0) {
      stats.blockhashStreamWaits++
      const shown = await waiters.wait(key, waitMs, signal)
      signal?.throwIfAborted()
      if (shown) stats.blockhashStreamAnswers++
      const status = getBlockhashStatus(blockhash)
      if (status !== 'unknown') return status === 'valid'
    }
    const lookup = lookups.lookup(key)
    const answer = await (signal ? raceAbort(lookup, signal) : lookup)
    // Counted from the answer's slot: the chain vouched for it then, which is the best it tells us.
    if (answer.valid) remember(key, answer.slot, undefined)
    // Read back rather than trusting `answer`: the stream may have shown it while a node behind it said no.
    return getBlockhashStatus(blockhash) === 'valid'
  }

  function recordBlock(blockhash: Uint8Array, atSlot: number, height: number | undefined): void {
    if (atSlot >= slot) {
      slot = atSlot
      latestBlockhash = blockhash
      latestBlockhashAtMs = Date.now()
      if (height !== undefined) blockHeight = height
    }
    const key = toAccountKey(blockhash)
    remember(key, atSlot, height)
    lookups.forget(key)
    waiters.onBlock(key)
  }

  function start(): void {
    if (timer) return
    timer = setInterval(() => {
      if (isPaused?.()) return // the stream keeps us current
      refresh().catch((error: unknown) => logger.warn({ err: error }, 'chain poll failed'))
    }, pollMs)
    timer.unref()
  }

  return {
    get slot() {
      return slot
    },
    get latestBlockhash() {
      return latestBlockhash
    },
    get latestBlockhashAtMs() {
      return latestBlockhashAtMs
    },
    get clock() {
      return clock
    },
    get blockHeight() {
      return blockHeight
    },
    recordBlock,
    recordClock: setClock,
    setStreamCoverage(fromSlot) {
      streamCoverageFrom = fromSlot
    },
    stats,
    getBlockhashStatus,
    getBlockhashHeight: (blockhash) => seen.get(toAccountKey(blockhash))?.height,
    getBlocksLeft,
    checkBlockhash,
    refresh,
    start,
    stop: () => {
      if (timer) clearInterval(timer)
      timer = undefined
      waiters.wakeAll()
    },
    onClock: (listener) => {
      clockListeners.push(listener)
    },
  }
}

/** `work`, or the signal's reason once it aborts (the work itself goes on: others may share it). */
function raceAbort<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error)
  return new Promise<T>((resolve, reject) => {
    const abort = (): void => reject(signal.reason as Error)
    signal.addEventListener('abort', abort, { once: true })
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort))
  })
}
