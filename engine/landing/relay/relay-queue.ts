/**
 * Every call to one bundle relay goes through its queue, because the relay's rate limit (Jito: 1
 * call a second per IP, all methods together, HTTP 429 past it) is a fact of life: a call past it
 * is not an error to retry blindly but a slot that was never there.
 *
 * Pacing: calls start at least `intervalMs` = (1000 + windowMarginMs) / ratePerSecond apart, so
 * any ratePerSecond + 1 consecutive calls span more than a second: never more than ratePerSecond
 * calls in any 1-second window, whatever the load (a late timer only spaces them further). The
 * margin (100 ms a window by default) absorbs the difference between when a call leaves here and
 * when the relay counts it; a cold connection's handshake can exceed it, and the relay's 429 then
 * costs a back-off, not the call.
 *
 * Who gets a slot:
 * - Sends (sendBundle, sendTransaction, and the tip-account fetch) come before status polls: a
 *   send has a caller's deadline behind it. They wait in one line per owner (the user the call is
 *   for; the service's own calls share one), and the lines are served in turn (owner-lanes.ts):
 *   one user keeping many calls queued delays another user's call by at most one slot, not by
 *   their whole backlog. An owner may keep `maxQueuedPerOwner` sends waiting (the service's own
 *   line has no cap); one more is refused at once with `relay_busy`. A send is admitted only if it
 *   can start before its deadline given the calls that would be served before it in turn;
 *   otherwise, and when its deadline passes while it waits, it is rejected with `relay_busy`
 *   (Retry-After: when a slot frees up) and never reaches the relay.
 * - Status polls wait per method (status-poll-lane.ts); each poll sends every id asked for since
 *   (at most 5, the relay's limit; more wait for the next poll) and callers asking for the same id
 *   share one answer; the lane whose oldest ask is oldest goes first. A poll takes a slot when no
 *   send waits, and in any case after `pollEvery - 1` (3) sends in a row: a poll that waits gets
 *   one slot in `pollEvery` (4), so polls are never starved. A send's admission counts those poll
 *   slots as if polls were always waiting (the usual case while bundles are in flight), so an
 *   admitted send is not pushed past its deadline by polls that arrive later.
 * - A 429 puts the call back at the head of its lane and holds the whole queue (the limit is the
 *   relay's, not the call's) for the pacing interval, doubled on each 429 in a row, at most
 *   `maxBackoffMs` (8 s; longer when the relay's Retry-After asks, up to the same cap). A send
 *   whose deadline the back-off passes is rejected with `relay_busy`.
 * - Tip accounts are fetched once, cached, refreshed (in the background: callers keep the
 *   cached list meanwhile) once they are `tipAccountsTtlMs` (10 minutes) old; concurrent callers
 *   share one fetch.
 *
 * Other failures (`relay_unavailable`, a `RelayRpcError`) go to the callers of that call: the
 * slot was used and the relay answered, so nothing is retried here.
 */
import { createRetryableError, createServiceError } from '../../../lib/errors.js'
import type { Logger } from '../../../lib/logger.js'
import type { RelayClient, RelaySentTransaction } from './relay-client.js'
import { isRelayRateLimited } from './relay-errors.js'
import type { RelayBundleStatus, RelayInflightStatus } from './relay-replies.js'
import { createStatusPollLane, type StatusPollLane } from './status-poll-lane.js'
import { createOwnerLanes } from './owner-lanes.js'

export interface RelayQueueOptions {
  client: RelayClient
  /** Calls a second the relay allows (all methods together). */
  ratePerSecond?: number
  logger: Logger
  /** The clock (epoch ms); tests may inject one. */
  now?: () => number
  /** Slack added to each 1-second window (see the module comment). */
  windowMarginMs?: number
  /** While sends wait, a waiting poll still gets one slot in this many (≥ 2). */
  pollEvery?: number
  /** Upper bound of the back-off after 429s. */
  maxBackoffMs?: number
  /** Age after which the cached tip accounts are fetched again. */
  tipAccountsTtlMs?: number
  /** Sends one owner (a user) may keep waiting; past it, relay_busy at once. */
  maxQueuedPerOwner?: number
}

