/**
 * The queue that takes simulate calls' history records off the request path and writes them to
 * the user service in batches, in arrival order (docs/architecture.md).
 *
 * A batch that fails is put back and retried at the next tick: the user service or its database is
 * away, and the records wait for it. A batch the user service refuses for what it holds
 * (`validation_error`: a value no column can take, or the database refusing one) is different:
 * retried as it is, it would fail forever and hold every later record behind it. It is split in
 * halves until the records that cannot be stored are alone; those are set aside (`onRefused`: the
 * journal keeps them in a file of their own) and everything else is written.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import type { SimulationRecord } from '../accounts/contract/index.js'
import { isServiceError } from '../lib/errors.js'
import type { Logger } from '../lib/logger.js'
import { createOutageLog } from '../lib/outage-log.js'

/** Pauses between the final drain attempts of close(); short, since the process is shutting down. */
const CLOSE_RETRY_DELAYS_MS = [100, 200, 400] as const

export interface SimulationHistoryQueue {
  /** Queues a record: O(1), no I/O. Past `maxPending` the oldest waiting record is dropped. */
  push(record: SimulationRecord): void
  /** Resolves once everything pushed before the call was delivered; rejects when the sink fails. */
  flush(): Promise<void>
  /** Stops the timer and drains what is left, retrying a few times. Call it after requests stopped. */
  close(): Promise<void>
  /** Records not yet delivered, the batch in flight included. */
  readonly pending: number
  /** Records dropped because `maxPending` were already waiting, since creation. */
  readonly dropped: number
  /** Records the sink refused on their own (set aside, not retried), since creation. */
  readonly refused: number
}

export interface SimulationHistoryQueueOptions {
  sink: (records: SimulationRecord[]) => Promise<void>
  /** How often waiting records are sent, and how soon a failed batch is retried; default 200. */
  flushIntervalMs?: number
  /** Records per sink call; reaching it sends at once rather than at the next tick. Default 500. */
  maxBatch?: number
  /** Records that may wait (the batch in flight aside) before the oldest are dropped; default 100,000. */
  maxPending?: number
  /**
   * A record the sink refused on its own, with the refusal: it is not retried. Called once a
   * record; without it the record is only logged. Default: logged.
   */
  onRefused?: (record: SimulationRecord, error: unknown) => void
  logger?: Logger
}

/** Whether the sink refused a batch for what it holds (retrying it as it is cannot succeed). */
function isRefusal(error: unknown): boolean {
  return isServiceError(error, 'validation_error')
}

