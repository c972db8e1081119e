/**
 * ENGINE_WORKERS: simulations off the serving event loop. Each worker thread is an engine replica
 * (simulate-worker.ts: its own SVM, account cache and geyser subscription, as engines on several
 * hosts are); the serving thread keeps HTTP, WebSocket and gRPC, authentication, history, and its
 * own engine for execute, send, submit and tracking. A call runs on that engine while no other call
 * overlaps it (the hop would cost more than it saves: mayRunInline); otherwise it goes to the ready
 * worker with the fewest calls in flight, and with none ready (starting, or being
 * replaced) it runs on the serving thread's engine, so no call waits for a worker.
 *
 * A call from a JSON door (REST, a batch, a JSON WebSocket frame: simulateSerialized) is answered
 * by the worker as the response's JSON text and summary: a string crosses for a copy, while the
 * answer's object graph costs a structured clone on both threads, and the serving thread would
 * serialize it again (engine/contract/serialized-simulate-response.ts). A call from the engine's gRPC
 * port (simulateEncoded) is answered as the SimulateResponse message's bytes and summary, transferred
 * (engine/messages/simulate-response-encoding.ts).
 *
 * A tenant's program blocks travel with its calls, once per worker and version of the list; while
 * the serving thread still reads them (a tenant's first call), the call goes at once and the list
 * follows it, so that the worker loads the accounts meanwhile.
 *
 * A worker that dies (a crash, an abort in native code, a call stuck past the watchdog) is replaced;
 * the calls it held answer `503 engine_unavailable` with Retry-After, which a client may retry:
 * simulate has no side effect. Nothing else fails.
 */
import { isPrettyLogFormat } from '../../../lib/logger.js'
import { Worker } from 'node:worker_threads'
import { ServiceError } from '../../../lib/errors.js'
import type { Logger } from '../../../lib/logger.js'
import { getWorkerEntry } from '../../../lib/worker-entry.js'
import type { EngineConfig } from '../../config.js'
import type { AccountKey } from '../state/account-key.js'
import type { SimulateOptions } from '../../contract/simulate-request.js'
import type { SimulateResponse } from '../../contract/simulate-response.js'
import { serializeSimulateResponse, type SerializedSimulateResponse } from '../../contract/serialized-simulate-response.js'
import { encodeSimulateResponse, type EncodedSimulateResponse } from '../../messages/simulate-response-encoding.js'
import type {
  SimulateCall,
  SimulateWorkerData,
  SimulateWorkerMessage,
  TenantBlocksUpdate,
  WorkerInboxItem,
} from './simulate-worker-messages.js'
import { fromTransportedError, toTransportedError } from './transported-error.js'
import { createPendingCalls, type PendingCalls } from './pending-calls.js'

/** A call unanswered this long (well past the 800 ms request deadline) means the worker is stuck: it is replaced. */
export const STUCK_CALL_MS = 10_000
/** A worker that dies within this of starting waits before its replacement starts (doubling, up to the cap). */
const QUICK_DEATH_MS = 10_000
const RESTART_DELAY_MIN_MS = 100
const RESTART_DELAY_MAX_MS = 5_000

export interface SimulateWorkerPoolOptions {
  workers: number
  config: EngineConfig
  logger: Logger
  /** Where a call runs while no worker is ready: the serving thread's engine. */
  fallback: (transaction: Uint8Array, options: SimulateOptions) => Promise<SimulateResponse>
  /**
   * Whether a call overlapping no other runs on the serving thread's engine (default true: the hop
   * costs a lone caller more than the simulation); false sends every call to a worker.
   */
  inlineLoneCalls?: boolean
  /** A tenant's program blocks (the serving thread's cache of the user service); none: no tenant blocks. */
  getTenantBlocks?: (tenantId: string) => ReadonlySet<AccountKey> | Promise<ReadonlySet<AccountKey>>
}

export interface SimulateWorkerPool {
  simulate(transaction: Uint8Array, options: SimulateOptions): Promise<SimulateResponse>
  /** The same call answered as JSON text (a JSON door's): a worker writes it, the serving thread only sends it. */
  simulateSerialized(transaction: Uint8Array, options: SimulateOptions): Promise<SerializedSimulateResponse>
  /** The same call answered as the gRPC port's message bytes (the port's): a worker encodes them, the serving thread only sends them. */
  simulateEncoded(transaction: Uint8Array, options: SimulateOptions): Promise<EncodedSimulateResponse>
  /** Resolves once every worker has started (or `timeoutMs` passed); calls are served meanwhile. */
  whenReady(timeoutMs: number): Promise<void>
  /** Workers ready to take calls, of those configured. */
  readonly readyCount: number
  readonly size: number
  /** Calls sent to a worker and not yet answered. */
  readonly inFlight: number
  /** The running worker threads (tests stop one to see the pool replace it). */
  threads(): readonly Worker[]
  /** Stops every worker; calls still in flight answer engine_unavailable. */
  close(): Promise<void>
}

