/**
 * A STAND-IN for the engine's execute, send, submit, tips and tracking, for the tests of the doors
 * (REST, WebSocket, gRPC) only: it lands nothing, judges nothing and lints no bundle. It answers
 * fixed responses, keeps a tracking record per (tenant, signature) so that owner-only reads and
 * pushes can be checked, and refuses a transaction whose first signature slot is zero with
 * `invalid_signature` (the real engine verifies every signature). A test makes submit refuse with
 * the error it needs (`rejectNextSubmit`: bundle_rejected with its lint, relay_busy with
 * Retry-After) to see it cross each door. The engine's own behaviour is tested with the engine.
 * Everything else (simulate, health, approvals) is the real engine's when one is given.
 */
import type { Engine } from '../../engine/engine.js'
import type { ExecuteOptions, ExecuteResponse } from '../../engine/contract/execute-response.js'
import type { SendOptions, SendResponse } from '../../engine/contract/send-response.js'
import type { SubmitOptions, SubmitResponse } from '../../engine/contract/submit-response.js'
import type { TipFloor } from '../../engine/contract/tips-response.js'
import { BILLABLE_SUBMIT_STRATEGIES } from '../../engine/landing/submit/submit-strategy.js'
import type { TrackedTransaction, TrackingStatus } from '../../engine/contract/transaction-tracking.js'
import { getFirstSignatureBytes } from '../../callers/transaction-signature.js'
import { toBase58 } from '../../lib/base58.js'
import { createServiceError, type ServiceError } from '../../lib/errors.js'

/** What execute answers when it submits (every field set, nulls where nothing is known yet). */
export const STAND_IN_EXECUTE: Omit<ExecuteResponse, 'signature'> = Object.freeze<Omit<ExecuteResponse, 'signature'>>({
  simulation_success: true,
  action: 'submitted',
  reason: 'Stand-in: submitted on direct_rpc.',
  relay_bundle_id: null,
  route: 'direct_rpc',
  mev_score: 0.125,
  risk_level: 'low',
  recommended_priority_fee: 1_000,
  compute_units: 150,
  policy_applied: { max_slippage_bps: null, relay_threshold: 0.7, block_token_flags: ['honeypot'] },
  latency_ms: 1.5,
  decision_reasons: [{ rule: 'token_risk', message: 'Stand-in warning.' }],
  summary: [{ signer: 'Stand1nSigner11111111111111111111111111111', lines: ['You send 0.001 SOL.'] }],
  confirmation: 'pending',
  attempts: 1,
  slot: null,
  transaction_error: null,
})

/** What send answers (a landed failure: slot and the on-chain error set). */
export const STAND_IN_SEND: Omit<SendResponse, 'signature'> = Object.freeze<Omit<SendResponse, 'signature'>>({
  route: 'direct_rpc',
  confirmation: 'failed',
  attempts: 2,
  slot: 4_242,
  transaction_error: { InstructionError: [0, { Custom: 1 }] },
  latency_ms: 7.25,
})

/** What submit answers on the bundle route (the strategy, billable and tip come from the call). */
export const STAND_IN_SUBMIT: Omit<SubmitResponse, 'signature' | 'strategy' | 'tip_lamports' | 'billable'> = Object.freeze<
  Omit<SubmitResponse, 'signature' | 'strategy' | 'tip_lamports' | 'billable'>
>({
  route: 'relay_bundle',
  bundle_id: 'stand-in-bundle-1',
  bundle_lint: [
    { rule: 'tip_floor', ok: true, detail: 'Stand-in: the tip is over the floor.' },
    { rule: 'dont_front_first', ok: true, detail: 'Stand-in: the tip is not in the first transaction.' },
  ],
  confirmation: 'processed',
  attempts: 1,
  slot: 4_243,
  transaction_error: null,
  latency_ms: 3.5,
})

/** A tip floor with samples (every percentile set): getTips' answer until a test sets another. */
export const STAND_IN_TIPS: TipFloor = Object.freeze<TipFloor>({
  slots: 150,
  sample_count: 42,
  p25: 1_000,
  p50: 5_000,
  p75: 12_345,
  p95: 100_000,
  p99: 2_000_000_000_000,
  floor_lamports: 1_000,
  tip_accounts: ['96gYZGLnJYVFmbjzopPSU6QiEV5fGqZNyN9nmNhvrZU5', 'HFqU5x63VTqvQss8hp11i4wVV8bD44PvwucfZ2bU7gRe'],
})

export interface StandInCall {
  method: 'execute' | 'send' | 'submit' | 'getTips' | 'getTransaction'
  tenantId: string | undefined
  options?: ExecuteOptions | SendOptions | SubmitOptions
}

export interface StandInTransactionEngine {
  /** The engine to serve (the real one's other methods, when given). */
  engine: Engine
  /** Every execute, send and getTransaction call, as the engine received it. */
  calls: StandInCall[]
  /** Makes the next submit reject with `error` (after it is recorded in `calls`), as the engine would refuse it. */
  rejectNextSubmit(error: ServiceError): void
  /** What getTips answers from now on (STAND_IN_TIPS until then). */
  setTips(floor: TipFloor): void
  /** Moves a tracked transaction to `status` (with `fields`, e.g. a relay's) and tells onTransactionUpdate's listeners, as the engine does. */
  advance(tenantId: string, signature: string, status: TrackingStatus, fields?: Partial<TrackedTransaction>): TrackedTransaction
}

