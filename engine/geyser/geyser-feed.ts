/**
 * What the engine gets from a geyser stream: account updates into the cache, blocks into the
 * chain tracker, and a hot set of the accounts simulations touch, sent as the stream's filter.
 * RPC polling goes on beside it; the stream only makes changes take effect sooner.
 */
import { getBase58Encoder } from '@solana/kit'
import type { Logger } from '../../lib/logger.js'
import type { AccountCache } from '../state/account-cache.js'
import type { AccountKey } from '../state/account-key.js'
import type { ChainTracker } from '../state/chain-tracker.js'
import { createAccountUpdateWriter, type AccountUpdateWriter } from './account-update-writer.js'
import { createGeyserSubscription, type GeyserState, type GeyserSubscription } from './geyser-subscription.js'
import { createHotSet, type HotSet } from './hot-set.js'

/** Accounts followed at most: Yellowstone servers cap the size of an account filter. */
export const HOT_SET_MAX_KEYS = 10_000
/** Hot-set changes within this window go out as one filter update. */
export const HOT_SET_DEBOUNCE_MS = 50

export interface GeyserFeedOptions {
  endpoint: string
  token: string | undefined
  stallMs: number
  cache: AccountCache
  chain: ChainTracker
  logger: Logger
}

export interface GeyserFeed {
  readonly state: GeyserState
  readonly subscription: GeyserSubscription
  readonly hotSet: HotSet
  readonly writer: AccountUpdateWriter
  /** Adds keys a simulation used to the hot set (O(1) each). */
  touch(keys: readonly AccountKey[]): void
  start(): void
  stop(): void
}

const base58 = getBase58Encoder()

/** Creates the feed; it connects on `start()`. */
export function createGeyserFeed(options: GeyserFeedOptions): GeyserFeed {
  const writer = createAccountUpdateWriter({ cache: options.cache })
  const subscription = createGeyserSubscription({
    endpoint: options.endpoint,
    token: options.token,
    stallMs: options.stallMs,
    logger: options.logger,
    onAccount: (update) => writer.write(update),
    onBlockMeta: (meta) => {
      const height = meta.blockHeight ? Number(meta.blockHeight.blockHeight) : undefined
      options.chain.recordBlock(new Uint8Array(base58.encode(meta.blockhash)), Number(meta.slot), height)
    },
    onStateChange: (state) => options.logger.info({ state, endpoint: options.endpoint }, 'geyser stream state'),
  })
  const hotSet = createHotSet({
    maxKeys: HOT_SET_MAX_KEYS,
    debounceMs: HOT_SET_DEBOUNCE_MS,
    onChange: (addresses) => subscription.setAccounts(addresses),
  })
  return {
    get state() {
      return subscription.state
    },
    subscription,
    hotSet,
    writer,
    touch(keys) {
      for (let i = 0; i < keys.length; i++) hotSet.add(keys[i] as AccountKey)
    },
    start: () => subscription.start(),
    stop() {
      hotSet.close()
      subscription.close()
    },
  }
}
