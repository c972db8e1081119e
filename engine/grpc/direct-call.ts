/**
 * What the engine's gRPC gate hands a call it lets in (engine/grpc/direct-call-gate.ts builds the
 * gate; engine/server.ts and the watch handler run calls through it).
 */
import type { Metadata } from '@grpc/grpc-js'
import type { ExecuteResponse as ExecuteResponseValue } from '../contract/execute-response.js'
import type { SendResponse as SendResponseValue } from '../contract/send-response.js'
import type { SubmitResponse as SubmitResponseValue } from '../contract/submit-response.js'
import type { SimulateSummary } from '../contract/serialized-simulate-response.js'

/** A call let in by the gate. */
export interface DirectCall {
  /** The tenant to act for; undefined for a trusted internal call, whose `tenant_id` stands. */
  tenantId: string | undefined
  /** The tenant's card on file (its managed-tip plan); a trusted internal call's `card_on_file` stands. */
  cardOnFile: boolean
  /** Headers for the caller (`ratelimit-*`), sent as initial metadata. */
  headers: Readonly<Record<string, string>>
  /** Throws `journal_unavailable` while a call's record could not be kept: called before the work. */
  assertRecordable(): void
  /** Records a simulation's answer (history, usage); called once the simulation answered, before the answer leaves. Throws `journal_unavailable` when it cannot. */
  record(transaction: Uint8Array, response: SimulateSummary): void
  /** Records an execute's, a send's or a submit's answer in the same history (`kind` beside simulations), as `record` does. */
  recordTransactionCall(
    kind: 'execute' | 'send' | 'submit',
    transaction: Uint8Array,
    response: ExecuteResponseValue | SendResponseValue | SubmitResponseValue,
  ): void
}

/**
 * Decides who a direct call is for and charges it one request and `simulations` simulations
 * (default 1: a Simulate or an Execute; 0 for a Send, a Submit or a read such as ScanApprovals,
 * GetTips and GetTransaction); throws or rejects with a catalogue ServiceError (`unauthorized`,
 * `rate_limited`, ...).
 */
export interface DirectCallGate {
  admit(metadata: Metadata, simulations?: number): DirectCall | Promise<DirectCall>
}