/** Creates the stand-in, on top of `real` (simulate, health, approvals) when given. */
export function createStandInTransactionEngine(real?: Engine): StandInTransactionEngine {
  const tracked = new Map<string, TrackedTransaction>()
  const listeners = new Set<(tenantId: string, transaction: TrackedTransaction) => void>()
  const calls: StandInCall[] = []
  const submitRefusals: ServiceError[] = []
  let tips = STAND_IN_TIPS
  const key = (tenantId: string | undefined, signature: string) => `${tenantId ?? ''} ${signature}`

  const track = (tenantId: string | undefined, transaction: Uint8Array, kind: 'execute' | 'send' | 'submit'): string => {
    const bytes = getFirstSignatureBytes(transaction)
    if (bytes === null) throw createServiceError('invalid_signature', 'Stand-in: the fee payer did not sign.')
    const signature = toBase58(bytes)
    const now = new Date(0).toISOString()
    const record: TrackedTransaction = {
      signature,
      kind,
      status: 'pending',
      route: 'direct_rpc',
      attempts: 1,
      endpoints: ['localhost'],
      landed_slot: null,
      transaction_error: null,
      prediction:
        kind === 'execute'
          ? {
              success: true,
              compute_units: 150,
              fee_lamports: '5000',
              balance_changes: [{ account: signature, mint: null, delta: '-5000' }],
              context_slot: 7,
            }
          : null,
      outcome: null,
      strategy: null,
      relay_bundle_id: null,
      tip_lamports: null,
      drop_reason: null,
      created_at: now,
      updated_at: now,
    }
    tracked.set(key(tenantId, signature), record)
    return signature
  }

  const standIn = {
    async execute(transaction: Uint8Array, options: ExecuteOptions = {}): Promise<ExecuteResponse> {
      calls.push({ method: 'execute', tenantId: options.tenantId, options })
      const signature = track(options.tenantId, transaction, 'execute')
      return { ...STAND_IN_EXECUTE, signature }
    },
    async send(transaction: Uint8Array, options: SendOptions = {}): Promise<SendResponse> {
      calls.push({ method: 'send', tenantId: options.tenantId, options })
      if (options.useRelay) throw createServiceError('relay_unavailable', 'Stand-in: no relay.')
      const signature = track(options.tenantId, transaction, 'send')
      return { ...STAND_IN_SEND, signature }
    },
    async submit(transaction: Uint8Array, options: SubmitOptions): Promise<SubmitResponse> {
      calls.push({ method: 'submit', tenantId: options.tenantId, options })
      const refusal = submitRefusals.shift()
      if (refusal) throw refusal
      const signature = track(options.tenantId, transaction, 'submit')
      return {
        ...STAND_IN_SUBMIT,
        signature,
        strategy: options.strategy,
        tip_lamports: options.tipLamports ?? null,
        billable: BILLABLE_SUBMIT_STRATEGIES.has(options.strategy),
      }
    },
    async getTips(): Promise<TipFloor> {
      calls.push({ method: 'getTips', tenantId: undefined })
      return tips
    },
    async getTransaction(tenantId: string | undefined, signature: string): Promise<TrackedTransaction> {
      calls.push({ method: 'getTransaction', tenantId })
      const record = tracked.get(key(tenantId, signature))
      if (!record) throw createServiceError('not_found', 'No such transaction.')
      return record
    },
    onTransactionUpdate(listener: (tenantId: string, transaction: TrackedTransaction) => void) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
  }
  const engine = (
    real
      ? Object.assign(Object.create(real) as Engine, standIn)
      : { ...standIn, getHealth: () => ({ status: 'operational', slot: 1, freshness: 'rpc', geyser: null, workers: null }) }
  ) as Engine
  return {
    engine,
    calls,
    rejectNextSubmit: (error) => void submitRefusals.push(error),
    setTips: (floor) => void (tips = floor),
    advance(tenantId, signature, status, fields = {}) {
      const record = tracked.get(key(tenantId, signature))
      if (!record) throw new Error(`the stand-in tracks no ${signature} for ${tenantId}`)
      const landed = status !== 'pending' && status !== 'expired' && status !== 'dropped'
      const next: TrackedTransaction = {
        ...record,
        status,
        landed_slot: landed ? 4_242 : null,
        outcome:
          landed && record.prediction
            ? {
                landed_slot: 4_242,
                matched: false,
                differences: [{ field: 'balance_change', account: signature, mint: null, predicted: '-5000', actual: '-6000' }],
              }
            : null,
        updated_at: new Date(1_000).toISOString(),
        ...fields,
      }
      tracked.set(key(tenantId, signature), next)
      for (const listener of listeners) listener(tenantId, next)
      return next
    },
  }
}
