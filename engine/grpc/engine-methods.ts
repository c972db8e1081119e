/**
 * The Engine service's unary methods, each described once: its proto method, what the gate charges,
 * how long a client waits, the request and the answer both ways, how the admitted caller is applied,
 * what runs and what is recorded. The server's handlers (engine/server.ts) and the gRPC client
 * (engine/client/grpc-engine-client.ts) are both built from this table, so a method cannot differ
 * between them; a new method is one entry here (docs/extending.md). Watch streams, and has its own
 * handler (watch-call.ts) and client call.
 *
 * A table rather than generated stubs: the proto-loader types are generated already
 * (proto/gen/), and what differs between methods is not the transport but these few rules, which a
 * generator would not know.
 */
import { createServiceError } from '../../lib/errors.js'
import type { ApprovalsResponse__Output } from '../../proto/gen/preflight/engine/v1/ApprovalsResponse.js'
import type { ExecuteRequest__Output } from '../../proto/gen/preflight/engine/v1/ExecuteRequest.js'
import type { ExecuteResponse__Output } from '../../proto/gen/preflight/engine/v1/ExecuteResponse.js'
import type { GetTransactionRequest__Output } from '../../proto/gen/preflight/engine/v1/GetTransactionRequest.js'
import type { HealthResponse__Output } from '../../proto/gen/preflight/engine/v1/HealthResponse.js'
import type { ScanApprovalsRequest__Output } from '../../proto/gen/preflight/engine/v1/ScanApprovalsRequest.js'
import type { SendRequest__Output } from '../../proto/gen/preflight/engine/v1/SendRequest.js'
import type { SendResponse__Output } from '../../proto/gen/preflight/engine/v1/SendResponse.js'
import type { SimulateRequest__Output } from '../../proto/gen/preflight/engine/v1/SimulateRequest.js'
import type { SimulateResponse__Output } from '../../proto/gen/preflight/engine/v1/SimulateResponse.js'
import type { SubmitRequest__Output } from '../../proto/gen/preflight/engine/v1/SubmitRequest.js'
import type { SubmitResponse__Output } from '../../proto/gen/preflight/engine/v1/SubmitResponse.js'
import type { TipFloor__Output } from '../../proto/gen/preflight/engine/v1/TipFloor.js'
import type { TrackedTransaction__Output } from '../../proto/gen/preflight/engine/v1/TrackedTransaction.js'
import { SEND_LIMITS } from '../contract/send-response.js'
import type { SubmitOptions } from '../contract/submit-response.js'
import type { EngineClient } from '../client/engine-client.js'
import type { Engine } from '../engine.js'
import { fromApprovalsResponseMessage, toApprovalsResponseMessage } from '../messages/approvals-message.js'
import type { DirectCall } from './direct-call.js'
import {
  fromExecuteResponseMessage,
  toExecuteOptions,
  toExecuteRequestMessage,
  toExecuteResponseMessage,
} from '../messages/execute-message.js'
import { fromHealthResponseMessage, toHealthResponseMessage } from '../messages/health-message.js'
import { fromSendResponseMessage, toSendOptions, toSendRequestMessage, toSendResponseMessage } from '../messages/send-message.js'
import { fromSimulateResponseMessage } from '../messages/simulate-message.js'
import type { EncodedSimulateResponse } from '../messages/simulate-response-encoding.js'
import { toSimulateOptions, toSimulateRequestMessage } from '../messages/simulate-request-options.js'
import { fromSubmitResponseMessage, toSubmitOptions, toSubmitRequestMessage, toSubmitResponseMessage } from '../messages/submit-message.js'
import { fromTipFloorMessage, toTipFloorMessage } from '../messages/tips-message.js'
import { fromTrackedTransactionMessage, toTrackedTransactionMessage } from '../messages/tracked-transaction-message.js'

/** The EngineClient calls that are one unary gRPC method each. */
export type UnaryMethodName = 'simulate' | 'scanApprovals' | 'execute' | 'send' | 'submit' | 'getTips' | 'getTransaction' | 'health'

/**
 * One method. Members are methods (not function-valued properties), so each entry keeps its own
 * message types and still fits the table's type.
 */
export interface EngineMethod<Args extends unknown[], Value, RequestMessage, ResponseMessage, Answer = Value> {
  /** The proto method (proto/engine.proto). */
  rpc: string
  /** Behind the gate, charged this many simulations toward the quota (a request is always one); null: not gated (Health). */
  simulations: 0 | 1 | null
  /**
   * Client: the call changes nothing that a second one would change again (a simulation, a read),
   * so when the engine it went to is unavailable (gRPC UNAVAILABLE: killed, shutting down) it is
   * retried on another. A send is not: it may have left the engine before it died.
   */
  idempotent: boolean
  /** How long a client waits for the answer, from when it calls. */
  deadlineMs(...args: Args): number
  /** Client: the call's arguments as the request message. */
  toRequest(...args: Args): unknown
  /** Server: the request message as the call's arguments, checked as every transport checks them (throws a catalogue error). */
  fromRequest(request: RequestMessage): Args
  /** Server: the arguments for the caller the gate let in (undefined: no gate). */
  actFor(direct: DirectCall | undefined, args: Args): Args
  /**
   * Server: the work, answered as the client's value or, for Simulate, already encoded as its
   * response message (a simulate worker encodes it off the serving thread; the port sends the bytes
   * as they are, engine/messages/simulate-response-encoding.ts).
   */
  run(engine: Engine, ...args: Args): Promise<Answer>
  /** Server: keeps the call's history record; a method without it records nothing (a read). */
  record?(direct: DirectCall, args: Args, answer: Answer): void
  /** Server: the answer as the response message (or its bytes). */
  toResponse(answer: Answer): unknown
  /** Client: the response message as the answer. */
  fromResponse(message: ResponseMessage): Value
}