/** Creates the queue with its unref'd flush timer. */
export function createSimulationHistoryQueue(options: SimulationHistoryQueueOptions): SimulationHistoryQueue {
  const { sink, logger } = options
  // Retried every tick while the user service is down: one line for the outage, not five a second.
  const failures = createOutageLog({
    logger,
    message: 'simulation history write failed; records kept for the next tick',
    recoveredMessage: 'simulation history written again; the records kept meanwhile follow',
  })
  const maxBatch = options.maxBatch ?? 500
  const maxPending = options.maxPending ?? 100_000
  if (!Number.isInteger(maxBatch) || maxBatch < 1) throw new RangeError(`maxBatch must be a positive integer, not ${maxBatch}`)
  if (!Number.isInteger(maxPending) || maxPending < 1) {
    throw new RangeError(`maxPending must be a positive integer, not ${maxPending}`)
  }

  // Waiting records are items[head..]; taking from the front moves `head` instead of shifting.
  let items: (SimulationRecord | undefined)[] = []
  let head = 0
  // Position of items[head] in the sequence of every record ever pushed. Taking, dropping and
  // putting back keep `frontSeq + waiting()` equal to the number pushed, so flush() knows when
  // the records pushed before it have left the queue.
  let frontSeq = 0
  let inFlight: { records: SimulationRecord[]; done: Promise<void> } | null = null
  let draining = false
  let failing = false
  let soon: NodeJS.Immediate | null = null
  let dropped = 0
  let refused = 0
  let unreportedDrops = 0
  let closing: Promise<void> | null = null

  const timer = setInterval(() => {
    reportDrops()
    drainInBackground()
  }, options.flushIntervalMs ?? 200)
  timer.unref()

  /** The batch sent is done: no batch is in flight unless a later one already is. */
  function clearInFlight(finished: { records: SimulationRecord[]; done: Promise<void> }): void {
    if (inFlight === finished) inFlight = null
  }

  function waiting(): number {
    return items.length - head
  }

  function dropOldest(): void {
    items[head] = undefined
    head++
    frontSeq++
    dropped++
    unreportedDrops++
    compact()
  }

  // Amortised O(1): the copy happens only after at least as many slots were freed as remain, so
  // the array stays within twice what is waiting, even while a dead sink makes push drop.
  function compact(): void {
    if (head === items.length) {
      items = []
      head = 0
    } else if (head > 1024 && head * 2 > items.length) {
      items = items.slice(head)
      head = 0
    }
  }

  function take(count: number): SimulationRecord[] {
    const batch = items.slice(head, head + count) as SimulationRecord[]
    items.fill(undefined, head, head + batch.length) // let delivered records be collected
    head += batch.length
    frontSeq += batch.length
    compact()
    return batch
  }

  function putBack(batch: SimulationRecord[]): void {
    if (head >= batch.length) {
      head -= batch.length
      for (let i = 0; i < batch.length; i++) items[head + i] = batch[i]
    } else {
      items = [...batch, ...items.slice(head)]
      head = 0
    }
    frontSeq -= batch.length
    while (waiting() > maxPending) dropOldest()
  }

  /** Sends the next batch, or joins the one in flight: one sink call at a time keeps the order. */
  function sendBatch(): Promise<void> {
    if (inFlight) return inFlight.done
    if (waiting() === 0) return Promise.resolve()
    const records = take(maxBatch)
    const done = deliver(records)
    const current = { records, done }
    inFlight = current
    // Inline arrows, not a named one: tsx (esbuild keepNames) defines a named closure's name each
    // time it is made, and on a slow machine a batch can be every few calls.
    done.then(
      () => clearInFlight(current),
      () => clearInFlight(current),
    )
    return done
  }

  /**
   * Writes `records`. A refused part is split in halves, written in order, until each record the
   * sink refuses is alone and set aside; on any other failure the part that failed and every part
   * after it go back to the front, in order.
   */
  async function deliver(records: SimulationRecord[]): Promise<void> {
    // The parts still to write, oldest first.
    const parts = [records]
    while (parts.length > 0) {
      const part = parts[0] as SimulationRecord[]
      try {
        await sink(part)
      } catch (error) {
        if (!isRefusal(error)) {
          failing = true
          putBack(parts.length === 1 ? part : parts.flat())
          failures.failed(error, { records: records.length, pending: waiting() })
          throw error
        }
        parts.shift()
        if (part.length === 1) setAside(part[0] as SimulationRecord, error)
        else parts.unshift(part.slice(0, part.length >>> 1), part.slice(part.length >>> 1))
        continue
      }
      parts.shift()
    }
    failing = false
    failures.succeeded()
  }

  function setAside(record: SimulationRecord, error: unknown): void {
    refused++
    logger?.error(
      { err: error, recordId: record.recordId, userId: record.userId, refusedTotal: refused },
      'simulation history record refused by the user service: set aside, not retried',
    )
    options.onRefused?.(record, error)
  }

  function drainInBackground(): void {
    if (draining) return
    draining = true
    void (async () => {
      try {
        // Only what waits now, then only full batches: records arriving during a write wait for
        // the next tick. Looping until empty would write a batch of one or two records after every
        // request under steady traffic, and with the embedded database those writes run on this
        // event loop (measured: REST p50 0.2 → 0.95 ms).
        await flush()
        while (waiting() >= maxBatch) await sendBatch()
      } catch {
        // Logged in deliver; the timer retries.
      } finally {
        draining = false
      }
    })()
  }

  function reportDrops(): void {
    if (unreportedDrops === 0) return
    logger?.warn({ dropped: unreportedDrops, droppedTotal: dropped, maxPending }, 'simulation history queue full: oldest records dropped')
    unreportedDrops = 0
  }

  async function flush(): Promise<void> {
    const target = frontSeq + waiting()
    for (;;) {
      // The batch in flight is older than anything waiting, so it is always part of what the caller awaits.
      if (inFlight) await inFlight.done
      else if (frontSeq < target) await sendBatch()
      else return
    }
  }

  async function drain(): Promise<void> {
    clearInterval(timer)
    if (soon) clearImmediate(soon)
    for (let attempt = 0; ; attempt++) {
      try {
        await flush()
        break
      } catch {
        const delayMs = CLOSE_RETRY_DELAYS_MS[attempt]
        if (delayMs === undefined) {
          logger?.error({ lost: waiting() }, 'simulation history not delivered at close; these records are lost')
          break
        }
        await sleep(delayMs)
      }
    }
    reportDrops()
  }

  return {
    push(record) {
      items.push(record)
      if (waiting() > maxPending) dropOldest()
      // A full batch goes out at once, unless a drain loop will take it anyway or the sink is
      // failing (then the timer paces the retries).
      if (waiting() >= maxBatch && !draining && !failing && soon === null && closing === null) {
        soon = setImmediate(() => {
          soon = null
          drainInBackground()
        })
      }
    },
    flush,
    close() {
      closing ??= drain()
      return closing
    },
    get pending() {
      return waiting() + (inFlight?.records.length ?? 0)
    },
    get dropped() {
      return dropped
    },
    get refused() {
      return refused
    },
  }
}
