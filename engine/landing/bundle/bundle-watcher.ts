/**
 * Bundles are never dropped silently: every unresolved bundle the tracker follows is looked up at
 * the relay every RELAY_STATUS_POLL_MS (through the queue, which coalesces the lookups of many
 * bundles into calls of up to 5 ids). Landing itself is read as for any transaction (the geyser
 * stream, getSignatureStatuses); what only the relay knows is a bundle that will never land:
 * `Failed` (its auction or execution failed: the error is read from getBundleStatuses) or `Invalid`
 * twice in a row (the relay does not know it, or forgot it) — the record becomes `dropped`, with
 * the reason, and its waiters and listeners hear it.
 */
import type { Logger } from '../../../lib/logger.js'
import type { TransactionErrorJson } from '../../../lib/transaction-error.js'
import type { TransactionTracker } from '../tracking/transaction-tracker.js'

export type InflightStatus = 'Invalid' | 'Pending' | 'Failed' | 'Landed'

/** The relay's status reads as the watcher uses them (the queue's coalesced calls). */
export interface BundleStatusReader {
  getInflightStatus(bundleId: string): Promise<{ status: InflightStatus } | null>
  getBundleStatus(bundleId: string): Promise<{ err: unknown } | null>
}

export interface BundleWatcher {
  start(): void
  stop(): void
  /** One round of lookups (the timer's; tests call it to step). */
  poll(): Promise<void>
}

/** Invalid answers in a row before a bundle counts as dropped: one may race the relay's own bookkeeping. */
const INVALID_ROUNDS = 2

/** The transaction error inside a bundle status's `err` (`{"Err": …}`), if it holds one. */
function toTransactionError(err: unknown): TransactionErrorJson | null {
  if (typeof err === 'object' && err !== null && 'Err' in err) return (err as { Err: TransactionErrorJson }).Err
  return null
}

export function createBundleWatcher(options: {
  relay: BundleStatusReader
  tracker: TransactionTracker
  pollMs: number
  logger: Logger
}): BundleWatcher {
  const { relay, tracker, logger } = options
  const invalidRounds = new Map<string, number>()
  let timer: NodeJS.Timeout | undefined
  let polling: Promise<void> | undefined

  async function check(signature: string, bundleId: string): Promise<void> {
    const inflight = await relay.getInflightStatus(bundleId)
    if (inflight?.status === 'Failed') {
      const status = await relay.getBundleStatus(bundleId).catch(() => null)
      const error = toTransactionError(status?.err)
      invalidRounds.delete(bundleId)
      tracker.drop(signature, {
        reason: `the relay reports bundle ${bundleId} Failed${error ? `: ${JSON.stringify(error)}` : ''}; none of its transactions landed`,
        error,
      })
      return
    }
    if (inflight === null || inflight.status === 'Invalid') {
      const rounds = (invalidRounds.get(bundleId) ?? 0) + 1
      invalidRounds.set(bundleId, rounds)
      if (rounds >= INVALID_ROUNDS) {
        invalidRounds.delete(bundleId)
        tracker.drop(signature, {
          reason: `the relay does not know bundle ${bundleId} (Invalid): it was not auctioned, or it expired unlanded`,
          error: null,
        })
      }
      return
    }
    invalidRounds.delete(bundleId)
  }

  async function poll(): Promise<void> {
    const bundles = tracker.listRelayBundles()
    const followed = new Set(bundles.map((bundle) => bundle.bundleId))
    for (const bundleId of invalidRounds.keys()) if (!followed.has(bundleId)) invalidRounds.delete(bundleId)
    await Promise.all(
      bundles.map(({ signature, bundleId }) =>
        check(signature, bundleId).catch((error: unknown) => logger.debug({ err: error, bundleId }, 'bundle status read failed')),
      ),
    )
  }

  return {
    poll,
    start() {
      if (timer) return
      timer = setInterval(() => {
        // One round at a time: a slow relay (its rate limit) must not stack rounds up.
        polling ??= poll().finally(() => (polling = undefined))
      }, options.pollMs)
      timer.unref()
    },
    stop() {
      if (timer) clearInterval(timer)
      timer = undefined
    },
  }
}