/** Who a send is for, and what may abort it while it waits. */
export interface RelaySendOptions {
  /** The user the call is for: each user waits in their own line, served in turn. Default: the service's own line. */
  owner?: string
  signal?: AbortSignal
}

/** The line of the service's own calls (the tip accounts), and of calls that name no owner. */
export const SERVICE_OWNER = ''

export interface RelayQueue {
  /** Sends a bundle once its owner's turn brings a free slot, if that is before `deadlineMs` (epoch ms); answers its bundle id. */
  sendBundle(base64Transactions: readonly string[], deadlineMs: number, options?: RelaySendOptions): Promise<string>
  /** Sends a transaction to the relay once its owner's turn brings a free slot, if that is before `deadlineMs`. */
  sendTransaction(
    base64: string,
    options: { bundleOnly: boolean },
    deadlineMs: number,
    sendOptions?: RelaySendOptions,
  ): Promise<RelaySentTransaction>
  /** The bundle's in-flight state (an id the relay does not list is `Invalid`, as the relay itself says). */
  getInflightStatus(bundleId: string, signal?: AbortSignal): Promise<RelayInflightStatus>
  /** The bundle's landed status; null when the relay has none. */
  getBundleStatus(bundleId: string, signal?: AbortSignal): Promise<RelayBundleStatus | null>
  /** The relay's tip accounts (base58), cached. */
  getTipAccounts(): Promise<string[]>
  /** How long a send `owner` queued now would wait for its slot, counting poll slots as the admission does. */
  estimateWaitMs(owner?: string): number
  /** Calls made to the relay (retries included). */
  readonly calls: number
  /** The pacing interval between two calls, in ms. */
  readonly intervalMs: number
  /** Rejects what waits with `relay_unavailable` and stops every timer. */
  close(): void
}

export const RELAY_QUEUE_DEFAULTS = Object.freeze({
  ratePerSecond: 1,
  windowMarginMs: 100,
  pollEvery: 4,
  maxBackoffMs: 8_000,
  tipAccountsTtlMs: 10 * 60_000,
  maxQueuedPerOwner: 4,
})

/** After a failed refresh, the stale tip accounts are served this long before the next try. */
const TIP_REFRESH_RETRY_MS = 30_000

interface SendJob {
  owner: string
  method: string
  deadlineMs: number
  run(signal: AbortSignal): Promise<unknown>
  resolve(value: unknown): void
  reject(error: unknown): void
  /** The caller's signal: while the job waits, an abort takes it out of the queue. */
  signal: AbortSignal | undefined
  timer: NodeJS.Timeout | undefined
  detach: (() => void) | undefined
}

