/**
 * Follows the chain in the background: the latest slot and blockhash and the clock sysvar, polled
 * from JSON-RPC every `pollMs` (until the geyser issue streams them). Keeps every blockhash it has
 * seen with the slot it was first seen at, so the blockhash check of a simulate is a map lookup.
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
}

const CLOCK_SYSVAR = 'SysvarC1ock11111111111111111111111111111111'
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
export function createChainTracker({ rpc, pollMs, logger }: ChainTrackerOptions): ChainTracker {
  let slot = 0
  let latestBlockhash: Uint8Array | undefined
  let clock: ChainClock | undefined
  let blockHeight: number | undefined
  let timer: NodeJS.Timeout | undefined
  /** Blockhash → the slot at which it was first known valid; -1 marks one the chain called invalid. */
  const seen = new Map<AccountKey, number>()
  const clockListeners: Array<(clock: ChainClock) => void> = []

  function remember(key: AccountKey, atSlot: number): void {
    if (!seen.has(key)) seen.set(key, atSlot)
    // Forget what is long expired so the map stays bounded.
    if (seen.size > 4 * MAX_BLOCKHASH_AGE_SLOTS) {
      for (const [hash, firstSlot] of seen) {
        if (firstSlot < slot - 2 * MAX_BLOCKHASH_AGE_SLOTS) seen.delete(hash)
      }
    }
  }

  async function refresh(): Promise<void> {
    const [blockhashResult, clockResult] = await Promise.all([
      rpc.call<{ context: { slot: number }; value: { blockhash: string } }>('getLatestBlockhash', [
        { commitment: 'confirmed' },
      ]),
      rpc.call<{ context: { slot: number }; value: { data: [string, string] } | null }>('getAccountInfo', [
        CLOCK_SYSVAR,
        { encoding: 'base64', commitment: 'confirmed' },
      ]),
    ])
    slot = Math.max(slot, blockhashResult.context.slot, clockResult.context.slot)
    latestBlockhash = new Uint8Array(base58.encode(blockhashResult.value.blockhash))
    remember(toAccountKey(latestBlockhash), blockhashResult.context.slot)
    if (clockResult.value) {
      const next = decodeClockSysvar(new Uint8Array(Buffer.from(clockResult.value.data[0], 'base64')))
      if (!clock || next.slot !== clock.slot || next.unixTimestamp !== clock.unixTimestamp) {
        clock = next
        for (const listener of clockListeners) listener(next)
      }
    }
  }

  function getBlockhashStatus(blockhash: Uint8Array): 'valid' | 'expired' | 'unknown' {
    const firstSlot = seen.get(toAccountKey(blockhash))
    if (firstSlot === undefined) return 'unknown'
    if (firstSlot < 0) return 'expired'
    return slot - firstSlot <= MAX_BLOCKHASH_AGE_SLOTS ? 'valid' : 'expired'
  }

  async function checkBlockhash(blockhash: Uint8Array, signal?: AbortSignal): Promise<boolean> {
    const key = toAccountKey(blockhash)
    const result = await rpc.call<{ context: { slot: number }; value: boolean }>(
      'isBlockhashValid',
      [toBase58Address(key), { commitment: 'confirmed' }],
      signal,
    )
    // Counted from now: the chain vouched for it at this slot, which is the best it tells us.
    seen.set(key, result.value ? result.context.slot : -1)
    return result.value
  }

  function recordBlock(blockhash: Uint8Array, atSlot: number, height: number | undefined): void {
    if (atSlot >= slot) {
      slot = atSlot
      latestBlockhash = blockhash
      if (height !== undefined) blockHeight = height
    }
    remember(toAccountKey(blockhash), atSlot)
  }

  function start(): void {
    if (timer) return
    timer = setInterval(() => {
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
