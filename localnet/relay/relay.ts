/**
 * A Jito-style bundle relay over the local chain, on its own HTTP port: the block engine's
 * JSON-RPC (sendBundle, getBundleStatuses, getInflightBundleStatuses, getTipAccounts,
 * sendTransaction) as Jito documents it, so that a relay client talks to it as to mainnet's.
 * Accepted bundles run atomically when the next slot opens (bundle-queue.ts).
 */
import type { Logger } from '../../lib/logger.js'
import type { LocalChain } from '../chain.js'
import { createTransactionMethods } from '../rpc/methods/transaction-methods.js'
import type { RpcMethod } from '../rpc/rpc-method.js'
import type { SendIngress } from '../rpc/send-ingress.js'
import { createBundleIntake } from './bundle-intake.js'
import { createBundleMethods } from './bundle-methods.js'
import { createBundleQueue, type BundleCounts } from './bundle-queue.js'
import { createBundleStore, type BundleRecord } from './bundle-store.js'
import { createRelayServer } from './relay-server.js'
import { createRelayStats, type RelayCallCounts, type RelayReceiveTimes } from './relay-stats.js'
import { createTokenBucket } from './token-bucket.js'
import { createTransactionMethod } from './transaction-method.js'

/** Reads a second when the caller names no limit: the block engine's published per-IP default. */
const DEFAULT_READ_RATE_LIMIT = 5

export type RelayCounts = RelayCallCounts & { readonly bundles: BundleCounts }

/** What tests may see and change while the relay runs (`localnet.relay`). */
export type RelayControl = {
  /** Calls by method, 429s, 401s, and what became of the bundles. */
  getCounts(): RelayCounts
  /** When each accepted call and each 429 was received (ms, the relay's clock), oldest first. */
  getReceiveTimes(): RelayReceiveTimes
  /** Sets the transaction submissions (sendBundle, sendTransaction) accepted per second (0: unlimited) and refills their bucket. */
  setRateLimit(perSecond: number): void
  getRateLimit(): number
  /** The same for every other call (status reads, getTipAccounts). */
  setReadRateLimit(perSecond: number): void
  getReadRateLimit(): number
  /** A bundle the relay accepted in the last 5 minutes: its signatures and outcome (null while pending). */
  getBundle(bundleId: string): Readonly<BundleRecord> | undefined
}

export type Relay = {
  /** http://host:port, no path. */
  readonly url: string
  readonly control: RelayControl
  close(): Promise<void>
}

export type RelayOptions = {
  host: string
  /** 0 picks a free port. */
  port: number
  /** Transaction submissions accepted per second (0: unlimited). */
  rateLimit: number
  /** Status reads and getTipAccounts accepted per second (0: unlimited; default 5). */
  readRateLimit?: number
  /** When set, every call must carry it in x-jito-auth. */
  authToken: string | undefined
  chain: LocalChain
  /** localnet RPC's send ingress: a plain sendTransaction through the relay is counted and may be dropped there. */
  sends: SendIngress
  maxBodyBytes: number
  logger: Logger
  /** The clock for the rate limit, receive times and status ages (default Date.now). */
  nowMs?: () => number
}

/** Starts the relay: hooks its queue to the chain's blocks, then listens. */
export async function createRelay(options: RelayOptions): Promise<Relay> {
  const { chain, logger } = options
  const nowMs = options.nowMs ?? Date.now
  const store = createBundleStore({ nowMs })
  const queue = createBundleQueue({ chain, logger })
  const intake = createBundleIntake({ store, queue, nowMs })
  const buckets = {
    submissions: createTokenBucket({ perSecond: options.rateLimit, nowMs }),
    reads: createTokenBucket({ perSecond: options.readRateLimit ?? DEFAULT_READ_RATE_LIMIT, nowMs }),
  }
  const stats = createRelayStats()
  // localnet RPC's own sendTransaction, which createTransactionMethods always defines.
  const sendTransaction = createTransactionMethods(chain, options.sends).sendTransaction as RpcMethod
  const methods = Object.freeze({
    ...createBundleMethods({ chain, store, intake }),
    ...createTransactionMethod({ chain, intake, sendTransaction }),
  })
  try {
    const server = await createRelayServer({
      host: options.host,
      port: options.port,
      methods,
      authToken: options.authToken,
      buckets,
      stats,
      nowMs,
      maxBodyBytes: options.maxBodyBytes,
      logger,
    })
    return {
      url: server.url,
      control: {
        getCounts: () => ({ ...stats.getCallCounts(), bundles: queue.getCounts() }),
        getReceiveTimes: stats.getReceiveTimes,
        setRateLimit: buckets.submissions.setRate,
        getRateLimit: buckets.submissions.getRate,
        setReadRateLimit: buckets.reads.setRate,
        getReadRateLimit: buckets.reads.getRate,
        getBundle: (bundleId) => store.get(bundleId),
      },
      async close() {
        queue.close()
        await server.close()
      },
    }
  } catch (err) {
    queue.close()
    throw err
  }
}
