/**
 * Request and response schemas of execute, send, submit and the tracking read (docs/api.md#execute,
 * #send, #submit, #tracking). The 200 bodies are the engine's contract
 * (engine/contract/execute-response.ts, send-response.ts, submit-response.ts, transaction-tracking.ts).
 */
import { policySchema, type PolicyInput } from '../../engine/contract/policy-input.js'
import { simulateRequestSchema } from '../../engine/contract/simulate-request.js'
import { SUBMIT_STRATEGY_NAMES, type SubmitStrategyName } from '../../engine/contract/submit-strategies.js'
import { SUBMIT_LIMITS, submitResponseSchema } from '../../engine/contract/submit-response.js'
import { executeResponseSchema } from '../../engine/contract/execute-response.js'
import { SEND_LIMITS, sendResponseSchema } from '../../engine/contract/send-response.js'
import { trackedTransactionSchema } from '../../engine/contract/transaction-tracking.js'
import { BODY_ERRORS, CALLER_ERRORS, createErrorResponses, SERVER_ERRORS } from './error-envelope.js'
import { BASE58_SIGNATURE_PATTERN } from '../../lib/base58.js'

const transactionSchema = { ...simulateRequestSchema.properties.transaction, description: 'A base64 signed wire transaction.' } as const

const waitConfirmationSchema = {
  type: 'boolean',
  default: false,
  description: 'Wait up to 30 s for confirmed (or failed / expired) before answering; `confirmation` is `pending` otherwise.',
} as const

/** The transaction and, optionally, the policy (its defaults otherwise) and whether to wait for confirmation. */
export const executeBodySchema = {
  type: 'object',
  required: ['transaction'],
  additionalProperties: false,
  properties: { transaction: transactionSchema, policy: policySchema, wait_confirmation: waitConfirmationSchema },
} as const

/** An execute body as the route receives it once validated. */
export interface ExecuteBody {
  transaction: string
  policy?: PolicyInput
  wait_confirmation?: boolean
}

/** Send's options (at most 5 fail-overs). */
export const sendBodySchema = {
  type: 'object',
  required: ['transaction'],
  additionalProperties: false,
  properties: {
    transaction: transactionSchema,
    use_relay: { type: 'boolean', default: false, description: 'Route through the bundle relay for MEV protection.' },
    wait_confirmation: waitConfirmationSchema,
    max_retries: {
      type: 'integer',
      minimum: 0,
      maximum: SEND_LIMITS.maxRetries,
      default: SEND_LIMITS.defaultMaxRetries,
      description: 'Fail-overs across RPC endpoints on endpoint errors.',
    },
  },
} as const

/** A send body as the route receives it once validated. */
export interface SendBody {
  transaction: string
  use_relay?: boolean
  wait_confirmation?: boolean
  max_retries?: number
}

/** A signature in base58 (lib/base58.ts), as the schemas below take it. */
export { BASE58_SIGNATURE_PATTERN }

export const signatureParamsSchema = {
  type: 'object',
  required: ['signature'],
  properties: {
    signature: { type: 'string', pattern: BASE58_SIGNATURE_PATTERN, description: "The transaction's first signature, base58." },
  },
} as const

/** A strategy and its options (docs/relay.md); staked_sender and managed_tip_bundle are billable, a tip is passed through at cost. */
export const submitBodySchema = {
  type: 'object',
  required: ['transaction', 'strategy'],
  additionalProperties: false,
  properties: {
    transaction: transactionSchema,
    strategy: {
      type: 'string',
      enum: [...SUBMIT_STRATEGY_NAMES],
      description: 'direct, auto_direct, staked_sender or managed_tip_bundle (docs/relay.md#strategies).',
    },
    tip_lamports: {
      type: 'integer',
      minimum: 0,
      maximum: SUBMIT_LIMITS.maxTipLamports,
      description: "The managed tip (managed_tip_bundle, and auto_direct's escalation); default the p75 of GET /api/v1/solana/tips.",
    },
    wait_confirmation: waitConfirmationSchema,
    deadline_ms: {
      type: 'integer',
      minimum: SUBMIT_LIMITS.minDeadlineMs,
      maximum: SUBMIT_LIMITS.maxDeadlineMs,
      description: "How long to wait for the relay's rate limit before 503 relay_busy; default the blockhash's remaining life.",
    },
  },
} as const

/** A submit body as the route receives it once validated. */
export interface SubmitBody {
  transaction: string
  strategy: SubmitStrategyName
  tip_lamports?: number
  wait_confirmation?: boolean
  deadline_ms?: number
}

/**
 * 422 for a bad field, undecodable bytes or a missing or wrong signature; 429 for the rate limit or
 * (execute) the quota; 502 when every send endpoint failed; 503 when the relay is not available
 * (and the usual dependency and draining cases); execute's simulation may time out (504). 402
 * card_required when the relay route needs a managed tip the caller's plan does not pay, 422
 * tip_limit_exceeded and 429 tip_budget_exceeded past its caps (docs/relay.md#who-may-spend-the-tip-wallet).
 */
export const executeResponses = {
  200: executeResponseSchema,
  ...createErrorResponses([...BODY_ERRORS, ...CALLER_ERRORS, ...SERVER_ERRORS, 402, 502, 504]),
}

/** As execute's, without a simulation to time out. */
export const sendResponses = {
  200: sendResponseSchema,
  ...createErrorResponses([...BODY_ERRORS, ...CALLER_ERRORS, ...SERVER_ERRORS, 402, 502]),
}

/**
 * As send's: 422 also for a bundle the lint refuses (bundle_rejected, with `bundle_lint`), 503 also
 * for a relay that is not there (relay_unavailable) or whose rate limit cannot fit the call in time
 * (relay_busy, with Retry-After).
 */
export const submitResponses = {
  200: submitResponseSchema,
  ...createErrorResponses([...BODY_ERRORS, ...CALLER_ERRORS, ...SERVER_ERRORS, 402, 502]),
}

/** 404 for a signature the caller did not execute or send (another user's included), 422 for one that is not base58. */
export const trackedTransactionResponses = {
  200: trackedTransactionSchema,
  ...createErrorResponses([...CALLER_ERRORS, 404, 422, ...SERVER_ERRORS]),
}
