/**
 * One simulate request as every door of the edge receives it (REST, batch, WebSocket): decode the
 * base64 transaction, run it on the engine with the caller's tenant, and queue its history record
 * off the hot path. Admission (rate limit, quota) is charged by the door before it calls this.
 */
import type { Principal } from '../../callers/authenticator.js'
import type { EngineClient } from '../../engine/client/engine-client.js'
import { createServiceError } from '../../lib/errors.js'
import type { SimulateOptions, SimulateRequest } from '../../engine/contract/simulate-request.js'
import type { SimulateResponse } from '../../engine/contract/simulate-response.js'
import { serializeSimulateResponse, type SerializedSimulateResponse } from '../../engine/contract/serialized-simulate-response.js'
import { decodeBase64Transaction, MAX_TRANSACTION_BASE64_LENGTH } from '../transaction-base64.js'
import type { CallerServices } from '../../callers/caller-services.js'
import type { WatchListener, WatchStart } from '../../engine/contract/simulation-watch.js'

export interface CallerSimulator {
  /**
   * Simulates for `principal` a request already checked against simulateRequestSchema (types and
   * ranges); rejects with a catalogue ServiceError (`invalid_transaction`, engine errors).
   */
  simulate(principal: Principal, input: SimulateRequest): Promise<SimulateResponse>
  /**
   * The same call answered as JSON text (REST, batch, JSON WebSocket frames): with simulate
   * workers the text is written on the worker, and the serving thread neither rebuilds the answer
   * nor serializes it (engine/contract/serialized-simulate-response.ts).
   */
  simulateSerialized(principal: Principal, input: SimulateRequest): Promise<SerializedSimulateResponse>
  /**
   * Simulates as `simulate` does and watches the answer (docs/api.md#watching-a-simulation):
   * charged and recorded once, as the simulate it starts with; updates are neither.
   */
  watch(principal: Principal, input: SimulateRequest, listener: WatchListener): Promise<WatchStart>
  /** Throws `journal_unavailable` while a simulation's record could not be kept (a batch asks once for all its items). */
  assertRecordable(): void
}

/** The wire bytes of a request's base64 transaction; throws `invalid_transaction`. */
export function decodeRequestTransaction(base64: string): Uint8Array {
  if (base64.length > MAX_TRANSACTION_BASE64_LENGTH) {
    throw createServiceError('invalid_transaction', "transaction: longer than 1232 bytes (Solana's packet size)")
  }
  const transaction = decodeBase64Transaction(base64)
  if (!transaction) throw createServiceError('invalid_transaction', 'transaction: not valid base64')
  return transaction
}

/** The engine options of a caller's simulate request: the caller is the tenant. */
function toSimulateOptions(principal: Principal, input: SimulateRequest): SimulateOptions {
  return {
    vectors: input.vectors,
    timeoutMs: input.timeout_ms,
    replaceRecentBlockhash: input.replace_recent_blockhash,
    policy: input.policy,
    tenantId: principal.userId,
  }
}

/** Creates the simulator every door shares; `recordSimulation` and `assertRecordable` are CallerServices'. */
export function createCallerSimulator(options: {
  engine: EngineClient
  recordSimulation: CallerServices['recordSimulation']
  assertRecordable: CallerServices['assertRecordable']
}): CallerSimulator {
  const { engine, recordSimulation, assertRecordable } = options
  const runSerialized: (transaction: Uint8Array, options: SimulateOptions) => Promise<SerializedSimulateResponse> =
    engine.simulateSerialized
      ? engine.simulateSerialized.bind(engine)
      : (transaction, simulateOptions) => engine.simulate(transaction, simulateOptions).then(serializeSimulateResponse)
  return {
    async simulate(principal, input) {
      const transaction = decodeRequestTransaction(input.transaction)
      // A call whose record could not be kept is refused before the engine works for it; one the
      // journal fails during is refused by recordSimulation, before the answer leaves.
      assertRecordable()
      const response = await engine.simulate(transaction, toSimulateOptions(principal, input))
      recordSimulation(principal, transaction, response)
      return response
    },
    async simulateSerialized(principal, input) {
      const transaction = decodeRequestTransaction(input.transaction)
      assertRecordable()
      const serialized = await runSerialized(transaction, toSimulateOptions(principal, input))
      recordSimulation(principal, transaction, serialized.summary)
      return serialized
    },
    async watch(principal, input, listener) {
      const transaction = decodeRequestTransaction(input.transaction)
      assertRecordable()
      const started = await engine.watch(transaction, toSimulateOptions(principal, input), listener)
      try {
        recordSimulation(principal, transaction, started.response)
      } catch (error) {
        // Not recorded, not answered: nothing may keep watching for it either.
        started.cancel()
        throw error
      }
      return started
    },
    assertRecordable,
  }
}
