/**
 * One WebSocket of the stream: each message is decoded, validated, charged like the REST call it
 * asks for (simulate, execute, send, submit or tips) and run, and its answer sent as soon as it is ready (so
 * answers may overtake each other). Nothing a client sends closes the socket: every failure is an
 * error frame carrying the id. The route pushes the caller's own tracked transactions as their
 * status changes (`push`).
 *
 * A simulate sent with `watch: true` is answered with a `subscription` id, then pushes
 * `simulation_update` frames as the engine's answer changes and one `watch_end` frame when the
 * watch ends (docs/api.md#watching-a-simulation). At most `maxWatches` per socket; an `unsubscribe`
 * message ends one, closing the socket ends them all. An update the client is too slow to read
 * waits in place of the previous one for that watch (the latest answer is what counts), so
 * watches add at most `maxWatches` frames of memory.
 *
 * Memory per socket stays bounded however the client behaves: at most `maxInFlight` simulations
 * run, and while that many run, or the bytes ws holds for the client pass `maxBufferedBytes`, the
 * socket stops reading, so TCP pushes back on the sender. Messages ws had already read when it
 * paused wait in a queue that one socket read bounds.
 */
import { type RawData, WebSocket } from 'ws'
import { type ErrorCode, type ErrorDetails, createServiceError } from '../../lib/errors.js'
import type { Admission, AdmissionCharge, Admitted } from '../../lib/limits/admission.js'
import type { Logger } from '../../lib/logger.js'
import type { SimulateResponse } from '../../engine/contract/simulate-response.js'
import type { ExecuteResponse } from '../../engine/contract/execute-response.js'
import type { SendResponse } from '../../engine/contract/send-response.js'
import type { SubmitResponse } from '../../engine/contract/submit-response.js'
import type { TipFloor } from '../../engine/contract/tips-response.js'
import type { TransactionUpdateMessage } from '../../engine/contract/transaction-tracking.js'
import type { WatchEndReason, WatchStart } from '../../engine/contract/simulation-watch.js'
import type { Principal } from '../../callers/authenticator.js'
import { toClientError } from '../http-errors.js'
import type { CallerSimulator } from '../simulate/caller-simulator.js'
import type { CallerTransactions } from '../transactions/caller-transactions.js'
import type { KeyUsageCounter } from '../../callers/key-usage-counter.js'
import { decodeStreamMessage, encodeStreamFrame, SerializedJsonFrame, type StreamFormat } from './stream-codec.js'
import { prefixSerializedFields } from '../../engine/contract/serialized-simulate-response.js'
import { getStreamMessageId, type StreamMessage, type StreamMessageId, type StreamMessageType } from './stream-message.js'

/** What the connection uses of ws's WebSocket (tests hand in a fake to drive `bufferedAmount`). */
export type StreamSocket = Pick<
  WebSocket,
  'readyState' | 'bufferedAmount' | 'send' | 'ping' | 'pause' | 'resume' | 'close' | 'terminate' | 'on'
>

export interface StreamLimits {
  /** How often the server pings; a socket that has not ponged since the previous ping is terminated. */
  pingIntervalMs: number
  /** Calls (admission included) running at once for one socket. */
  maxInFlight: number
  /** Bytes ws may hold unsent for the client before the socket stops reading. */
  maxBufferedBytes: number
  /** Watched simulations open at once on the socket (starting included). */
  maxWatches: number
}

/**
 * Why a message got no answer: REST's envelope error. `retry_after` (seconds: REST's Retry-After
 * header) comes with rate_limited, quota_exceeded and relay_busy; an error's details
 * (bundle_rejected's `bundle_lint`) as REST's envelope carries them.
 */
export type StreamError = {
  code: ErrorCode
  message: string
  request_id: string
  retry_after?: number
} & ErrorDetails

/**
 * A message's answer — a simulation's (with `type` only when the message named it), an execute's,
 * a send's, a submit's or the tips — or a message's error (`id` null when the message had no readable id).
 */
export type StreamFrame =
  | ({ id: StreamMessageId; type?: 'simulate'; subscription?: string } & SimulateResponse)
  | { id: StreamMessageId; type: 'unsubscribe'; subscription: string }
  | ({ id: StreamMessageId; type: 'execute' } & ExecuteResponse)
  | ({ id: StreamMessageId; type: 'send' } & SendResponse)
  | ({ id: StreamMessageId; type: 'submit' } & SubmitResponse)
  | ({ id: StreamMessageId; type: 'tips' } & TipFloor)
  | { id: StreamMessageId | null; error: StreamError }

