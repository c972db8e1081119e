/**
 * Fetches accounts by key from JSON-RPC: every key asked for in the same tick joins one queue,
 * which is sent as `getMultipleAccounts` calls of at most `batchSize` keys; a key already in
 * flight is not asked for again (concurrent misses coalesce into one fetch).
 */
import { STATE_READ_COMMITMENT } from './read-commitment.js'
import { getBase64Encoder } from '@solana/kit'
import type { JsonRpcClient } from '../rpc/json-rpc-client.js'
import { type AccountKey, fromAccountKey, fromBase58Address, toBase58Address } from './account-key.js'
import type { AccountEntry } from './cached-account.js'
import { abortable } from '../rpc/abortable.js'

interface RpcAccount {
  lamports: number
  data: [string, string]
  owner: string
  executable: boolean
  rentEpoch: number | bigint
}

interface GetMultipleAccountsResult {
  context: { slot: number }
  value: Array<RpcAccount | null>
}

export interface AccountFetcherOptions {
  rpc: JsonRpcClient
  batchSize: number
  now: () => number
  onBatch: (keyCount: number) => void
  /** Stores a fetched state and returns the entry as cached (with its version). */
  store: (fetched: AccountEntry) => AccountEntry
}

export interface AccountFetcher {
  fetch(key: AccountKey, signal?: AbortSignal): Promise<AccountEntry>
}

interface Waiter {
  resolve: (entry: AccountEntry) => void
  reject: (error: unknown) => void
}

const base64 = getBase64Encoder()
const ownerKeys = new Map<string, Uint8Array>()

function getOwnerBytes(owner: string): Uint8Array {
  let bytes = ownerKeys.get(owner)
  if (!bytes) {
    bytes = fromAccountKey(fromBase58Address(owner))
    if (ownerKeys.size < 10_000) ownerKeys.set(owner, bytes)
  }
  return bytes
}

const U64_MAX = 18_446_744_073_709_551_615n

/** Agave sends u64::MAX (rent-exempt) as a JSON number, which JSON.parse rounds to 2^64. */
function toRentEpoch(value: number | bigint): bigint {
  if (typeof value === 'bigint') return value
  return value >= 2 ** 64 ? U64_MAX : BigInt(value)
}

/** Turns one RPC account (base64) into a cache entry without a version. */
export function fromRpcAccount(key: AccountKey, account: RpcAccount | null, slot: number, nowMs: number): AccountEntry {
  if (account === null) return { exists: false, key, version: 0, confirmedAtMs: nowMs, slot }
  const [encoded, encoding] = account.data
  if (encoding !== 'base64') throw new Error(`unexpected account encoding ${encoding}`)
  return {
    exists: true,
    key,
    lamports: BigInt(account.lamports),
    data: new Uint8Array(base64.encode(encoded)),
    owner: getOwnerBytes(account.owner),
    executable: account.executable,
    rentEpoch: toRentEpoch(account.rentEpoch),
    version: 0,
    confirmedAtMs: nowMs,
    slot,
    native: undefined,
  }
}

/** Creates a fetcher that coalesces and batches account requests. */
export function createAccountFetcher(options: AccountFetcherOptions): AccountFetcher {
  const inFlight = new Map<AccountKey, Promise<AccountEntry>>()
  const queue = new Map<AccountKey, Waiter[]>()
  let flushScheduled = false

  async function sendBatch(keys: AccountKey[], waiters: Waiter[][]): Promise<void> {
    try {
      options.onBatch(keys.length)
      // Current as of when the question was asked: a change after that may be missing.
      const askedAtMs = options.now()
      const result = await options.rpc.call<GetMultipleAccountsResult>('getMultipleAccounts', [
        keys.map(toBase58Address),
        { encoding: 'base64', commitment: STATE_READ_COMMITMENT },
      ])
      keys.forEach((key, i) => {
        const entry = options.store(fromRpcAccount(key, result.value[i] ?? null, result.context.slot, askedAtMs))
        for (const waiter of waiters[i] ?? []) waiter.resolve(entry)
      })
    } catch (error) {
      for (const list of waiters) for (const waiter of list) waiter.reject(error)
    } finally {
      for (const key of keys) inFlight.delete(key)
    }
  }

  function flush(): void {
    flushScheduled = false
    const entries = [...queue]
    queue.clear()
    for (let start = 0; start < entries.length; start += options.batchSize) {
      const slice = entries.slice(start, start + options.batchSize)
      void sendBatch(
        slice.map(([key]) => key),
        slice.map(([, waiters]) => waiters),
      )
    }
  }

  function fetch(key: AccountKey, signal?: AbortSignal): Promise<AccountEntry> {
    let promise = inFlight.get(key)
    if (!promise) {
      promise = new Promise<AccountEntry>((resolve, reject) => {
        const waiters = queue.get(key)
        if (waiters) waiters.push({ resolve, reject })
        else queue.set(key, [{ resolve, reject }])
      })
      inFlight.set(key, promise)
      if (!flushScheduled) {
        flushScheduled = true
        // setImmediate lets every request of this turn of the event loop join the batch.
        setImmediate(flush)
      }
    }
    return abortable(promise, signal)
  }

  return { fetch }
}