/** Creates the queue in front of `client`; nothing runs until a call is made. */
export function createRelayQueue(options: RelayQueueOptions): RelayQueue {
  const { client, logger } = options
  const now = options.now ?? Date.now
  const ratePerSecond = options.ratePerSecond ?? RELAY_QUEUE_DEFAULTS.ratePerSecond
  const windowMarginMs = options.windowMarginMs ?? RELAY_QUEUE_DEFAULTS.windowMarginMs
  const pollEvery = options.pollEvery ?? RELAY_QUEUE_DEFAULTS.pollEvery
  const maxBackoffMs = options.maxBackoffMs ?? RELAY_QUEUE_DEFAULTS.maxBackoffMs
  const tipAccountsTtlMs = options.tipAccountsTtlMs ?? RELAY_QUEUE_DEFAULTS.tipAccountsTtlMs
  const maxQueuedPerOwner = options.maxQueuedPerOwner ?? RELAY_QUEUE_DEFAULTS.maxQueuedPerOwner
  if (!(ratePerSecond > 0) || !Number.isFinite(ratePerSecond))
    throw new RangeError(`relay queue: ratePerSecond must be > 0, got ${ratePerSecond}`)
  if (!Number.isInteger(pollEvery) || pollEvery < 2) throw new RangeError(`relay queue: pollEvery must be an integer ≥ 2, got ${pollEvery}`)
  if (!(windowMarginMs >= 0)) throw new RangeError(`relay queue: windowMarginMs must be ≥ 0, got ${windowMarginMs}`)
  if (!Number.isInteger(maxQueuedPerOwner) || maxQueuedPerOwner < 1)
    throw new RangeError(`relay queue: maxQueuedPerOwner must be an integer ≥ 1, got ${maxQueuedPerOwner}`)
  const intervalMs = (1000 + windowMarginMs) / ratePerSecond

  const sends = createOwnerLanes<SendJob>()
  let nextSlotAt = -Infinity
  let sendsSincePoll = 0
  let rateLimitStreak = 0
  let calls = 0
  let closed = false
  let pumpTimer: NodeJS.Timeout | undefined
  let pumpScheduled = false
  const stop = new AbortController()

  const inflightLane = createStatusPollLane<RelayInflightStatus>('getInflightBundleStatuses', async (ids, signal) => {
    const listed = new Map((await client.getInflightBundleStatuses(ids, signal)).map((status) => [status.bundleId, status]))
    return new Map(ids.map((id) => [id, listed.get(id) ?? { bundleId: id, status: 'Invalid', landedSlot: null }]))
  })
  const statusLane = createStatusPollLane<RelayBundleStatus | null>('getBundleStatuses', async (ids, signal) => {
    const statuses = await client.getBundleStatuses(ids, signal)
    return new Map(ids.map((id, i) => [id, statuses[i] ?? null]))
  })
  const lanes = [inflightLane, statusLane] as StatusPollLane<unknown>[]

  const shuttingDown = () => createServiceError('relay_unavailable', `The bundle relay queue for ${client.host} is shutting down.`)

  /** When the send with `position` sends served before it would start, counting the poll slots it would yield. */
  function getSendStartAt(position: number, at: number): number {
    const sendsBeforePoll = Math.max(0, pollEvery - 1 - sendsSincePoll)
    const polls = position < sendsBeforePoll ? 0 : 1 + Math.floor((position - sendsBeforePoll) / (pollEvery - 1))
    return Math.max(at, nextSlotAt) + (position + polls) * intervalMs
  }

  function relayBusy(waitMs: number, why: string) {
    return createRetryableError(
      'relay_busy',
      waitMs / 1000,
      {},
      `The bundle relay at ${client.host} is busy: ${why} (its rate limit is ${ratePerSecond} call(s) a second); retry after the Retry-After header.`,
    )
  }

  /** Takes `job` out of its line with its timer and abort listener; whether it was still waiting there. */
  function removeSend(job: SendJob): boolean {
    const waiting = sends.remove(job)
    if (job.timer) clearTimeout(job.timer)
    job.timer = undefined
    job.detach?.()
    job.detach = undefined
    return waiting
  }

  /** Rejects a waiting send whose deadline passed (from its timer, or from `pump`, which then goes on itself). */
  function expire(job: SendJob, fromPump = false): void {
    if (!removeSend(job)) return
    const at = now()
    logger.debug({ relay: client.host, method: job.method, waiting: sends.size }, 'relay call dropped at its deadline')
    job.reject(relayBusy(getSendStartAt(sends.countAheadOfNew(job.owner), at) - at, `${job.method} could not be sent before its deadline`))
    if (!fromPump) schedulePump()
  }

  /** Puts `job` in its owner's line (at the back, or at the head for a retry) with its deadline timer and abort listener. */
  function queueSend(job: SendJob, atHead: boolean): void {
    const signal = job.signal
    if (signal?.aborted) return job.reject(signal.reason)
    if (atHead) sends.unshift(job)
    else sends.push(job)
    if (Number.isFinite(job.deadlineMs)) {
      job.timer = setTimeout(() => expire(job), Math.max(0, job.deadlineMs - now()))
      job.timer.unref()
    }
    if (signal) {
      const onAbort = () => {
        removeSend(job)
        job.reject(signal.reason)
        schedulePump()
      }
      signal.addEventListener('abort', onAbort, { once: true })
      job.detach = () => signal.removeEventListener('abort', onAbort)
    }
    schedulePump()
  }

  function enqueueSend<T>(
    method: string,
    deadlineMs: number,
    sendOptions: RelaySendOptions | undefined,
    run: (signal: AbortSignal) => Promise<T>,
  ): Promise<T> {
    const signal = sendOptions?.signal
    const owner = sendOptions?.owner ?? SERVICE_OWNER
    if (closed) return Promise.reject(shuttingDown())
    if (signal?.aborted) return Promise.reject(signal.reason)
    const at = now()
    const ahead = sends.countAheadOfNew(owner)
    const queued = sends.countOf(owner)
    if (owner !== SERVICE_OWNER && queued >= maxQueuedPerOwner) {
      // An upper bound of when their first waiting call starts, freeing a place in their line.
      return Promise.reject(
        relayBusy(
          getSendStartAt(sends.countAheadOfNew(owner) - queued, at) - at,
          `you already have ${queued} call(s) waiting for it (at most ${maxQueuedPerOwner} a user)`,
        ),
      )
    }
    const startAt = getSendStartAt(ahead, at)
    if (startAt > deadlineMs) {
      return Promise.reject(relayBusy(startAt - at, `${ahead} call(s) come before this one and the next slot is past its deadline`))
    }
    return new Promise<T>((resolve, reject) => {
      const job: SendJob = {
        owner,
        method,
        deadlineMs,
        run,
        resolve: resolve,
        reject,
        signal,
        timer: undefined,
        detach: undefined,
      }
      queueSend(job, false)
    })
  }

  /** After a 429: hold the queue, longer on each 429 in a row. */
  function backOff(method: string, retryAfterMs: number | null): void {
    rateLimitStreak++
    const backoffMs = Math.min(maxBackoffMs, Math.max(intervalMs * 2 ** (rateLimitStreak - 1), retryAfterMs ?? 0))
    nextSlotAt = Math.max(nextSlotAt, now() + backoffMs)
    logger.warn({ relay: client.host, method, backoffMs, streak: rateLimitStreak }, 'relay rate-limited a call: backing off')
  }

  function startSend(job: SendJob): void {
    removeSend(job)
    job.run(stop.signal).then(
      (value) => {
        rateLimitStreak = 0
        job.resolve(value)
      },
      (error: unknown) => {
        if (closed) return job.reject(shuttingDown())
        if (!isRelayRateLimited(error)) {
          rateLimitStreak = 0
          return job.reject(error)
        }
        backOff(job.method, error.retryAfterMs)
        const at = now()
        if (nextSlotAt > job.deadlineMs)
          return job.reject(
            relayBusy(getSendStartAt(sends.countAheadOfNew(job.owner), at) - at, `it rate-limited ${job.method} until past its deadline`),
          )
        // Back at the head: its place in the line was earned before the 429.
        queueSend(job, true)
      },
    )
  }

  function startPoll(lane: StatusPollLane<unknown>): void {
    const batch = lane.takeBatch()
    lane
      .fetch(
        batch.map(([id]) => id),
        stop.signal,
      )
      .then(
        (answers) => {
          rateLimitStreak = 0
          lane.settle(batch, answers)
        },
        (error: unknown) => {
          if (closed) return lane.fail(batch, shuttingDown())
          if (!isRelayRateLimited(error)) {
            rateLimitStreak = 0
            return lane.fail(batch, error)
          }
          backOff(lane.method, error.retryAfterMs)
          lane.requeue(batch)
          schedulePump()
        },
      )
  }

  /** The poll lane whose oldest ask is oldest; undefined when no poll waits. */
  function getNextPollLane(): StatusPollLane<unknown> | undefined {
    let next: StatusPollLane<unknown> | undefined
    let oldest = Infinity
    for (const lane of lanes) {
      const seq = lane.oldestSeq
      if (seq !== undefined && seq < oldest) {
        oldest = seq
        next = lane
      }
    }
    return next
  }

  /**
   * Runs `pump` once the current task's synchronous work is done: callers asking in the same tick
   * (a Promise.all of statuses) are all queued before a slot is given, so one poll carries them.
   */
  function schedulePump(): void {
    if (pumpScheduled) return
    pumpScheduled = true
    queueMicrotask(() => {
      pumpScheduled = false
      pump()
    })
  }

  function pump(): void {
    if (closed) return
    const at = now()
    // A deadline timer may not have fired yet: never send a call past its deadline.
    for (let next = sends.peek(); next !== undefined && next.deadlineMs < at; next = sends.peek()) expire(next, true)
    const pollLane = getNextPollLane()
    if (sends.size === 0 && pollLane === undefined) return
    if (at < nextSlotAt) {
      if (pumpTimer === undefined) {
        pumpTimer = setTimeout(() => {
          pumpTimer = undefined
          pump()
        }, nextSlotAt - at)
        pumpTimer.unref()
      }
      return
    }
    // A late timer or an idle queue starts from now: calls are never bunched to catch up.
    nextSlotAt = at + intervalMs
    calls++
    const head = sends.peek()
    if (head !== undefined && (pollLane === undefined || sendsSincePoll < pollEvery - 1)) {
      sendsSincePoll++
      // Taken by shift, so its owner moves to the end of the turn.
      sends.shift()
      startSend(head)
    } else if (pollLane !== undefined) {
      sendsSincePoll = 0
      startPoll(pollLane)
    }
    pump()
  }

  function enqueuePoll<T>(lane: StatusPollLane<T>, id: string, signal: AbortSignal | undefined): Promise<T> {
    if (closed) return Promise.reject(shuttingDown())
    return lane.ask(id, signal, schedulePump)
  }

  // Tip accounts: the cached list, the fetch under way, and when a failed refresh may be retried.
  let tipAccounts: string[] | undefined
  let tipFetchedAt = -Infinity
  let tipRetryAt = -Infinity
  let tipFetch: Promise<string[]> | undefined

  function fetchTipAccounts(): Promise<string[]> {
    tipFetch ??= enqueueSend('getTipAccounts', Infinity, { owner: SERVICE_OWNER }, (signal) => client.getTipAccounts(signal))
      .then((accounts) => {
        tipAccounts = accounts
        tipFetchedAt = now()
        return accounts
      })
      .finally(() => {
        tipFetch = undefined
      })
    return tipFetch
  }

  return {
    intervalMs,
    get calls() {
      return calls
    },

    sendBundle(base64Transactions, deadlineMs, sendOptions) {
      return enqueueSend('sendBundle', deadlineMs, sendOptions, (stopSignal) => client.sendBundle(base64Transactions, stopSignal))
    },

    sendTransaction(base64, transactionOptions, deadlineMs, sendOptions) {
      return enqueueSend('sendTransaction', deadlineMs, sendOptions, (stopSignal) =>
        client.sendTransaction(base64, transactionOptions, stopSignal),
      )
    },

    getInflightStatus(bundleId, signal) {
      return enqueuePoll(inflightLane, bundleId, signal)
    },

    getBundleStatus(bundleId, signal) {
      return enqueuePoll(statusLane, bundleId, signal)
    },

    getTipAccounts() {
      if (closed) return Promise.reject(shuttingDown())
      if (tipAccounts === undefined) return fetchTipAccounts()
      const at = now()
      if (at - tipFetchedAt >= tipAccountsTtlMs && at >= tipRetryAt && tipFetch === undefined) {
        fetchTipAccounts().catch((error: unknown) => {
          tipRetryAt = now() + TIP_REFRESH_RETRY_MS
          logger.warn({ relay: client.host, err: error }, 'relay tip accounts refresh failed: keeping the cached list')
        })
      }
      return Promise.resolve(tipAccounts)
    },

    estimateWaitMs(owner = SERVICE_OWNER) {
      const at = now()
      return Math.max(0, getSendStartAt(sends.countAheadOfNew(owner), at) - at)
    },

    close() {
      if (closed) return
      closed = true
      if (pumpTimer) clearTimeout(pumpTimer)
      pumpTimer = undefined
      for (const job of sends.drain()) {
        removeSend(job)
        job.reject(shuttingDown())
      }
      for (const lane of lanes) lane.rejectAll(shuttingDown())
      // Calls under way are cut short; their callers get the same error.
      stop.abort(shuttingDown())
    },
  }
}
