/**
 * Writes geyser account updates into the account cache, only when they are newer than what the
 * cache holds: a later slot, or the same slot and a later write version from the same endpoint
 * (write versions are a validator's own counter: another endpoint's state of the same slot is
 * skipped, so two streams never interleave). An RPC read at the same slot is overwritten (both
 * are confirmed states of that slot; the stream's is the latest write).
 */
import type { AccountCache } from '../state/account-cache.js'
import { toAccountKey } from '../state/account-key.js'
import type { AccountEntry } from '../state/cached-account.js'
import type { GeyserAccountUpdate } from './geyser-subscription.js'

export interface AccountUpdateWriterStats {
  written: number
  /** Updates older than (or as old as) the cached state. */
  skipped: number
}

export interface AccountUpdateWriter {
  /** Applies one update from endpoint `source` (default 0); true when it was newer and was written. */
  write(update: GeyserAccountUpdate, source?: number): boolean
  readonly stats: Readonly<AccountUpdateWriterStats>
}

/** Whether a state at (slot, writeVersion) from endpoint `source` is newer than the cached `entry`. */
export function isNewerThanEntry(entry: AccountEntry | undefined, slot: number, writeVersion: bigint, source = 0): boolean {
  if (!entry || slot > entry.slot) return true
  if (slot < entry.slot) return false
  if (entry.writeVersion === undefined) return true
  return entry.streamSource === source && writeVersion > entry.writeVersion
}

/** Creates a writer into `cache`. */
export function createAccountUpdateWriter({ cache, now = Date.now }: { cache: AccountCache; now?: () => number }): AccountUpdateWriter {
  const stats: AccountUpdateWriterStats = { written: 0, skipped: 0 }
  return {
    stats,
    write(update, source = 0) {
      const info = update.account
      if (!info) return false
      const key = toAccountKey(info.pubkey)
      const slot = Number(update.slot)
      const writeVersion = BigInt(info.writeVersion)
      if (!isNewerThanEntry(cache.peek(key), slot, writeVersion, source)) {
        stats.skipped++
        return false
      }
      const confirmedAtMs = now()
      // A closed account (no lamports) is what RPC answers as null.
      const entry: AccountEntry =
        info.lamports === '0'
          ? { exists: false, key, version: 0, confirmedAtMs, slot, writeVersion, streamSource: source }
          : {
              exists: true,
              key,
              lamports: BigInt(info.lamports),
              data: info.data,
              owner: info.owner,
              executable: info.executable,
              rentEpoch: BigInt(info.rentEpoch),
              version: 0,
              confirmedAtMs,
              slot,
              writeVersion,
              streamSource: source,
              native: undefined,
            }
      cache.put(entry)
      stats.written++
      return true
    },
  }
}
