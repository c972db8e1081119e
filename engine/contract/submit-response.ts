/**
 * submit (docs/relay.md, ARCHITECTURE's submit row): a signed transaction landed with a named
 * strategy — `direct` (the public RPC endpoints), `staked_sender` (the staked ones only),
 * `auto_direct` (direct, escalated to a managed-tip bundle when it has not landed within a few
 * slots) or `managed_tip_bundle` (a bundle through the relay with a tip the service's tip wallet
 * signs). Every bundle is linted before the relay sees it; the answer lists each rule checked.
 */
import { Type, type Static } from '@sinclair/typebox'
import { Nullable, StringEnum } from '../../lib/json-schema.js'
import { SUBMIT_STRATEGY_NAMES, type SubmitStrategyName } from './submit-strategies.js'
import { sendFieldsSchema } from './send-response.js'

/**
 * The bundle rules, in the order they are checked (docs/relay.md#bundle-lint says what each one
 * prevents). A bundle failing any is `422 bundle_rejected`, with this list, before any relay call.
 */
export const BUNDLE_LINT_RULES = [
  'bundle_size',
  'transaction_size',
  'signatures',
  'tip_present',
  'tip_floor',
  'tip_not_in_lookup_table',
  'dont_front_first',
  'no_vote_accounts',
  'blockhash_lifetime',
  'sequential_simulation',
] as const
export type BundleLintRule = (typeof BUNDLE_LINT_RULES)[number]

export const bundleLintEntrySchema = Type.Object(
  {
    rule: StringEnum(BUNDLE_LINT_RULES),
    ok: Type.Boolean(),
    detail: Type.String({ description: 'What was checked, and what is wrong when ok is false.' }),
  },
  { additionalProperties: false },
)
export type BundleLintEntry = Static<typeof bundleLintEntrySchema>

export const submitResponseSchema = Type.Object(
  {
    signature: Type.String({
      description: "The caller's transaction's first signature: what GET /api/v1/solana/transactions/{signature} follows.",
    }),
    strategy: StringEnum(SUBMIT_STRATEGY_NAMES),
    route: sendFieldsSchema.route,
    bundle_id: Nullable(Type.String(), { description: "The relay's bundle id when it went as a bundle." }),
    tip_lamports: Nullable(Type.Integer({ minimum: 0 }), {
      description: "The managed tip the service's tip wallet paid (billed at cost); null when the service paid none.",
    }),
    bundle_lint: Type.Array(bundleLintEntrySchema, { description: 'Every rule checked on the bundle that was sent; [] when none was.' }),
    confirmation: sendFieldsSchema.confirmation,
    attempts: sendFieldsSchema.attempts,
    slot: sendFieldsSchema.slot,
    transaction_error: sendFieldsSchema.transaction_error,
    latency_ms: Type.Number({ minimum: 0 }),
    billable: Type.Boolean({
      description: 'staked_sender and managed_tip_bundle are billed per call (0.003 EUR); direct and auto_direct are free.',
    }),
  },
  { $id: 'SubmitResponse', additionalProperties: false },
)
export type SubmitResponse = Static<typeof submitResponseSchema>

/** What a submit is asked; checked by every transport. */
export interface SubmitOptions {
  tenantId?: string
  /**
   * The caller has a card on file, as the door that authenticated them says (an API-key caller of
   * the gRPC port cannot set it): the plan the service's tip wallet pays managed tips under
   * (docs/relay.md#who-may-spend-the-tip-wallet). Default false.
   */
  cardOnFile?: boolean
  strategy: SubmitStrategyName
  /** The managed tip in lamports (managed_tip_bundle, and auto_direct's escalation); default the p75 tip floor. */
  tipLamports?: number
  /** Wait up to 30 s for `confirmed` (or failed / expired / dropped) before answering. */
  waitConfirmation?: boolean
  /** How long the caller will wait for the relay's rate limit before 503 relay_busy (ms); default: the blockhash's remaining life. */
  deadlineMs?: number
}

export const SUBMIT_LIMITS = Object.freeze({ minDeadlineMs: 100, maxDeadlineMs: 60_000, maxTipLamports: 1_000_000_000_000 })
