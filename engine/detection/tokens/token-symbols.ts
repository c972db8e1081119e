/**
 * A mint's symbol: from its Token-2022 metadata extension when it has one, else from its Metaplex
 * metadata account. That account is read through the engine's account cache (coalesced, kept
 * fresh in the background), and its address, a PDA whose derivation is asynchronous, is derived
 * once per mint; so a warm request answers synchronously.
 */
import { LRUCache } from 'lru-cache'
import type { AccountCache } from '../../hot-path/state/account-cache.js'
import { type AccountKey, fromBase58Address, toAccountKey, toBase58Address } from '../../hot-path/state/account-key.js'
import type { AccountEntry } from '../../hot-path/state/cached-account.js'
import { decodeMetaplexMetadata, getMetaplexMetadataAddress } from './metaplex-metadata.js'
import type { MintFacts } from './mint-facts.js'
import type { Address } from '@solana/kit'

export interface TokenSymbols {
  /** The symbol (null: none published); a promise only while the metadata account is being read. */
  get(mint: AccountKey, facts: MintFacts, signal?: AbortSignal): string | null | Promise<string | null>
}

function fromEntry(mint: AccountKey, entry: AccountEntry | undefined): string | null {
  if (!entry?.exists) return null
  const metadata = decodeMetaplexMetadata(entry.owner, entry.data)
  // A metadata account names its mint: one that names another is not this mint's.
  if (!metadata || toAccountKey(metadata.mint) !== mint) return null
  return metadata.symbol === '' ? null : metadata.symbol
}

/** Creates the symbol reader over `cache`. */
export function createTokenSymbols(options: { cache: AccountCache; maxMints?: number }): TokenSymbols {
  const addresses = new LRUCache<AccountKey, AccountKey>({ max: options.maxMints ?? 10_000 })

  function read(mint: AccountKey, metadataKey: AccountKey, signal?: AbortSignal): string | null | Promise<string | null> {
    const entries = options.cache.getMany([metadataKey], signal)
    return entries instanceof Promise ? entries.then((loaded) => fromEntry(mint, loaded[0])) : fromEntry(mint, entries[0])
  }

  return {
    get(mint, facts, signal) {
      if (facts.metadata && facts.metadata.symbol !== '') return facts.metadata.symbol
      const metadataKey = addresses.get(mint)
      if (metadataKey !== undefined) return read(mint, metadataKey, signal)
      return getMetaplexMetadataAddress(toBase58Address(mint) as Address).then((address) => {
        const key = fromBase58Address(address)
        addresses.set(mint, key)
        return read(mint, key, signal)
      })
    },
  }
}
