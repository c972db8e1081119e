/**
 * Request schemas of execute, send and submit (docs/api.md#not-available-yet), and their responses
 * for now: each answers 501 not_implemented once the caller and the body pass, until its issue lands.
 */
import { policySchema } from '../../engine/contract/policy-input.js'
import { simulateRequestSchema } from '../../engine/contract/simulate-request.js'
import { SUBMIT_STRATEGY_NAMES } from '../../engine/contract/submit-strategies.js'
import { BODY_ERRORS, CALLER_ERRORS, createErrorResponses, SERVER_ERRORS } from './error-envelope.js'

const transactionSchema = { ...simulateRequestSchema.properties.transaction, description: 'A base64 signed wire transaction.' } as const

/** The transaction and, optionally, the policy (its defaults otherwise). */
export const executeBodySchema = {
  type: 'object',
  required: ['transaction'],
  additionalProperties: false,
  properties: { transaction: transactionSchema, policy: policySchema },
} as const

/** Send's options (at most 5 retries). */
export const sendBodySchema = {
  type: 'object',
  required: ['transaction'],
  additionalProperties: false,
  properties: {
    transaction: transactionSchema,
    use_relay: { type: 'boolean', default: false, description: 'Route through the bundle relay for MEV protection.' },
    wait_confirmation: { type: 'boolean', default: false, description: 'Wait up to 30 s for on-chain confirmation before answering.' },
    max_retries: { type: 'integer', minimum: 0, maximum: 5, default: 3, description: 'Retries across RPC endpoints.' },
  },
} as const

/** staked_sender and managed_tip_bundle are billable; a tip is passed through at cost. */
export const submitBodySchema = {
  type: 'object',
  required: ['transaction', 'strategy'],
  additionalProperties: false,
  properties: {
    transaction: transactionSchema,
    strategy: { type: 'string', enum: [...SUBMIT_STRATEGY_NAMES] },
    tip_lamports: { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
  },
} as const

/** What execute, send and submit answer until they are built: 501 after auth and body validation. */
export const transactionNotImplementedResponses = createErrorResponses([...BODY_ERRORS, ...CALLER_ERRORS, ...SERVER_ERRORS, 501])