type MethodOf<
  Name extends UnaryMethodName,
  RequestMessage,
  ResponseMessage,
  Answer = Awaited<ReturnType<EngineClient[Name]>>,
> = EngineMethod<Parameters<EngineClient[Name]>, Awaited<ReturnType<EngineClient[Name]>>, RequestMessage, ResponseMessage, Answer>

/** Extra time a call may take beyond the request's own timeout, for the transport itself. */
const TRANSPORT_MARGIN_MS = 250
const DEFAULT_TIMEOUT_MS = 800
/** A health check answers from memory; an engine silent this long is as good as down to a probe. */
const HEALTH_DEADLINE_MS = 1_000
/** An approval scan reads RPC (the engine bounds it at 10 s), plus the transport. */
const APPROVALS_DEADLINE_MS = 12_000
/**
 * A send fails over across endpoints (each bounded by RPC_TIMEOUT_MS) before it answers; execute
 * simulates first. Waiting for confirmation adds its 30 s.
 */
const SEND_DEADLINE_MS = 20_000
/** A tracking record is read from the engine's store. */
const TRACKING_DEADLINE_MS = 5_000
/** The tips are the engine's own percentiles, and the relay's tip accounts it keeps. */
const TIPS_DEADLINE_MS = 5_000
/**
 * What a submit may wait for the relay's rate limit when the caller names no deadline_ms: the
 * blockhash's remaining life, at most 150 blocks (about 60 s, longer when slots are slow).
 */
const SUBMIT_DEFAULT_RELAY_WAIT_MS = 90_000

/** An execute's or a send's wait: longer when it waits for confirmation. */
function getSendWaitMs(waitConfirmation: boolean | undefined): number {
  return SEND_DEADLINE_MS + (waitConfirmation ? SEND_LIMITS.confirmationWaitMs : 0)
}

/** A submit's wait: a send's, plus the wait for the relay's rate limit the caller allowed. */
function getSubmitWaitMs(options: SubmitOptions): number {
  return getSendWaitMs(options.waitConfirmation) + (options.deadlineMs ?? SUBMIT_DEFAULT_RELAY_WAIT_MS)
}

/**
 * Who a call that sends acts for: an API-key caller's own user and card, whatever the request
 * says; a trusted internal call (the edge, which authenticated its caller) as the request names.
 */
function actForSender<Options extends { tenantId?: string; cardOnFile?: boolean }>(
  direct: DirectCall | undefined,
  args: [Uint8Array, Options],
): [Uint8Array, Options] {
  if (!direct || direct.tenantId === undefined) return args
  const [transaction, options] = args
  const { cardOnFile: _named, ...rest } = options
  return [transaction, { ...rest, tenantId: direct.tenantId, ...(direct.cardOnFile ? { cardOnFile: true } : {}) } as Options]
}

/** A read for every caller alike: the gate's decision changes nothing. */
const asRequested = <Args>(_direct: DirectCall | undefined, args: Args): Args => args

/** The transaction bytes a request carries; `invalid_transaction` when there are none. */
function requireTransaction(transaction: Uint8Array): Uint8Array {
  if (transaction.length === 0) throw createServiceError('invalid_transaction', 'transaction is empty')
  return transaction
}

const simulate: MethodOf<'simulate', SimulateRequest__Output, SimulateResponse__Output, EncodedSimulateResponse> = {
  rpc: 'Simulate',
  idempotent: true,
  simulations: 1,
  deadlineMs: (_transaction, options) => (options.timeoutMs ?? DEFAULT_TIMEOUT_MS) + TRANSPORT_MARGIN_MS,
  toRequest: toSimulateRequestMessage,
  // The engine validates the options (vectors, timeout, policy) as for every transport.
  fromRequest: (request) => [request.transaction, toSimulateOptions(request)],
  actFor: (direct, [transaction, options]) =>
    direct && direct.tenantId !== undefined ? [transaction, { ...options, tenantId: direct.tenantId }] : [transaction, options],
  run: (engine, transaction, options) => engine.simulateEncoded(transaction, options),
  record: (direct, [transaction], { summary }) => direct.record(transaction, summary),
  toResponse: ({ message }) => message,
  fromResponse: fromSimulateResponseMessage,
}

