/**
 * Requests per API key, counted in memory on the request path and flushed to the user service in
 * batches (usage is recorded off the hot path, never lost: docs/architecture.md).
 */
import { setTimeout as sleep } from 'node:timers/promises'
import type { KeyUsage } from '../accounts/contract/index.js'
import type { Logger } from '../lib/logger.js'
import { createOutageLog } from '../lib/outage-log.js'

/** Pauses between the final flush attempts of close(); short, since the process is shutting down. */
const CLOSE_RETRY_DELAYS_MS = [100, 200, 400] as const

export interface KeyUsageCounter {
  /** Counts one request of `apiKeyId` at `nowMs` (epoch ms): a map update, no I/O. */
  record(apiKeyId: string, nowMs: number): void
  /** Sends everything recorded before the call; rejects (keeping the counts) when the sink fails. */
  flush(): Promise<void>
  /** Stops the timer and flushes what is left, retrying a few times. */
  close(): Promise<void>
  /** Keys with counts not yet sent. */
  readonly pendingKeys: number
}

export interface KeyUsageCounterOptions {
  /** Must be additive: a batch is sent again after a failure, merged with later counts. */
  sink: (usage: KeyUsage[]) => Promise<void>
  flushIntervalMs?: number
  logger?: Logger
}

interface Tally {
  count: number
  lastUsedAtMs: number
}

/** Creates a counter that flushes every `flushIntervalMs` (default 1000) on an unref'd timer. */
export function createKeyUsageCounter(options: KeyUsageCounterOptions): KeyUsageCounter {
  const { sink, logger } = options
  // A flush fails every second while the user service is down: one line for the outage, not one a flush.
  const failures = createOutageLog({
    logger,
    message: 'key usage flush failed; counts kept for the next flush',
    recoveredMessage: 'key usage flushed again; the counts kept meanwhile are delivered',
  })
  let tallies = new Map<string, Tally>()
  let inFlight: Promise<void> | null = null
  let queued: Promise<void> | null = null
  let closing: Promise<void> | null = null

  const timer = setInterval(() => {
    flush().catch(() => {}) // logged where it failed; the counts wait for the next tick
  }, options.flushIntervalMs ?? 1000)
  timer.unref()

  function add(into: Map<string, Tally>, apiKeyId: string, count: number, lastUsedAtMs: number): void {
    const tally = into.get(apiKeyId)
    if (tally === undefined) {
      into.set(apiKeyId, { count, lastUsedAtMs })
      return
    }
    tally.count += count
    if (lastUsedAtMs > tally.lastUsedAtMs) tally.lastUsedAtMs = lastUsedAtMs
  }

  async function send(): Promise<void> {
    if (tallies.size === 0) return
    const batch = tallies
    tallies = new Map()
    const usage: KeyUsage[] = []
    for (const [apiKeyId, { count, lastUsedAtMs }] of batch) usage.push({ apiKeyId, count, lastUsedAtMs })
    try {
      await sink(usage)
    } catch (error) {
      for (const { apiKeyId, count, lastUsedAtMs } of usage) add(tallies, apiKeyId, count, lastUsedAtMs)
      failures.failed(error, { keys: usage.length })
      throw error
    }
    failures.succeeded()
  }

  /** The send is done: none is in flight unless a later one already is. */
  function clearInFlight(finished: Promise<void>): void {
    if (inFlight === finished) inFlight = null
  }

  function start(): Promise<void> {
    const run = send()
    inFlight = run
    // Inline arrows, not a named one (tsx names a named closure each time it is made).
    run.then(
      () => clearInFlight(run),
      () => clearInFlight(run),
    )
    return run
  }

  // One send at a time. Callers arriving while one runs share a single follow-up send, which
  // swaps the map only after the running one settles, so it holds everything they recorded.
  function flush(): Promise<void> {
    if (queued) return queued
    if (!inFlight) return start()
    const next = inFlight.then(noop, noop).then(() => {
      queued = null
      return start()
    })
    queued = next
    return next
  }

  async function drain(): Promise<void> {
    clearInterval(timer)
    for (let attempt = 0; ; attempt++) {
      try {
        await flush()
        return
      } catch {
        const delayMs = CLOSE_RETRY_DELAYS_MS[attempt]
        if (delayMs === undefined) break
        await sleep(delayMs)
      }
    }
    const lost = [...tallies].map(([apiKeyId, { count }]) => ({ apiKeyId, count }))
    logger?.error({ lost }, 'key usage not delivered at close; these request counts are lost')
  }

  return {
    record(apiKeyId, nowMs) {
      add(tallies, apiKeyId, 1, nowMs)
    },
    flush,
    close() {
      closing ??= drain()
      return closing
    },
    get pendingKeys() {
      return tallies.size
    },
  }
}

function noop(): void {}
