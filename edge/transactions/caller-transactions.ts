/**
 * One execute, send, submit, tip or tracking read as every door of the edge receives it (REST,
 * WebSocket): decode the base64 transaction, call the engine as the caller's tenant (who owns the
 * tracking), and queue the history record of an execute or a send off the hot path. Admission
 * (rate limit, and execute's simulation toward the quota) is charged by the door before it calls this.
 */
import type { Principal } from '../../callers/authenticator.js'
import type { CallerServices } from '../../callers/caller-services.js'
import type { ExecuteResponse } from '../../engine/contract/execute-response.js'
import type { SendResponse } from '../../engine/contract/send-response.js'
import type { SubmitResponse } from '../../engine/contract/submit-response.js'
import type { TipFloor } from '../../engine/contract/tips-response.js'
import type { TrackedTransaction } from '../../engine/contract/transaction-tracking.js'
import type { EngineClient } from '../../engine/client/engine-client.js'
import type { ExecuteBody, SendBody, SubmitBody } from '../schemas/transactions.js'
import { decodeRequestTransaction } from '../simulate/caller-simulator.js'

export interface CallerTransactions {
  /** Executes for `principal` a body already checked against executeBodySchema; rejects with a catalogue ServiceError. */
  execute(principal: Principal, input: ExecuteBody): Promise<ExecuteResponse>
  /** Sends for `principal` a body already checked against sendBodySchema; rejects with a catalogue ServiceError. */
  send(principal: Principal, input: SendBody): Promise<SendResponse>
  /** Submits for `principal` a body already checked against submitBodySchema; rejects with a catalogue ServiceError. */
  submit(principal: Principal, input: SubmitBody): Promise<SubmitResponse>
  /** The tip floor (the same for every caller). */
  getTips(): Promise<TipFloor>
  /** `principal`'s tracking record of `signature`; `not_found` for anyone else's. */
  getTransaction(principal: Principal, signature: string): Promise<TrackedTransaction>
}

/** Creates what every door shares; `recordTransactionCall` and `assertRecordable` are CallerServices'. */
export function createCallerTransactions(options: {
  engine: EngineClient
  recordTransactionCall: CallerServices['recordTransactionCall']
  assertRecordable: CallerServices['assertRecordable']
}): CallerTransactions {
  const { engine, recordTransactionCall, assertRecordable } = options
  return {
    async execute(principal, input) {
      const transaction = decodeRequestTransaction(input.transaction)
      // Nothing is sent for a call whose record could not be kept. The journal failing during the
      // call refuses it after the send: the same signed bytes posted again are not sent again.
      assertRecordable()
      const response = await engine.execute(transaction, {
        tenantId: principal.userId,
        ...(principal.hasCard ? { cardOnFile: true } : {}),
        policy: input.policy,
        waitConfirmation: input.wait_confirmation,
      })
      recordTransactionCall(principal, 'execute', transaction, response)
      return response
    },
    async send(principal, input) {
      const transaction = decodeRequestTransaction(input.transaction)
      assertRecordable()
      const response = await engine.send(transaction, {
        tenantId: principal.userId,
        ...(principal.hasCard ? { cardOnFile: true } : {}),
        useRelay: input.use_relay,
        waitConfirmation: input.wait_confirmation,
        maxRetries: input.max_retries,
      })
      recordTransactionCall(principal, 'send', transaction, response)
      return response
    },
    async submit(principal, input) {
      const transaction = decodeRequestTransaction(input.transaction)
      assertRecordable()
      // Only what the caller gave: a field left out is the engine's default.
      const response = await engine.submit(transaction, {
        tenantId: principal.userId,
        ...(principal.hasCard ? { cardOnFile: true } : {}),
        strategy: input.strategy,
        ...(input.tip_lamports === undefined ? {} : { tipLamports: input.tip_lamports }),
        ...(input.wait_confirmation === undefined ? {} : { waitConfirmation: input.wait_confirmation }),
        ...(input.deadline_ms === undefined ? {} : { deadlineMs: input.deadline_ms }),
      })
      recordTransactionCall(principal, 'submit', transaction, response)
      return response
    },
    getTips: () => engine.getTips(),
    getTransaction: (principal, signature) => engine.getTransaction(principal.userId, signature),
  }
}