const scanApprovals: MethodOf<'scanApprovals', ScanApprovalsRequest__Output, ApprovalsResponse__Output> = {
  rpc: 'ScanApprovals',
  idempotent: true,
  // A read charges no simulation; the engine validates the address as for every transport.
  simulations: 0,
  deadlineMs: () => APPROVALS_DEADLINE_MS,
  toRequest: (wallet) => ({ wallet }),
  fromRequest: (request) => [request.wallet],
  actFor: asRequested,
  run: (engine, wallet) => engine.scanApprovals(wallet),
  toResponse: toApprovalsResponseMessage,
  fromResponse: fromApprovalsResponseMessage,
}

const execute: MethodOf<'execute', ExecuteRequest__Output, ExecuteResponse__Output> = {
  rpc: 'Execute',
  idempotent: false,
  // An execute simulates: one simulation toward the quota, as on REST.
  simulations: 1,
  deadlineMs: (_transaction, options) => getSendWaitMs(options.waitConfirmation),
  toRequest: toExecuteRequestMessage,
  fromRequest: (request) => [request.transaction, toExecuteOptions(request)],
  actFor: actForSender,
  run: (engine, transaction, options) => engine.execute(transaction, options),
  record: (direct, [transaction], response) => direct.recordTransactionCall('execute', transaction, response),
  toResponse: toExecuteResponseMessage,
  fromResponse: fromExecuteResponseMessage,
}

const send: MethodOf<'send', SendRequest__Output, SendResponse__Output> = {
  rpc: 'Send',
  idempotent: false,
  // A send simulates nothing: one request, no simulation.
  simulations: 0,
  deadlineMs: (_transaction, options) => getSendWaitMs(options.waitConfirmation),
  toRequest: toSendRequestMessage,
  fromRequest: (request) => [request.transaction, toSendOptions(request)],
  actFor: actForSender,
  run: (engine, transaction, options) => engine.send(transaction, options),
  record: (direct, [transaction], response) => direct.recordTransactionCall('send', transaction, response),
  toResponse: toSendResponseMessage,
  fromResponse: fromSendResponseMessage,
}

const submit: MethodOf<'submit', SubmitRequest__Output, SubmitResponse__Output> = {
  rpc: 'Submit',
  idempotent: false,
  // As a send: one request, no simulation toward the quota. A refusal's details (bundle_rejected's
  // lint) and Retry-After (relay_busy) travel as trailers.
  simulations: 0,
  deadlineMs: (_transaction, options) => getSubmitWaitMs(options),
  toRequest: toSubmitRequestMessage,
  fromRequest: (request) => [requireTransaction(request.transaction), toSubmitOptions(request)],
  actFor: actForSender,
  run: (engine, transaction, options) => engine.submit(transaction, options),
  record: (direct, [transaction], response) => direct.recordTransactionCall('submit', transaction, response),
  toResponse: toSubmitResponseMessage,
  fromResponse: fromSubmitResponseMessage,
}

const getTips: MethodOf<'getTips', unknown, TipFloor__Output> = {
  rpc: 'GetTips',
  idempotent: true,
  // A read: one request, the same answer for every tenant.
  simulations: 0,
  deadlineMs: () => TIPS_DEADLINE_MS,
  toRequest: () => ({}),
  fromRequest: () => [],
  actFor: asRequested,
  run: (engine) => engine.getTips(),
  toResponse: toTipFloorMessage,
  fromResponse: fromTipFloorMessage,
}

const getTransaction: MethodOf<'getTransaction', GetTransactionRequest__Output, TrackedTransaction__Output> = {
  rpc: 'GetTransaction',
  idempotent: true,
  simulations: 0,
  deadlineMs: () => TRACKING_DEADLINE_MS,
  toRequest: (tenantId, signature) => ({ tenant_id: tenantId ?? '', signature }),
  fromRequest: (request) => [request.tenant_id === '' ? undefined : request.tenant_id, request.signature],
  // An API key reads its own user's records only, whatever tenant_id the request names.
  actFor: (direct, [tenantId, signature]) => [direct && direct.tenantId !== undefined ? direct.tenantId : tenantId, signature],
  run: (engine, tenantId, signature) => engine.getTransaction(tenantId, signature),
  toResponse: toTrackedTransactionMessage,
  fromResponse: fromTrackedTransactionMessage,
}

const health: MethodOf<'health', unknown, HealthResponse__Output> = {
  rpc: 'Health',
  idempotent: true,
  // Not gated: a probe carries no credentials.
  simulations: null,
  deadlineMs: () => HEALTH_DEADLINE_MS,
  toRequest: () => ({}),
  fromRequest: () => [],
  actFor: asRequested,
  run: async (engine) => engine.getHealth(),
  toResponse: toHealthResponseMessage,
  fromResponse: fromHealthResponseMessage,
}

/**
 * Every unary method of the Engine service, by the EngineClient call it is. What the server answers
 * with is each entry's own (checked where it is declared): Simulate's is already encoded.
 */
export const ENGINE_METHODS: { readonly [Name in UnaryMethodName]: MethodOf<Name, never, never, unknown> } = {
  simulate,
  scanApprovals,
  execute,
  send,
  submit,
  getTips,
  getTransaction,
  health,
}
