/**
 * Watched simulations (docs/detection.md#watched-simulations): a watch simulates once, recording
 * which accounts the simulation read (read-recorder.ts), asks the geyser feed to keep those
 * accounts streamed, and simulates again when the stream writes a new version of one of them —
 * bursts coalesced, one re-simulation at a time per watch. The watcher hears of a new answer only
 * when what a user sees changed (visible-outcome.ts). A watch ends when its blockhash expires, after
 * `maxMs`, when the engine stops, or when the watcher cancels it.
 *
 * Watches run on the serving engine, never on the simulate workers: a re-simulation needs the
 * cache the stream just wrote, and watches are few and bounded (`maxSessions` for the process), so
 * they cost the serving thread a simulation per change of an account someone is deciding on.
 */
import { randomBytes } from 'node:crypto'
import { createServiceError } from '../../../lib/errors.js'
import type { Logger } from '../../../lib/logger.js'
import { withSignatureSlots } from '../decode/signature-slots.js'
import { decodeWireTransaction, type WireTransaction } from '../decode/wire-transaction.js'
import type { WatchEndReason, WatchListener, WatchStart } from '../../contract/simulation-watch.js'
import type { GeyserFeed } from '../geyser/geyser-feed.js'
import type { AccountKey } from '../state/account-key.js'
import { isDurableNonceTransaction } from '../svm/check-blockhash.js'
import { createReadRecorder } from '../simulate/read-recorder.js'
import { parseSimulateOptions, type ParsedSimulateOptions } from '../simulate/simulate-options.js'
import { simulateTransaction, type SimulateDependencies } from '../simulate/simulate-transaction.js'
import type { SimulateOptions } from '../../contract/simulate-request.js'
import type { SimulateResponse } from '../../contract/simulate-response.js'
import { toVisibleOutcome } from './visible-outcome.js'

/** Stream writes within this window are one re-simulation (a transaction writes several accounts at once). */
export const WATCH_COALESCE_MS = 20
/** How often a watch looks whether its blockhash has expired (a map lookup) and whether an account it read changed unannounced. */
export const WATCH_CHECK_MS = 400

export interface SimulationWatchesOptions {
  deps: SimulateDependencies
  /** Where account changes come from; without a stream a watch cannot be served. */
  geyser: Pick<GeyserFeed, 'followAccounts' | 'onAccountWritten'> | undefined
  /** Watches open at once in the process (WATCH_MAX_SESSIONS); one more is refused `watch_limit_exceeded`. */
  maxSessions: number
  /**
   * Watches one tenant (the caller's user) may hold open at once, over all its sockets and direct
   * gRPC calls (WATCH_MAX_PER_TENANT): one user cannot take the process's every slot.
   */
  maxPerTenant: number
  /** How long a watch lasts at most (WATCH_MAX_MS), if its blockhash does not expire first. */
  maxMs: number
  logger: Logger
  coalesceMs?: number
  checkMs?: number
}

export interface SimulationWatchStats {
  /** Watches open now (starting included). */
  open: number
  started: number
  /** Simulations run because a watched account changed, and the answers that were pushed. */
  resimulations: number
  updates: number
  /** Re-simulations skipped because no account read had a new version (the stream repeated a state). */
  unchanged: number
  /** Changes noticed from a stream write, and by the periodic check (a change that reached the cache another way). */
  streamChanges: number
  checkChanges: number
  ended: Record<WatchEndReason, number>
}

export interface SimulationWatches {
  /** Simulates `bytes` and watches it; rejects with a catalogue ServiceError (the simulate's, `watch_limit_exceeded`, `not_implemented` without a stream). */
  start(bytes: Uint8Array, options: SimulateOptions, listener: WatchListener): Promise<WatchStart>
  readonly stats: Readonly<SimulationWatchStats>
  /** Ends every watch with `reason` (the engine stops). */
  closeAll(reason: Exclude<WatchEndReason, 'unsubscribed'>): void
}

/** One watch's state. */
interface Watch {
  readonly id: string
  /** The accounts the last simulation read, and the version each had (what a stream write is checked against). */
  keys: AccountKey[]
  versions: number[]
  visible: string
  running: boolean
  /** A change arrived while a re-simulation ran, or within the coalescing window. */
  dirty: boolean
  timer: NodeJS.Timeout | undefined
  ended: boolean
}

