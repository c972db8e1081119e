/**
 * A simulate worker thread (ENGINE_WORKERS, simulate-worker-pool.ts): an engine replica with its own
 * SVM, account cache and geyser subscription, answering the serving thread's simulate calls off its
 * event loop. Tenants' program blocks come with the calls (the serving thread reads the user service),
 * or right behind them while that read is under way.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { createLogger } from '../../../lib/logger.js'
import { createEngine } from '../../engine.js'
import type { AccountKey } from '../state/account-key.js'
import type {
  SimulateCall,
  SimulateOutcome,
  SimulateWorkerData,
  SimulateWorkerMessage,
  TenantBlocksRead,
  TenantBlocksUpdate,
  WorkerInboxItem,
} from './simulate-worker-messages.js'
import { fromTransportedError, toTransportedError } from './transported-error.js'
import { stringifyAscii } from '../../contract/ascii-json.js'
import { toSimulateSummary } from '../../contract/serialized-simulate-response.js'
import { encodeSimulateResponseMessage } from '../../messages/simulate-response-encoding.js'
import type { SimulateResponse } from '../../contract/simulate-response.js'

const port = parentPort
if (!port) throw new Error('simulate-worker.ts runs as a worker thread (engine/hot-path/workers/simulate-worker-pool.ts)')
const { config, index, logFormat } = workerData as SimulateWorkerData
const logger = createLogger('engine', config.logLevel, undefined, logFormat).child({ worker: index })

/** Each tenant's blocks as last sent: one Set per version, so the result cache sees an unchanged list as unchanged. */
const tenantBlocks = new Map<string, ReadonlySet<AccountKey> | Error>()
function applyTenantBlocks(update: TenantBlocksUpdate): void {
  tenantBlocks.set(update.tenantId, 'error' in update ? fromTransportedError(update.error) : new Set(update.blocks))
}
const NO_BLOCKS: ReadonlySet<AccountKey> = new Set()
function currentBlocks(tenantId: string): ReadonlySet<AccountKey> | Promise<ReadonlySet<AccountKey>> {
  const blocks = tenantBlocks.get(tenantId)
  if (blocks instanceof Error) return Promise.reject(blocks)
  return blocks ?? NO_BLOCKS
}

/**
 * Reads the serving thread has under way, by tenant (a call that `awaitsTenantBlocks`): until one
 * arrives, every reader of that tenant's blocks waits for it, not for the set it replaces.
 */
const awaitedReads = new Map<string, { blocks: Promise<ReadonlySet<AccountKey>>; arrived: () => void }>()
function ignore(): void {}
function awaitRead(tenantId: string): void {
  if (awaitedReads.has(tenantId)) return
  let arrived = ignore
  const blocks = new Promise<ReadonlySet<AccountKey>>((resolve) => {
    arrived = () => resolve(currentBlocks(tenantId))
  })
  // A call that ends before its program vector (bytes that are no transaction) reads nothing; a
  // failed read must not then escape as an unhandled rejection.
  blocks.catch(ignore)
  awaitedReads.set(tenantId, { blocks, arrived })
}
function applyRead(read: TenantBlocksRead): void {
  if (read.update) applyTenantBlocks(read.update)
  const awaited = awaitedReads.get(read.tenantBlocksRead)
  if (!awaited) return
  awaitedReads.delete(read.tenantBlocksRead)
  awaited.arrived()
}

const engine = createEngine(config, logger, {
  getTenantBlocks: (tenantId) => awaitedReads.get(tenantId)?.blocks ?? currentBlocks(tenantId),
})

function post(message: SimulateWorkerMessage, transfer: ArrayBuffer[] = []): void {
  port?.postMessage(message, transfer)
}

try {
  await engine.start()
} catch (error) {
  post({ type: 'failed-to-start', error: error instanceof Error ? error.message : String(error) })
  throw error
}

// Outcomes leave in one message per turn of the event loop: a message costs microseconds of each
// thread's time, and under load many calls finish in the same turn. Encoded messages' buffers are
// transferred with them.
let outbox: SimulateOutcome[] = []
let transfers: ArrayBuffer[] = []
function flush(): void {
  const outcomes = outbox
  const transferred = transfers
  outbox = []
  transfers = []
  post({ type: 'outcomes', outcomes }, transferred)
}
function answer(outcome: SimulateOutcome): void {
  if ('encoded' in outcome) transfers.push(outcome.encoded.message.buffer as ArrayBuffer)
  if (outbox.push(outcome) === 1) setImmediate(flush)
}

/**
 * The answer as the call asked for it: its JSON text crosses for a copy and its message bytes are
 * transferred, where an object costs a structured clone on both threads. An answer that cannot be
 * written (a bug) answers the call with the error, as the serving thread's own serialization
 * would, instead of escaping as an unhandled rejection.
 */
function toOutcome(call: SimulateCall, response: SimulateResponse): SimulateOutcome {
  if (call.form === undefined) return { id: call.id, response }
  try {
    if (call.form === 'protobuf') {
      return { id: call.id, encoded: { message: encodeSimulateResponseMessage(response), summary: toSimulateSummary(response) } }
    }
    return { id: call.id, serialized: { json: stringifyAscii(response), summary: toSimulateSummary(response) } }
  } catch (error) {
    return { id: call.id, error: toTransportedError(error) }
  }
}

port.on('message', (items: WorkerInboxItem[]) => {
  for (const item of items) {
    if ('tenantBlocksRead' in item) {
      applyRead(item)
      continue
    }
    const call: SimulateCall = item
    if (call.tenantBlocks) applyTenantBlocks(call.tenantBlocks)
    if (call.awaitsTenantBlocks && call.options.tenantId !== undefined) awaitRead(call.options.tenantId)
    engine.simulate(call.transaction, call.options).then(
      (response) => answer(toOutcome(call, response)),
      (error: unknown) => answer({ id: call.id, error: toTransportedError(error) }),
    )
  }
})
post({ type: 'ready' })