export interface StreamConnectionStats {
  inFlight: number
  queued: number
  /** The server has stopped reading the socket. */
  paused: boolean
  /** The app is closing: new messages are answered shutting_down. */
  draining: boolean
  bufferedBytes: number
  /** The most each of the above reached since the socket opened. */
  peakInFlight: number
  peakQueued: number
  peakBufferedBytes: number
  /** Messages received, and frames sent in answer. */
  received: number
  answered: number
  /** Transaction pushes sent, and those skipped while the client left too much unread. */
  pushed: number
  pushesSkipped: number
  /** Watches open on the socket now, and the updates and ends sent for them. */
  watches: number
  watchUpdates: number
  watchEnds: number
  /** Updates replaced by a newer one of the same watch before the client had read enough to take them. */
  watchUpdatesReplaced: number
}

export interface StreamConnection {
  /** What the socket holds now and the most it held. */
  getStats(): StreamConnectionStats
  /**
   * Stops taking messages (later ones are answered `shutting_down`), lets the simulations in
   * flight answer, then closes with 1001 (going away); terminates the socket if that takes more
   * than `timeoutMs`. Resolves once the socket is closed.
   */
  drain(timeoutMs: number): Promise<void>
  /**
   * Sends a push of the caller's tracked transaction, in the encoding of the client's latest
   * message (JSON before any). Skipped, not queued, while more than `maxBufferedBytes` waits
   * unread (the tracking endpoint has the state), and once the socket is closing.
   */
  push(update: TransactionUpdateMessage): void
  /** Resolves when the socket has closed, whoever closed it. */
  readonly closed: Promise<void>
}

export interface StreamConnectionOptions {
  socket: StreamSocket
  principal: Principal
  /** The handshake's request id: every error frame carries it, and logs name it. */
  requestId: string
  simulator: Pick<CallerSimulator, 'simulate' | 'simulateSerialized' | 'watch'>
  transactions: Pick<CallerTransactions, 'execute' | 'send' | 'submit' | 'getTips'>
  admission: Pick<Admission, 'admit'>
  /** Each message counts as a request of the caller's API key, as a REST call does. */
  keyUsage: Pick<KeyUsageCounter, 'record'>
  /** Null when the decoded message fits the schema, else what to tell the client. */
  validate: (message: unknown) => string | null
  logger: Logger
  now: () => number
  limits: StreamLimits
}

/** Every message costs what its REST call costs (docs/api.md#rate-limits-and-quota): one request, and a simulation when it simulates. */
const CHARGES: Readonly<Record<StreamMessageType, AdmissionCharge>> = Object.freeze({
  simulate: Object.freeze({ requests: 1, simulations: 1 }),
  execute: Object.freeze({ requests: 1, simulations: 1 }),
  send: Object.freeze({ requests: 1, simulations: 0 }),
  submit: Object.freeze({ requests: 1, simulations: 0 }),
  tips: Object.freeze({ requests: 1, simulations: 0 }),
  // Never charged: it only gives capacity back (handled before admission).
  unsubscribe: Object.freeze({ requests: 0, simulations: 0 }),
})

/** A watch update or end, as the socket pushes it. */
type WatchFrame =
  | ({ type: 'simulation_update'; subscription: string } & SimulateResponse)
  | { type: 'watch_end'; subscription: string; reason: WatchEndReason }

