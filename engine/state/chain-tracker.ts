/**
 * Follows the chain: the latest slot, blockhash, block height and Clock sysvar. A geyser stream
 * feeds it (`recordBlock`, `recordClock`); without a live stream it polls JSON-RPC every `pollMs`.
 * Keeps every blockhash it has seen with its slot and block height, so the blockhash check of a
 * simulate is a map lookup; once a stream has shown every block of the last 150 slots, a
 * blockhash it never showed is not valid, and nothing asks RPC.
 */
import { getBase58Encoder } from '@solana/kit'
import type { Logger } from '../../lib/logger.js'
import type { JsonRpcClient } from '../rpc/json-rpc-client.js'
import { type AccountKey, toAccountKey, toBase58Address } from './account-key.js'

/** A blockhash stays valid for 150 slots after the slot that produced it. */
export const MAX_BLOCKHASH_AGE_SLOTS = 150

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
  readonly clock: ChainClock | undefined
  /** The block height of the latest block the geyser stream reported (undefined: none yet). */
  readonly blockHeight: number | undefined
  /** Learns a block from the geyser stream: its blockhash is valid from its slot on. */
  recordBlock(blockhash: Uint8Array, slot: number, blockHeight: number | undefined): void
  /** Learns the Clock sysvar from the geyser stream (ignored when older than the one held). */
  recordClock(clock: ChainClock): void
  /**
   * The slot from which a live stream has shown every block (undefined: no live stream). Once it
   * is 150 slots behind the tip, a blockhash the stream never showed is invalid.
   */
  setStreamCoverage(fromSlot: number | undefined): void
  /** JSON-RPC polls made (boot, fallback) and blockhash lookups sent. */
  readonly stats: Readonly<{ polls: number; blockhashLookups: number }>
  /** 'valid', 'expired', or 'unknown' when the tracker has not seen it (ask the chain). */
  getBlockhashStatus(blockhash: Uint8Array): 'valid' | 'expired' | 'unknown'
  /** Asks the chain about a blockhash the tracker has not seen, and remembers the answer. */
  checkBlockhash(blockhash: Uint8Array, signal?: AbortSignal): Promise<boolean>
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
export function createChainTracker({ rpc, pollMs, logger, isPaused }: ChainTrackerOptions): ChainTracker {
  let slot = 0
  let latestBlockhash: Uint8Array | undefined
  let clock: ChainClock | undefined
  let blockHeight: number | undefined
  let timer: NodeJS.Timeout | undefined
  let streamCoverageFrom: number | undefined
  const stats = { polls: 0, blockhashLookups: 0 }
  /** Blockhash → the slot at which it was first known valid (-1: the chain called it invalid) and its block height. */
  const seen = new Map<AccountKey, { slot: number; height: number | undefined }>()
  const clockListeners: Array<(clock: ChainClock) => void> = []

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
      rpc.call<{ context: { slot: number }; value: { blockhash: string } }>('getLatestBlockhash', [{ commitment: 'confirmed' }]),
      rpc.call<{ context: { slot: number }; value: { data: [string, string] } | null }>('getAccountInfo', [
        CLOCK_SYSVAR_ADDRESS,
        { encoding: 'base64', commitment: 'confirmed' },
      ]),
    ])
    slot = Math.max(slot, blockhashResult.context.slot, clockResult.context.slot)
    latestBlockhash = new Uint8Array(base58.encode(blockhashResult.value.blockhash))
    remember(toAccountKey(latestBlockhash), blockhashResult.context.slot, undefined)
    if (clockResult.value) setClock(decodeClockSysvar(new Uint8Array(Buffer.from(clockResult.value.data[0], 'base64'))))
  }

  function getBlockhashStatus(blockhash: Uint8Array): 'valid' | 'expired' | 'unknown' {
    const first = seen.get(toAccountKey(blockhash))
    if (first === undefined) {
      // The stream has shown every block a valid blockhash could come from.
      if (streamCoverageFrom !== undefined && slot - streamCoverageFrom >= MAX_BLOCKHASH_AGE_SLOTS) return 'expired'
      return 'unknown'
    }
    if (first.slot < 0) return 'expired'
    // Agave counts a blockhash's age in blocks; slots (some are skipped) are the fallback.
    if (first.height !== undefined && blockHeight !== undefined) {
      return blockHeight - first.height <= MAX_BLOCKHASH_AGE_SLOTS ? 'valid' : 'expired'
    }
    return slot - first.slot <= MAX_BLOCKHASH_AGE_SLOTS ? 'valid' : 'expired'
  }

  async function checkBlockhash(blockhash: Uint8Array, signal?: AbortSignal): Promise<boolean> {
    const key = toAccountKey(blockhash)
    stats.blockhashLookups++
    const result = await rpc.call<{ context: { slot: number }; value: boolean }>(
      'isBlockhashValid',
      [toBase58Address(key), { commitment: 'confirmed' }],
      signal,
    )
    // Counted from now: the chain vouched for it at this slot, which is the best it tells us.
    seen.set(key, { slot: result.value ? result.context.slot : -1, height: undefined })
    return result.value
  }

  function recordBlock(blockhash: Uint8Array, atSlot: number, height: number | undefined): void {
    if (atSlot >= slot) {
      slot = atSlot
      latestBlockhash = blockhash
      if (height !== undefined) blockHeight = height
    }
    remember(toAccountKey(blockhash), atSlot, height)
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
    checkBlockhash,
    refresh,
    start,
    stop: () => {
      if (timer) clearInterval(timer)
      timer = undefined
    },
    onClock: (listener) => {
      clockListeners.push(listener)
    },
  }
}