/** Creates the process's watches. */
export function createSimulationWatches(options: SimulationWatchesOptions): SimulationWatches {
  const { deps, geyser, maxSessions, maxPerTenant, maxMs, logger } = options
  const coalesceMs = options.coalesceMs ?? WATCH_COALESCE_MS
  const checkMs = options.checkMs ?? WATCH_CHECK_MS
  const stats: SimulationWatchStats = {
    open: 0,
    started: 0,
    resimulations: 0,
    updates: 0,
    unchanged: 0,
    streamChanges: 0,
    checkChanges: 0,
    ended: { blockhash_expired: 0, time_limit: 0, shutting_down: 0, interrupted: 0, unsubscribed: 0 },
  }
  /** Which watches read each account: one lookup per stream write, whatever the number of watches. */
  const byKey = new Map<AccountKey, Set<Watch>>()
  const enders = new Map<Watch, (reason: WatchEndReason) => void>()
  /** Open watches per tenant; a call without a tenant (an edge's own, none today) is bounded by the process alone. */
  const perTenant = new Map<string, number>()
  const release = (tenant: string | undefined) => {
    if (tenant === undefined) return
    const left = (perTenant.get(tenant) ?? 1) - 1
    if (left === 0) perTenant.delete(tenant)
    else perTenant.set(tenant, left)
  }
  let stopListening: (() => void) | undefined

  const onAccountWritten = (key: AccountKey) => {
    const watches = byKey.get(key)
    if (!watches) return
    for (const watch of watches) {
      if (!watch.running && !watch.timer) stats.streamChanges++
      markChanged(watch)
    }
  }
  const markChanged = (watch: Watch) => {
    watch.dirty = true
    const run = runners.get(watch)
    if (!watch.running && !watch.timer && run) watch.timer = setTimeout(run, coalesceMs)
  }
  const runners = new Map<Watch, () => void>()

  /** Moves the watch from the accounts it followed (`before`) to those its last simulation read (`after`). */
  function refollow(watch: Watch, before: readonly AccountKey[], after: readonly AccountKey[]): void {
    const was = new Set(before)
    const is = new Set(after)
    const added = [...is].filter((key) => !was.has(key))
    const removed = [...was].filter((key) => !is.has(key))
    for (const key of added) {
      const set = byKey.get(key) ?? new Set<Watch>()
      byKey.set(key, set.add(watch))
    }
    for (const key of removed) {
      const set = byKey.get(key)
      if (!set) continue
      set.delete(watch)
      if (set.size === 0) byKey.delete(key)
    }
    if (added.length > 0) geyser?.followAccounts(added, true)
    if (removed.length > 0) geyser?.followAccounts(removed, false)
  }

  /** Whether an account the watch's last simulation read has another version now. */
  function hasChanged(watch: Watch): boolean {
    for (let i = 0; i < watch.keys.length; i++) {
      if (deps.cache.peek(watch.keys[i] as AccountKey)?.version !== watch.versions[i]) return true
    }
    return false
  }

  return {
    stats,
    async start(bytes, rawOptions, listener) {
      const parsed: ParsedSimulateOptions = parseSimulateOptions(rawOptions)
      // As the simulation decodes it (throws invalid_transaction): the blockhash the watch follows.
      const tx: WireTransaction = decodeWireTransaction(withSignatureSlots(bytes))
      if (!geyser) {
        throw createServiceError(
          'not_implemented',
          'watch needs the engine to follow a geyser stream (GEYSER_ENDPOINT); simulate without watch.',
        )
      }
      if (stats.open >= maxSessions) {
        throw createServiceError(
          'watch_limit_exceeded',
          `This service watches at most ${maxSessions} simulations at once; retry later, or unsubscribe from another.`,
        )
      }
      const tenant = parsed.tenantId
      if (tenant !== undefined && (perTenant.get(tenant) ?? 0) >= maxPerTenant) {
        throw createServiceError(
          'watch_limit_exceeded',
          `One account may watch at most ${maxPerTenant} simulations at once; unsubscribe from one first.`,
        )
      }
      stats.open++
      if (tenant !== undefined) perTenant.set(tenant, (perTenant.get(tenant) ?? 0) + 1)
      const recorder = createReadRecorder(deps)
      const simulate = async (): Promise<SimulateResponse> => {
        const reads = recorder.start(parsed)
        const response = await simulateTransaction(recorder.deps, bytes, parsed)
        watch.keys = [...reads.keys]
        watch.versions = [...reads.versions]
        return response
      }
      const watch: Watch = {
        id: `w_${randomBytes(12).toString('hex')}`,
        keys: [],
        versions: [],
        visible: '',
        running: true,
        dirty: false,
        timer: undefined,
        ended: false,
      }
      let first: SimulateResponse
      try {
        first = await simulate()
      } catch (error) {
        stats.open--
        release(tenant)
        throw error
      }
      stats.started++
      watch.visible = toVisibleOutcome(first)
      watch.running = false
      refollow(watch, [], watch.keys)
      stopListening ??= geyser.onAccountWritten(onAccountWritten)

      const checksBlockhash = !parsed.replaceRecentBlockhash && !isDurableNonceTransaction(tx)
      let seenValid = false
      const isExpired = (): boolean => {
        const status = deps.chain.getBlockhashStatus(tx.recentBlockhash)
        if (status === 'valid') seenValid = true
        // A blockhash the tracker saw valid and then forgot is long past its 150 blocks.
        return status === 'expired' || (seenValid && status === 'unknown')
      }
      // Also a safety net for the stream: a change that reached the cache another way (the RPC
      // re-read of the accounts the stream began covering after the first simulation) is seen here.
      const checkTimer = setInterval(() => {
        if (checksBlockhash && isExpired()) return end('blockhash_expired')
        if (!watch.running && !watch.timer && hasChanged(watch)) {
          stats.checkChanges++
          markChanged(watch)
        }
      }, checkMs)
      const limitTimer = setTimeout(() => end('time_limit'), maxMs)
      // The server keeps the process alive while it serves; open watches alone need not.
      checkTimer.unref()
      limitTimer.unref()

      const end = (reason: WatchEndReason) => {
        if (watch.ended) return
        watch.ended = true
        clearInterval(checkTimer)
        clearTimeout(limitTimer)
        clearTimeout(watch.timer)
        refollow(watch, watch.keys, [])
        runners.delete(watch)
        enders.delete(watch)
        stats.open--
        release(tenant)
        stats.ended[reason]++
        if (stats.open === 0 && stopListening) {
          stopListening()
          stopListening = undefined
        }
        if (reason !== 'unsubscribed') listener.end(reason)
      }
      enders.set(watch, end)

      const resimulate = () => {
        watch.timer = undefined
        if (watch.ended || watch.running) return
        watch.dirty = false
        if (!hasChanged(watch)) {
          stats.unchanged++
          return
        }
        watch.running = true
        stats.resimulations++
        const before = watch.keys
        simulate().then(
          (response) => {
            watch.running = false
            if (watch.ended) return
            // The accounts read may differ now (another route, a closed account): follow the new set.
            refollow(watch, before, watch.keys)
            if (response.failure_code === 'blockhash_expired' && checksBlockhash) return end('blockhash_expired')
            const visible = toVisibleOutcome(response)
            if (visible !== watch.visible) {
              watch.visible = visible
              stats.updates++
              listener.update(response)
            }
            if (watch.dirty) markChanged(watch)
          },
          (error: unknown) => {
            // A change that could not be simulated (the RPC down for a miss): the next change tries again.
            watch.running = false
            watch.keys = before
            logger.debug({ err: error, watch: watch.id }, 'watched simulation failed')
            if (!watch.ended && watch.dirty) markChanged(watch)
          },
        )
      }
      runners.set(watch, resimulate)
      // An answer already too late to land needs no watching; ended once the caller has sent the first answer.
      if (first.failure_code === 'blockhash_expired' && checksBlockhash) setImmediate(() => end('blockhash_expired'))
      return { response: first, watchId: watch.id, cancel: () => end('unsubscribed') }
    },
    closeAll(reason) {
      for (const end of [...enders.values()]) end(reason)
    },
  }
}
