/** What the account cache holds for one address: the account, or the fact that it does not exist. */
import type { AccountKey } from './account-key.js'

export interface CachedAccount {
  readonly exists: true
  readonly key: AccountKey
  readonly lamports: bigint
  readonly data: Uint8Array
  /** 32 raw bytes. */
  readonly owner: Uint8Array
  readonly executable: boolean
  readonly rentEpoch: bigint
  /** Changes only when the content changes; the SVM rewrites an account only on a new version. */
  readonly version: number
  /** When the content was last confirmed from the chain (ms since epoch). */
  readonly confirmedAtMs: number
  /** The slot of the RPC context that returned it, or of the geyser update that carried it. */
  readonly slot: number
  /** The geyser write version, when the state came from the stream (orders writes within a slot). */
  readonly writeVersion?: bigint
  /** Which geyser endpoint sent it: write versions compare only within one endpoint's stream. */
  readonly streamSource?: number
  /** The SVM's native account object, built once per version by the SVM module. */
  native: unknown
  /**
   * Facts derived from the content once per version, so a warm request does not decode them
   * again: token-account fields (null: not a token account) and the account the SVM needs beside
   * this one (programdata of a program, mint of a token account; null: none). undefined: not yet read.
   */
  tokenFields?: { mint: AccountKey; owner: AccountKey; amount: bigint } | null
  dependencyKey?: AccountKey | null
}

export interface MissingAccount {
  readonly exists: false
  readonly key: AccountKey
  readonly version: number
  readonly confirmedAtMs: number
  readonly slot: number
  readonly writeVersion?: bigint
  readonly streamSource?: number
}

export type AccountEntry = CachedAccount | MissingAccount

/** Whether two fetched states of an account have the same content (so the version is kept). */
export function isSameAccountContent(a: AccountEntry, b: AccountEntry): boolean {
  if (!a.exists || !b.exists) return a.exists === b.exists
  return (
    a.lamports === b.lamports &&
    a.executable === b.executable &&
    a.rentEpoch === b.rentEpoch &&
    Buffer.compare(a.owner, b.owner) === 0 &&
    Buffer.compare(a.data, b.data) === 0
  )
}

/** Bytes an entry is charged in the cache's byte budget (data plus a fixed overhead). */
export function getEntrySizeBytes(entry: AccountEntry): number {
  return (entry.exists ? entry.data.length : 0) + 256
}
