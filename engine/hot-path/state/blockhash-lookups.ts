/**
 * The chain's word on blockhashes the tracker has not seen (`isBlockhashValid`): one call per
 * blockhash however many requests ask at once, a "no" remembered for a short while, and a cap on
 * calls in flight, so a flood of made-up blockhashes costs a bounded number of RPC calls and a
 * bounded amount of memory. A "yes" is the tracker's to keep (its map of seen blockhashes).
 */
import { createServiceError } from '../../../lib/errors.js'
import type { JsonRpcClient } from '../rpc/json-rpc-client.js'
import { type AccountKey, toBase58Address } from './account-key.js'

/** RPC lookups out at once; one more is refused (`upstream_unavailable`) rather than queued. */
export const BLOCKHASH_LOOKUPS_IN_FLIGHT = 32
/** How long the chain's "invalid" is believed: long enough to absorb a retry storm, short enough for a lagging node to catch up. */
export const BLOCKHASH_INVALID_TTL_MS = 2_000
/** Invalid answers remembered at most; the oldest goes first. */
export const BLOCKHASH_INVALID_MAX = 4_096

export interface BlockhashAnswer {
  valid: boolean
  /** The slot the node answered at. */
  slot: number
}

export interface BlockhashLookups {
  /** Whether the chain called the blockhash invalid within the last few seconds (a map lookup). */
  isKnownInvalid(key: AccountKey): boolean
  /** Asks the chain; callers asking about the same blockhash at once share one call. */
  lookup(key: AccountKey): Promise<BlockhashAnswer>
  /** Drops a remembered "invalid" (the stream has since shown the blockhash). */
  forget(key: AccountKey): void
  /** Invalid answers held now. */
  readonly size: number
  readonly stats: Readonly<{ calls: number; refused: number }>
}

export interface BlockhashLookupsOptions {
  rpc: JsonRpcClient
  maxInFlight?: number
  invalidTtlMs?: number
  maxInvalid?: number
}

/** Creates the lookups with the defaults above. */
export function createBlockhashLookups({
  rpc,
  maxInFlight = BLOCKHASH_LOOKUPS_IN_FLIGHT,
  invalidTtlMs = BLOCKHASH_INVALID_TTL_MS,
  maxInvalid = BLOCKHASH_INVALID_MAX,
}: BlockhashLookupsOptions): BlockhashLookups {
  const inFlight = new Map<AccountKey, Promise<BlockhashAnswer>>()
  /** Blockhash → when its "invalid" stops being believed (ms); insertion order is age order. */
  const invalidUntil = new Map<AccountKey, number>()
  const stats = { calls: 0, refused: 0 }

  function rememberInvalid(key: AccountKey): void {
    invalidUntil.delete(key)
    invalidUntil.set(key, Date.now() + invalidTtlMs)
    if (invalidUntil.size > maxInvalid) invalidUntil.delete(invalidUntil.keys().next().value as AccountKey)
  }

  async function ask(key: AccountKey): Promise<BlockhashAnswer> {
    stats.calls++
    // processed: the bank a leader builds on, and what a client reading its own node at processed
    // took the blockhash from; at confirmed a blockhash a few slots old is not known yet.
    const result = await rpc.call<{ context: { slot: number }; value: boolean }>('isBlockhashValid', [
      toBase58Address(key),
      { commitment: 'processed' },
    ])
    if (!result.value) rememberInvalid(key)
    return { valid: result.value, slot: result.context.slot }
  }

  return {
    isKnownInvalid(key) {
      const until = invalidUntil.get(key)
      if (until === undefined) return false
      if (until > Date.now()) return true
      invalidUntil.delete(key)
      return false
    },
    lookup(key) {
      const pending = inFlight.get(key)
      if (pending) return pending
      if (inFlight.size >= maxInFlight) {
        stats.refused++
        return Promise.reject(
          createServiceError('upstream_unavailable', 'Too many blockhash lookups are waiting on Solana RPC; retry shortly.'),
        )
      }
      const lookup = ask(key).finally(() => inFlight.delete(key))
      inFlight.set(key, lookup)
      return lookup
    },
    forget(key) {
      invalidUntil.delete(key)
    },
    get size() {
      return invalidUntil.size
    },
    stats,
  }
}
