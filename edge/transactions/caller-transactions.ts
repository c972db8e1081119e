/**
 * One execute, send or tracking read as every door of the edge receives it (REST, WebSocket):
 * decode the base64 transaction, call the engine as the caller's tenant (who owns the tracking),
 * and queue the history record of an execute or a send off the hot path. Admission (rate limit,
 * and execute's simulation toward the quota) is charged by the door before it calls this.
 */
import type { Principal } from '../../callers/authenticator.js'
import type { CallerServices } from '../../callers/caller-services.js'
import type { ExecuteResponse } from '../../engine/contract/execute-response.js'
import type { SendResponse } from '../../engine/contract/send-response.js'
import type { TrackedTransaction } from '../../engine/contract/transaction-tracking.js'
import type { EngineClient } from '../engine-client.js'
import type { ExecuteBody, SendBody } from '../schemas/transactions.js'
import { decodeRequestTransaction } from '../simulate/caller-simulator.js'

export interface CallerTransactions {
  /** Executes for `principal` a body already checked against executeBodySchema; rejects with a catalogue ServiceError. */
  execute(principal: Principal, input: ExecuteBody): Promise<ExecuteResponse>
  /** Sends for `principal` a body already checked against sendBodySchema; rejects with a catalogue ServiceError. */
  send(principal: Principal, input: SendBody): Promise<SendResponse>
  /** `principal`'s tracking record of `signature`; `not_found` for anyone else's. */
  getTransaction(principal: Principal, signature: string): Promise<TrackedTransaction>
}

/** Creates what every door shares; `recordTransactionCall` is CallerServices'. */
export function createCallerTransactions(options: {
  engine: EngineClient
  recordTransactionCall: CallerServices['recordTransactionCall']
}): CallerTransactions {
  const { engine, recordTransactionCall } = options
  return {
    async execute(principal, input) {
      const transaction = decodeRequestTransaction(input.transaction)
      const response = await engine.execute(transaction, {
        tenantId: principal.userId,
        policy: input.policy,
        waitConfirmation: input.wait_confirmation,
      })
      recordTransactionCall(principal, 'execute', transaction, response)
      return response
    },
    async send(principal, input) {
      const transaction = decodeRequestTransaction(input.transaction)
      const response = await engine.send(transaction, {
        tenantId: principal.userId,
        useRelay: input.use_relay,
        waitConfirmation: input.wait_confirmation,
        maxRetries: input.max_retries,
      })
      recordTransactionCall(principal, 'send', transaction, response)
      return response
    },
    getTransaction: (principal, signature) => engine.getTransaction(principal.userId, signature),
  }
}
