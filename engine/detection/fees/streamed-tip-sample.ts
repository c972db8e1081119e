/**
 * The relay tip a streamed transaction paid: what its tip accounts gained. Jito tips are plain
 * SOL transfers to one of 8 tip accounts, inside the bundle's transactions, so the runtime's own
 * balances say what was paid, whatever instruction (a transfer, a CPI from a program) paid it:
 * for each tip account among the transaction's keys — static keys, then `loaded_writable_addresses`
 * (a tip account reached through a lookup table; a read-only one cannot receive lamports) — the
 * increase of its balance, post − pre, at that key's index (balances are indexed static keys, then
 * loaded writable, then loaded read-only). A decrease is not a tip (the relay sweeping its account).
 *
 * Only succeeded non-vote transactions count: a failed one's transfers were rolled back.
 * Called for every streamed transaction, so it never builds base58: keys are compared as latin1
 * strings (engine/hot-path/state/account-key.ts), and only for keys whose first byte is a tip account's.
 */
import type { GeyserTransactionUpdate } from '../../hot-path/geyser/geyser-subscription.js'
import { fromBase58Address, toAccountKey, type AccountKey } from '../../hot-path/state/account-key.js'

/** The tip accounts, ready to be matched against raw keys. */
export interface TipAccountSet {
  readonly keys: ReadonlySet<AccountKey>
  /** 1 at a first byte some tip account starts with: most keys are ruled out on one byte. */
  readonly firstBytes: Uint8Array
}

/** The set of the relay's tip accounts (base58, as getTipAccounts lists them); throws on a malformed address. */
export function createTipAccountSet(addresses: readonly string[]): TipAccountSet {
  const keys = new Set(addresses.map(fromBase58Address))
  const firstBytes = new Uint8Array(256)
  for (const key of keys) firstBytes[key.charCodeAt(0)] = 1
  return { keys, firstBytes }
}

function isTipAccount(key: Uint8Array | undefined, tipAccounts: TipAccountSet): boolean {
  return key !== undefined && key.length === 32 && tipAccounts.firstBytes[key[0]!] === 1 && tipAccounts.keys.has(toAccountKey(key))
}

/** What the balance at `index` gained, 0 when it did not gain or the balances are missing. */
function getGain(preBalances: readonly string[], postBalances: readonly string[], index: number): bigint {
  const pre = preBalances[index]
  const post = postBalances[index]
  if (pre === undefined || post === undefined) return 0n
  const gain = BigInt(post) - BigInt(pre)
  return gain > 0n ? gain : 0n
}

/** Lamports a streamed transaction tipped (0: none, a vote, a failure, or no tip account gained). */
export function getStreamedTipLamports(update: GeyserTransactionUpdate, tipAccounts: TipAccountSet): bigint {
  const info = update.transaction
  const meta = info?.meta
  const keys = info?.transaction?.message?.accountKeys
  if (!info || info.isVote || !meta || meta.err || !keys) return 0n
  let tip = 0n
  for (let i = 0; i < keys.length; i++) {
    if (isTipAccount(keys[i], tipAccounts)) tip += getGain(meta.preBalances, meta.postBalances, i)
  }
  const loaded = meta.loadedWritableAddresses
  for (let i = 0; i < loaded.length; i++) {
    if (isTipAccount(loaded[i], tipAccounts)) tip += getGain(meta.preBalances, meta.postBalances, keys.length + i)
  }
  return tip
}
