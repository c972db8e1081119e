/**
 * Writes geyser account updates into the account cache, only when they are newer than what the
 * cache holds: a later slot, or the same slot and a later write version. An RPC read at the same
 * slot is overwritten (both are confirmed states of that slot; the stream's is the latest write).
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
  /** Applies one update; true when it was newer and was written. */
  write(update: GeyserAccountUpdate): boolean
  readonly stats: Readonly<AccountUpdateWriterStats>
}

/** Whether a state at (slot, writeVersion) is newer than the cached `entry`. */
export function isNewerThanEntry(entry: AccountEntry | undefined, slot: number, writeVersion: bigint): boolean {
  if (!entry || slot > entry.slot) return true
  if (slot < entry.slot) return false
  return entry.writeVersion === undefined || writeVersion > entry.writeVersion
}

/** Creates a writer into `cache`. */
export function createAccountUpdateWriter({ cache, now = Date.now }: { cache: AccountCache; now?: () => number }): AccountUpdateWriter {
  const stats: AccountUpdateWriterStats = { written: 0, skipped: 0 }
  return {
    stats,
    write(update) {
      const info = update.account
      if (!info) return false
      const key = toAccountKey(info.pubkey)
      const slot = Number(update.slot)
      const writeVersion = BigInt(info.writeVersion)
      if (!isNewerThanEntry(cache.peek(key), slot, writeVersion)) {
        stats.skipped++
        return false
      }
      const confirmedAtMs = now()
      // A closed account (no lamports) is what RPC answers as null.
      const entry: AccountEntry =
        info.lamports === '0'
          ? { exists: false, key, version: 0, confirmedAtMs, slot, writeVersion }
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
              native: undefined,
            }
      cache.put(entry)
      stats.written++
      return true
    },
  }
}