/** How a call's answer crosses back: the object, its JSON text and summary, or its gRPC message bytes and summary. */
type AnswerForm = 'object' | 'json' | 'protobuf'
type Answer = SimulateResponse | SerializedSimulateResponse | EncodedSimulateResponse

interface PendingCall {
  resolve(answer: Answer): void
  reject(error: Error): void
  startedAt: number
}

interface TenantBlocks {
  tenantId: string
  blocks: ReadonlySet<AccountKey> | Error
}

interface WorkerSlot {
  index: number
  thread: Worker | undefined
  ready: boolean
  startedAt: number
  restartDelayMs: number
  calls: PendingCalls<PendingCall>
  /** Calls (and tenants' blocks reads they await) of this turn of the event loop, sent together (flushOutbox). */
  outbox: WorkerInboxItem[]
  /** The program-block sets this thread has been sent, by tenant (resent when the serving thread's set changes). */
  sentBlocks: Map<string, ReadonlySet<AccountKey> | Error>
  restartTimer: NodeJS.Timeout | undefined
}

function workerStopped(): ServiceError {
  return new ServiceError('engine_unavailable', 'The simulation worker handling this call stopped; retry it.', {
    headers: { 'retry-after': '1' },
  })
}

export function createSimulateWorkerPool(options: SimulateWorkerPoolOptions): SimulateWorkerPool {
  const { logger } = options
  const entry = getWorkerEntry('simulate-worker', import.meta.url)
  const slots: WorkerSlot[] = []
  let closed = false
  const readyWaiters = new Set<() => void>()

  function start(slot: WorkerSlot): void {
    slot.restartTimer = undefined
    const data: SimulateWorkerData = {
      config: options.config,
      index: slot.index,
      logFormat: isPrettyLogFormat(options.config.logFormat) ? 'pretty' : 'json',
    }
    const thread = new Worker(entry, { workerData: data, name: `engine-worker-${slot.index}` })
    slot.thread = thread
    slot.ready = false
    slot.startedAt = Date.now()
    slot.sentBlocks = new Map()
    // A stopped worker's last messages are not its successor's: call ids are reused (pending-calls.ts).
    thread.on('message', (message: SimulateWorkerMessage) => {
      if (slot.thread === thread) onMessage(slot, message)
    })
    thread.on('error', (error) => logger.error({ err: error, worker: slot.index }, 'simulate worker failed'))
    thread.on('exit', (code) => onExit(slot, thread, code))
  }

  function onMessage(slot: WorkerSlot, message: SimulateWorkerMessage): void {
    switch (message.type) {
      case 'ready':
        // The back-off is not reset here: a worker that starts, then dies young again and again,
        // waits longer each time (onExit).
        slot.ready = true
        logger.debug({ worker: slot.index, startMs: Date.now() - slot.startedAt }, 'simulate worker ready')
        if (slots.every((each) => each.ready)) {
          logger.info({ workers: slots.length }, 'simulate workers ready')
          for (const wake of readyWaiters) wake()
        }
        return
      case 'failed-to-start':
        logger.error({ worker: slot.index, error: message.error }, 'simulate worker could not start')
        return
      case 'outcomes':
        for (const outcome of message.outcomes) {
          const call = slot.calls.take(outcome.id)
          if (!call) continue
          if ('response' in outcome) call.resolve(outcome.response)
          else if ('serialized' in outcome) call.resolve(outcome.serialized)
          else if ('encoded' in outcome) call.resolve(outcome.encoded)
          else call.reject(fromTransportedError(outcome.error))
        }
    }
  }

  function onExit(slot: WorkerSlot, thread: Worker, code: number): void {
    if (slot.thread !== thread) return
    slot.thread = undefined
    slot.ready = false
    const held = slot.calls.size
    for (const call of slot.calls.takeAll()) call.reject(workerStopped())
    slot.outbox = []
    if (closed) return
    const quick = Date.now() - slot.startedAt < QUICK_DEATH_MS
    const delayMs = quick ? slot.restartDelayMs : RESTART_DELAY_MIN_MS
    slot.restartDelayMs = Math.min(RESTART_DELAY_MAX_MS, delayMs * 2)
    logger.error({ worker: slot.index, exitCode: code, callsLost: held, restartInMs: delayMs }, 'simulate worker stopped; replacing it')
    slot.restartTimer = setTimeout(() => start(slot), delayMs)
    slot.restartTimer.unref()
  }

  /** The ready worker with the fewest calls in flight (the first of equals). */
  function pick(): WorkerSlot | undefined {
    let best: WorkerSlot | undefined
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i] as WorkerSlot
      if (slot.ready && (!best || slot.calls.size < best.calls.size)) best = slot
    }
    return best
  }

  /** The tenant's current blocks, when the call runs the program vector (the only reader); a failed read travels as its error. */
  function readTenantBlocks(simulateOptions: SimulateOptions): TenantBlocks | undefined | Promise<TenantBlocks> {
    const { tenantId, vectors } = simulateOptions
    if (tenantId === undefined || !options.getTenantBlocks) return undefined
    if (vectors && !vectors.includes('program')) return undefined
    const blocks = options.getTenantBlocks(tenantId)
    if (!(blocks instanceof Promise)) return { tenantId, blocks }
    return blocks.then(
      (read) => ({ tenantId, blocks: read }),
      (error: unknown) => ({ tenantId, blocks: error instanceof Error ? error : new Error(String(error)) }),
    )
  }

  /** What to send this worker of `tenant`'s blocks: nothing when it holds this very set already (they change rarely). */
  function toBlocksUpdate(slot: WorkerSlot, tenant: TenantBlocks | undefined): TenantBlocksUpdate | undefined {
    if (!tenant || slot.sentBlocks.get(tenant.tenantId) === tenant.blocks) return undefined
    slot.sentBlocks.set(tenant.tenantId, tenant.blocks)
    const { tenantId, blocks } = tenant
    return blocks instanceof Error ? { tenantId, error: toTransportedError(blocks) } : { tenantId, blocks: [...blocks] }
  }

  /** `tenant`: the blocks read, or `awaited` when the read is under way (the call's program vector waits for sendTenantBlocksRead). */
  function send(
    slot: WorkerSlot,
    transaction: Uint8Array,
    simulateOptions: SimulateOptions,
    form: AnswerForm,
    tenant: TenantBlocks | undefined | 'awaited',
  ): Promise<Answer> {
    return new Promise<Answer>((resolve, reject) => {
      const id = slot.calls.add({ resolve, reject, startedAt: Date.now() })
      // A copy the size of the transaction, transferred: a Buffer is often a view into a pooled 8 KB
      // slab, which structured clone would copy whole.
      const copy = new Uint8Array(transaction)
      const tenantBlocks = tenant === 'awaited' ? undefined : toBlocksUpdate(slot, tenant)
      const call: SimulateCall = {
        id,
        transaction: copy,
        options: simulateOptions,
        ...(form === 'object' ? {} : { form }),
        ...(tenantBlocks ? { tenantBlocks } : {}),
        ...(tenant === 'awaited' ? { awaitsTenantBlocks: true as const } : {}),
      }
      queue(slot, call)
    })
  }

  /**
   * The blocks calls sent to `thread` await. Behind them in the outbox, so the worker has seen every
   * call that awaits this read before the read; to a replaced thread nothing: its calls were answered.
   */
  function sendTenantBlocksRead(slot: WorkerSlot, thread: Worker, tenant: TenantBlocks): void {
    if (slot.thread !== thread) return
    const update = toBlocksUpdate(slot, tenant)
    queue(slot, { tenantBlocksRead: tenant.tenantId, ...(update ? { update } : {}) })
  }

  function queue(slot: WorkerSlot, item: WorkerInboxItem): void {
    if (slot.outbox.push(item) === 1) setImmediate(flushOutbox, slot)
  }

  /**
   * Sends a worker the calls of this turn of the event loop in one message: a message costs
   * microseconds of each thread's time, and under load many requests arrive in the same turn.
   */
  function flushOutbox(slot: WorkerSlot): void {
    const items = slot.outbox
    slot.outbox = []
    // Empty when the worker died since: its exit answered these calls already.
    if (items.length === 0 || !slot.thread) return
    const transfer: ArrayBuffer[] = []
    for (const item of items) if ('transaction' in item) transfer.push(item.transaction.buffer as ArrayBuffer)
    slot.thread.postMessage(items, transfer)
  }

  /** On this thread's engine, answered in `form`. */
  function runHere(transaction: Uint8Array, simulateOptions: SimulateOptions, form: AnswerForm): Promise<Answer> {
    const response = options.fallback(transaction, simulateOptions)
    if (form === 'json') return response.then(serializeSimulateResponse)
    if (form === 'protobuf') return response.then(encodeSimulateResponse)
    return response
  }

  function dispatch(transaction: Uint8Array, simulateOptions: SimulateOptions, form: AnswerForm): Promise<Answer> {
    if (mayRunInline()) return runHere(transaction, simulateOptions, form)
    const slot = pick()
    const thread = slot?.thread
    if (!slot || !thread) return runHere(transaction, simulateOptions, form)
    const tenant = readTenantBlocks(simulateOptions)
    if (!(tenant instanceof Promise)) return send(slot, transaction, simulateOptions, form, tenant)
    // The read goes to the user service (a tenant's first call, or its list's trust ran out): the
    // call goes now, so that the worker loads its accounts and simulates meanwhile, and the blocks
    // follow it.
    const answer = send(slot, transaction, simulateOptions, form, 'awaited')
    void tenant.then((read) => sendTenantBlocksRead(slot, thread, read))
    return answer
  }

  /**
   * Whether this call runs on the serving thread's engine: when no call waits on a worker and it is
   * the first call of this turn of the event loop. The hop costs a caller ≈0.15 ms at the median
   * (the message both ways and waking a sleeping thread; bench:floor), 1.3–1.6 ms for calls spaced
   * apart on two busy cores (bench/README.md), more than the simulation, so
   * a lone caller, even one calling back to back, keeps its latency; once calls overlap, or a
   * batch's items arrive together, the others go to the workers and the serving thread stays free.
   */
  let inlineThisTurn = false
  const endTurn = () => {
    inlineThisTurn = false
  }
  function mayRunInline(): boolean {
    if (options.inlineLoneCalls === false || inlineThisTurn) return false
    for (let i = 0; i < slots.length; i++) if ((slots[i] as WorkerSlot).calls.size > 0) return false
    inlineThisTurn = true
    setImmediate(endTurn)
    return true
  }

  // The watchdog: a worker holding a call far past any deadline is stuck (a loop in native code);
  // terminating it answers its calls and starts a replacement.
  const watchdog = setInterval(() => {
    const now = Date.now()
    for (const slot of slots) {
      if (!slot.thread) continue
      for (const call of slot.calls.values()) {
        if (now - call.startedAt < STUCK_CALL_MS) continue
        logger.error({ worker: slot.index, calls: slot.calls.size }, 'simulate worker stuck; terminating it')
        void slot.thread.terminate()
        break
      }
    }
  }, 1_000)
  watchdog.unref()

  for (let index = 0; index < options.workers; index++) {
    const slot: WorkerSlot = {
      index,
      thread: undefined,
      ready: false,
      startedAt: 0,
      restartDelayMs: RESTART_DELAY_MIN_MS,
      calls: createPendingCalls(),
      outbox: [],
      sentBlocks: new Map(),
      restartTimer: undefined,
    }
    slots.push(slot)
    start(slot)
  }

  return {
    simulate: (transaction, simulateOptions) => dispatch(transaction, simulateOptions, 'object') as Promise<SimulateResponse>,
    simulateSerialized: (transaction, simulateOptions) =>
      dispatch(transaction, simulateOptions, 'json') as Promise<SerializedSimulateResponse>,
    simulateEncoded: (transaction, simulateOptions) =>
      dispatch(transaction, simulateOptions, 'protobuf') as Promise<EncodedSimulateResponse>,
    whenReady(timeoutMs) {
      if (slots.every((slot) => slot.ready)) return Promise.resolve()
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer)
          readyWaiters.delete(done)
          resolve()
        }
        const timer = setTimeout(done, timeoutMs)
        readyWaiters.add(done)
      })
    },
    get readyCount() {
      return slots.filter((slot) => slot.ready).length
    },
    size: options.workers,
    get inFlight() {
      return slots.reduce((sum, slot) => sum + slot.calls.size, 0)
    },
    threads: () => slots.flatMap((slot) => (slot.thread ? [slot.thread] : [])),
    async close() {
      closed = true
      clearInterval(watchdog)
      for (const wake of readyWaiters) wake()
      await Promise.all(
        slots.map(async (slot) => {
          if (slot.restartTimer) clearTimeout(slot.restartTimer)
          await slot.thread?.terminate()
        }),
      )
    },
  }
}
