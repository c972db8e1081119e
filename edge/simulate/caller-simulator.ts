/**
 * One simulate request as every door of the edge receives it (REST, batch, WebSocket): decode the
 * base64 transaction, run it on the engine with the caller's tenant, and queue its history record
 * off the hot path. Admission (rate limit, quota) is charged by the door before it calls this.
 */
import type { Principal } from '../auth/authenticator.js'
import type { EngineClient } from '../engine-client.js'
import { createServiceError } from '../../lib/errors.js'
import type { SimulateResponse, Vector } from '../../engine/simulate/simulate-types.js'
import { decodeBase64Transaction, MAX_TRANSACTION_BASE64_LENGTH } from '../transaction-base64.js'
import type { SimulationHistoryQueue } from '../usage/simulation-history-queue.js'
import { toSimulationRecord } from '../usage/to-simulation-record.js'
import { attachTransactionBytes } from '../usage/transaction-signature.js'

/** SPEC 2.6, already checked against simulateBodySchema (types and ranges). */
export interface SimulationInput {
  transaction: string
  vectors?: Vector[]
  timeout_ms?: number
  replace_recent_blockhash?: boolean
  policy?: string | Record<string, unknown>
}

export interface CallerSimulator {
  /** Simulates for `principal`; rejects with a catalogue ServiceError (`invalid_transaction`, engine errors). */
  simulate(principal: Principal, input: SimulationInput): Promise<SimulateResponse>
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

/** Creates the simulator every door shares. */
export function createCallerSimulator(options: { engine: EngineClient; history: SimulationHistoryQueue; now: () => number }): CallerSimulator {
  const { engine, history, now } = options
  return {
    async simulate(principal, input) {
      const transaction = decodeRequestTransaction(input.transaction)
      const response = await engine.simulate(transaction, {
        vectors: input.vectors,
        timeoutMs: input.timeout_ms,
        replaceRecentBlockhash: input.replace_recent_blockhash,
        policy: input.policy,
        tenantId: principal.userId,
      })
      const record = toSimulationRecord(response, principal, now(), null)
      // base58 is too slow for the request path: the signature is filled in when history flushes.
      attachTransactionBytes(record, transaction)
      history.push(record)
      return response
    },
  }
}