/** Serves one WebSocket until it closes. */
export function createStreamConnection(options: StreamConnectionOptions): StreamConnection {
  const { socket, principal, requestId, simulator, transactions, admission, keyUsage, validate, logger, now, limits } = options
  const queue: Array<{ data: RawData; format: StreamFormat }> = []
  const counters = {
    received: 0,
    answered: 0,
    pushed: 0,
    pushesSkipped: 0,
    peakInFlight: 0,
    peakQueued: 0,
    peakBufferedBytes: 0,
    watchUpdates: 0,
    watchEnds: 0,
    watchUpdatesReplaced: 0,
  }
  /** The socket's watches by subscription id; another socket's (or user's) ids are simply not here. */
  const watches = new Map<string, WatchStart>()
  /** Watches asked for (from the limit check on, admission included) whose first answer has not come yet: they hold a place under maxWatches. */
  let watchesStarting = 0
  const isWatch = (message: StreamMessage): boolean => (message.type === undefined || message.type === 'simulate') && message.watch === true
  /** Updates waiting for the client to read (one per watch, the latest). */
  const waitingUpdates = new Map<string, WatchFrame>()
  // Pushes answer no message: they go in the encoding the client used last.
  let pushFormat: StreamFormat = 'json'
  let inFlight = 0
  let paused = false
  let pumping = false
  let draining = false
  let closeSent = false
  let isClosed = false
  let awaitingPong = false
  let drainTimer: NodeJS.Timeout | undefined
  let markClosed!: () => void
  const closed = new Promise<void>((resolve) => (markClosed = resolve))

  const toErrorFrame = (id: StreamMessageId | null, error: unknown): StreamFrame => {
    const shown = toClientError(
      error,
      (level, fields, text) => logger[level]({ reqId: requestId, messageId: id, ...fields }, text),
      'stream message failed',
      logger,
    )
    const body: StreamError = { code: shown.code, message: shown.message, request_id: requestId }
    // REST sends it as the Retry-After header; a frame has no headers.
    const retryAfter = shown.headers?.['retry-after']
    if (retryAfter !== undefined) body.retry_after = Number(retryAfter)
    return { id, error: shown.details ? { ...body, ...shown.details } : body }
  }

  // Each flushed frame may bring bufferedAmount back under the cap.
  const onSent = () => {
    if (!isClosed) pump()
  }

  const send = (frame: StreamFrame | SerializedJsonFrame, format: StreamFormat) => {
    if (socket.readyState !== WebSocket.OPEN) return
    let data: string | Buffer
    try {
      data = encodeStreamFrame(frame, format)
    } catch (error) {
      // A bug (a value JSON cannot hold), not the client's doing: it still gets an answer.
      data = encodeStreamFrame(toErrorFrame(frame.id, error), format)
    }
    socket.send(data, { binary: format === 'msgpack' }, onSent)
    counters.answered++
    const buffered = socket.bufferedAmount
    if (buffered > counters.peakBufferedBytes) counters.peakBufferedBytes = buffered
  }

  const finish = (frame: StreamFrame | SerializedJsonFrame, format: StreamFormat) => {
    inFlight--
    send(frame, format)
    pump()
  }

  /** Starts the call `message` asks for; its answer frame, or its error's. */
  const call = (message: StreamMessage, format: StreamFormat): Promise<StreamFrame | SerializedJsonFrame> => {
    switch (message.type) {
      case 'execute': {
        const { id, type, ...input } = message
        return transactions.execute(principal, input).then((response) => ({ id, type, ...response }))
      }
      case 'send': {
        const { id, type, ...input } = message
        return transactions.send(principal, input).then((response) => ({ id, type, ...response }))
      }
      case 'submit': {
        const { id, type, ...input } = message
        return transactions.submit(principal, input).then((response) => ({ id, type, ...response }))
      }
      case 'tips': {
        const { id, type } = message
        return transactions.getTips().then((floor) => ({ id, type, ...floor }))
      }
      case 'unsubscribe':
        // Answered in handle(), before admission; never reaches here.
        throw createServiceError('internal_error', 'unsubscribe is not a call')
      default: {
        const { id, type, watch, ...input } = message
        if (watch === true) return startWatch(message, input)
        // The type is echoed when the message named it; a message without one is answered as always.
        if (format === 'json') {
          // The engine's JSON text behind the frame's own fields: no object rebuilt, none serialized here.
          return simulator
            .simulateSerialized(principal, input)
            .then(({ json }) => new SerializedJsonFrame(id, prefixSerializedFields(type === undefined ? { id } : { id, type }, json)))
        }
        return simulator
          .simulate(principal, input)
          .then((response) => (type === undefined ? { id, ...response } : { id, type, ...response }))
      }
    }
  }

  /** Sends a watch's frame, or keeps it in place of the watch's previous one while the client reads too slowly. */
  const pushWatch = (frame: WatchFrame) => {
    if (isClosed || closeSent || socket.readyState !== WebSocket.OPEN) return
    if (socket.bufferedAmount >= limits.maxBufferedBytes) {
      if (frame.type === 'simulation_update' && waitingUpdates.has(frame.subscription)) counters.watchUpdatesReplaced++
      // An end replaces a waiting update too: the watch is over, its last update is moot.
      waitingUpdates.set(frame.subscription, frame)
      return
    }
    // A waiting update of this watch is older than this frame.
    waitingUpdates.delete(frame.subscription)
    socket.send(encodeStreamFrame(frame, pushFormat), { binary: pushFormat === 'msgpack' }, onSent)
    if (frame.type === 'simulation_update') counters.watchUpdates++
    else counters.watchEnds++
    const buffered = socket.bufferedAmount
    if (buffered > counters.peakBufferedBytes) counters.peakBufferedBytes = buffered
  }

  const flushWaitingUpdates = () => {
    for (const frame of [...waitingUpdates.values()]) {
      if (socket.bufferedAmount >= limits.maxBufferedBytes) return
      pushWatch(frame)
    }
  }

  /** Ends one of the socket's watches from this side (unsubscribe, shutdown), with its end frame. */
  const endWatch = (subscription: string, reason: WatchEndReason) => {
    const watch = watches.get(subscription)
    if (!watch) return
    watches.delete(subscription)
    watch.cancel()
    pushWatch({ type: 'watch_end', subscription, reason })
  }

  /** A simulate with `watch: true`: the answer carries the subscription; updates and the end are pushed. */
  const startWatch = (message: StreamMessage & { type?: 'simulate' }, input: Parameters<CallerSimulator['simulate']>[1]) => {
    const { id, type } = message
    let subscription = ''
    let started: Promise<WatchStart>
    try {
      started = simulator.watch(principal, input, {
        update: (response) => pushWatch({ type: 'simulation_update', subscription, ...response }),
        end: (reason) => {
          if (!watches.delete(subscription)) return
          pushWatch({ type: 'watch_end', subscription, reason })
        },
      })
    } catch (error) {
      watchesStarting--
      throw error
    }
    return started.then(
      (watch): StreamFrame => {
        watchesStarting--
        subscription = watch.watchId
        // A socket closed or closing meanwhile gets no watch: the answer alone, without a subscription.
        if (isClosed || draining) {
          watch.cancel()
          return type === undefined ? { id, ...watch.response } : { id, type, ...watch.response }
        }
        watches.set(subscription, watch)
        return type === undefined ? { id, ...watch.response, subscription } : { id, type, ...watch.response, subscription }
      },
      (error: unknown) => {
        watchesStarting--
        throw error
      },
    )
  }

  /** `{id, type: 'unsubscribe', subscription}`: ends the socket's watch and says so; not_found for any other id. */
  const unsubscribe = (message: StreamMessage & { type: 'unsubscribe' }, format: StreamFormat) => {
    const { id, subscription } = message
    if (!watches.has(subscription)) {
      return send(toErrorFrame(id, createServiceError('not_found', 'No watch with this subscription id is open on this socket.')), format)
    }
    endWatch(subscription, 'unsubscribed')
    send({ id, type: 'unsubscribe', subscription }, format)
  }

  const run = (message: StreamMessage, format: StreamFormat) => {
    let pending: Promise<StreamFrame | SerializedJsonFrame>
    try {
      pending = call(message, format)
    } catch (error) {
      return finish(toErrorFrame(message.id, error), format)
    }
    pending.then(
      (frame) => finish(frame, format),
      (error: unknown) => finish(toErrorFrame(message.id, error), format),
    )
  }

  const refused = (message: StreamMessage, format: StreamFormat, error: unknown) => {
    // A refused watch gives its place back (startWatch does once it ran).
    if (isWatch(message)) watchesStarting--
    finish(toErrorFrame(message.id, error), format)
  }

  // No closure is made per message here: tsx (`npm start`) names each named closure with an
  // Object.defineProperty call (esbuild's keepNames), ≈0.4 µs apiece; arguments carry the message.
  const start = (message: StreamMessage, format: StreamFormat) => {
    inFlight++
    if (inFlight > counters.peakInFlight) counters.peakInFlight = inFlight
    let admitted: Admitted | Promise<Admitted>
    try {
      admitted = admission.admit(principal, CHARGES[message.type ?? 'simulate'], now())
    } catch (error) {
      return refused(message, format, error)
    }
    // The in-process admission answers without a promise: no extra turn on the hot path.
    if (admitted instanceof Promise) {
      admitted.then(
        () => run(message, format),
        (error: unknown) => refused(message, format, error),
      )
      return
    }
    run(message, format)
  }

  const handle = (data: RawData, format: StreamFormat) => {
    if (principal.apiKeyId !== null) keyUsage.record(principal.apiKeyId, now())
    pushFormat = format
    let message: unknown
    try {
      message = decodeStreamMessage(data, format)
    } catch (error) {
      return send(toErrorFrame(null, error), format)
    }
    const id = getStreamMessageId(message)
    if (draining) return send(toErrorFrame(id, createServiceError('shutting_down')), format)
    const problem = validate(message)
    if (problem !== null) return send(toErrorFrame(id, createServiceError('validation_error', problem)), format)
    const valid = message as StreamMessage
    if (valid.type === 'unsubscribe') return unsubscribe(valid, format)
    // Refused before admission: a watch the socket may not open costs nothing.
    if (isWatch(valid)) {
      if (watches.size + watchesStarting >= limits.maxWatches) {
        const refusal = createServiceError(
          'watch_limit_exceeded',
          `This socket watches at most ${limits.maxWatches} simulations at once; unsubscribe from one first.`,
        )
        return send(toErrorFrame(id, refusal), format)
      }
      // Held from now, so messages admitted meanwhile (Redis admission answers later) count it.
      watchesStarting++
    }
    start(valid, format)
  }

  // While draining, a message needs no simulation slot: it is answered shutting_down at once.
  const canHandle = () => socket.bufferedAmount < limits.maxBufferedBytes && (draining || inFlight < limits.maxInFlight)

  /** Handles what the caps allow, then stops or restarts reading, and closes a drained socket. */
  function pump(): void {
    // finish() runs inside handle() when admission refuses synchronously; the outer loop goes on.
    if (pumping || isClosed) return
    pumping = true
    try {
      while (queue.length > 0 && canHandle()) {
        const next = queue.shift()!
        handle(next.data, next.format)
      }
    } finally {
      pumping = false
    }
    if (waitingUpdates.size > 0) flushWaitingUpdates()
    const hold = queue.length > 0 || !canHandle()
    if (hold && !paused) {
      paused = true
      socket.pause()
    } else if (!hold && paused) {
      paused = false
      socket.resume()
    }
    if (draining && inFlight === 0 && queue.length === 0 && !closeSent) {
      closeSent = true
      // Queued after the answers already sent, so the client reads them before the close.
      socket.close(1001, 'server shutting down')
    }
  }

  socket.on('message', (data, isBinary) => {
    counters.received++
    queue.push({ data, format: isBinary ? 'msgpack' : 'json' })
    if (queue.length > counters.peakQueued) counters.peakQueued = queue.length
    pump()
  })

  // A paused socket reads no pong either; a client that has not drained a full interval of
  // answers is treated as gone, which is what bounds a dead reader's memory.
  const pinger = setInterval(() => {
    if (awaitingPong) {
      logger.debug({ reqId: requestId }, 'stream socket missed a pong; terminating')
      socket.terminate()
      return
    }
    if (socket.readyState !== WebSocket.OPEN) return
    awaitingPong = true
    socket.ping()
  }, limits.pingIntervalMs)
  socket.on('pong', () => {
    awaitingPong = false
  })

  socket.on('close', () => {
    isClosed = true
    clearInterval(pinger)
    clearTimeout(drainTimer)
    // Simulations still running finish on their own; their answers have nowhere to go.
    queue.length = 0
    // The engine stops watching for a socket that is gone.
    for (const watch of watches.values()) watch.cancel()
    watches.clear()
    waitingUpdates.clear()
    markClosed()
  })

  return {
    getStats: () => ({
      inFlight,
      queued: queue.length,
      paused,
      draining,
      bufferedBytes: socket.bufferedAmount,
      watches: watches.size,
      ...counters,
    }),
    push(update) {
      if (isClosed || closeSent || socket.readyState !== WebSocket.OPEN) return
      // Bounded like the answers: a client that does not read gets no more pushes, not more memory.
      if (socket.bufferedAmount >= limits.maxBufferedBytes) {
        counters.pushesSkipped++
        return
      }
      socket.send(encodeStreamFrame(update, pushFormat), { binary: pushFormat === 'msgpack' }, onSent)
      counters.pushed++
      const buffered = socket.bufferedAmount
      if (buffered > counters.peakBufferedBytes) counters.peakBufferedBytes = buffered
    },
    drain(timeoutMs) {
      if (!draining && !isClosed) {
        draining = true
        // Each watch's end frame goes out before the close.
        for (const subscription of [...watches.keys()]) endWatch(subscription, 'shutting_down')
        drainTimer = setTimeout(() => socket.terminate(), timeoutMs)
        pump()
      }
      return closed
    },
    closed,
  }
}
