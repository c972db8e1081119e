/** The history and statistics routes' schemas (docs/api.md#history-and-statistics). */
import { RISK_LEVELS } from '../../engine/contract/risk-levels.js'
import { SUBMIT_STRATEGY_NAMES } from '../../engine/contract/submit-strategies.js'
import { SUBMIT_ROUTES, TRACKING_STATUSES } from '../../engine/contract/transaction-tracking.js'
import { CALLER_ERRORS, createErrorResponses, SERVER_ERRORS } from './error-envelope.js'

/**
 * The history query as the route reads it (edge/query-params.ts, by hand, with errors naming the
 * parameter). Documentation only: as a route `querystring` schema, ajv would answer repeated or
 * unknown parameters before the hand parser, with other messages.
 */
export const historyQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    limit: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
    cursor: { type: 'string', description: 'Opaque: the `next_cursor` of the previous page, passed back unchanged.' },
    offset: { type: 'integer', minimum: 0, maximum: 1_000_000, default: 0 },
    success: { type: 'boolean', description: 'Only successful (true) or failed (false) simulations.' },
    since: { type: 'string', description: 'ISO 8601 date or date-time (UTC when no offset), inclusive.' },
    until: { type: 'string', description: 'ISO 8601 date or date-time (UTC when no offset), inclusive.' },
    risk_level: { type: 'string', enum: [...RISK_LEVELS] },
  },
} as const

const historyItemSchema = {
  type: 'object',
  required: [
    'id',
    'created_at',
    'success',
    'decision',
    'risk_level',
    'mev_score',
    'mev_level',
    'failure_code',
    'failure_reason',
    'compute_units',
    'fee_estimate_sol',
    'latency_ms',
    'signature',
    'api_key_id',
    'cached',
    'kind',
    'transaction',
  ],
  additionalProperties: false,
  properties: {
    id: { type: 'string' },
    created_at: { type: 'string', format: 'date-time' },
    success: { type: 'boolean' },
    decision: { type: ['string', 'null'], enum: ['approve', 'warn', 'block', null] },
    risk_level: { type: ['string', 'null'], enum: [...RISK_LEVELS, null] },
    mev_score: { type: ['number', 'null'], minimum: 0, maximum: 1 },
    mev_level: { type: ['string', 'null'] },
    failure_code: { type: ['string', 'null'] },
    failure_reason: { type: ['string', 'null'] },
    compute_units: { type: ['integer', 'null'], minimum: 0 },
    fee_estimate_sol: { type: ['number', 'null'], minimum: 0 },
    latency_ms: { type: 'number', minimum: 0 },
    signature: { type: ['string', 'null'], description: "The transaction's first signature (base58); null when it carries none." },
    api_key_id: { type: ['string', 'null'], description: 'The API key the call was made with; null for a bearer token.' },
    cached: { type: 'boolean' },
    kind: {
      type: 'string',
      enum: ['simulate', 'execute', 'send', 'submit'],
      description:
        'The call: a simulate, an execute (simulated, then sent when approved), a send (sent as it is, not simulated) or a submit (landed with a strategy, not judged: simulated only for its prediction).',
    },
    transaction: {
      type: ['object', 'null'],
      required: ['status', 'route', 'landed_slot', 'matched', 'strategy', 'billable', 'bundle_id', 'tip_lamports'],
      additionalProperties: false,
      description:
        'Where an execute’s, a send’s or a submit’s transaction stands (its tracking: GET /api/v1/solana/transactions/{signature}), with what a submit answered; null for a simulate, and for an execute that sent nothing.',
      properties: {
        status: { type: 'string', enum: [...TRACKING_STATUSES] },
        route: { type: 'string', enum: [...SUBMIT_ROUTES] },
        landed_slot: { type: ['integer', 'null'], minimum: 0, description: 'The slot it landed in; null until it landed.' },
        matched: {
          type: ['boolean', 'null'],
          description: 'Whether what landed matched the prediction it was sent on; null until it landed, and for a send.',
        },
        strategy: {
          type: ['string', 'null'],
          enum: [...SUBMIT_STRATEGY_NAMES, null],
          description: 'The strategy a submit named; null for an execute or a send.',
        },
        billable: { type: ['boolean', 'null'], description: 'Whether the submit is billed per call; null for an execute or a send.' },
        bundle_id: { type: ['string', 'null'], description: 'The relay’s bundle id the submit answered; null otherwise.' },
        tip_lamports: {
          type: ['string', 'null'],
          pattern: '^[0-9]+$',
          description: 'The managed tip the submit answered, lamports as a decimal string; null when none.',
        },
      },
    },
  },
} as const

/** A page of history. */
export const simulationPageSchema = {
  $id: 'SimulationListResponse',
  type: 'object',
  required: ['simulations', 'next_cursor'],
  additionalProperties: false,
  properties: {
    simulations: { type: 'array', items: historyItemSchema, description: 'Newest first.' },
    next_cursor: { type: ['string', 'null'], description: 'Pass as `cursor` for the next page; null on the last.' },
  },
} as const

const countSchema = { type: 'integer', minimum: 0 } as const

/** The caller's own figures. */
export const userStatsSchema = {
  $id: 'UserStats',
  type: 'object',
  required: [
    'total_simulations',
    'success_count',
    'fail_count',
    'success_rate',
    'avg_latency_ms',
    'avg_mev_score',
    'mev_distribution',
    'top_failure_reasons',
    'risk_distribution',
    'simulations_today',
    'simulations_7d',
  ],
  additionalProperties: false,
  properties: {
    total_simulations: countSchema,
    success_count: countSchema,
    fail_count: countSchema,
    success_rate: { type: 'number', minimum: 0, maximum: 1 },
    avg_latency_ms: { type: 'number', minimum: 0 },
    avg_mev_score: { type: 'number', minimum: 0, maximum: 1 },
    mev_distribution: { type: 'object', additionalProperties: countSchema, description: 'MEV level → simulations.' },
    top_failure_reasons: {
      type: 'array',
      items: {
        type: 'object',
        required: ['code', 'count'],
        additionalProperties: false,
        properties: { code: { type: 'string' }, count: countSchema },
      },
    },
    risk_distribution: {
      type: 'array',
      items: {
        type: 'object',
        required: ['level', 'count'],
        additionalProperties: false,
        properties: { level: { type: 'string', enum: [...RISK_LEVELS] }, count: countSchema },
      },
    },
    simulations_today: countSchema,
    simulations_7d: countSchema,
  },
} as const

/** 422: a parameter that is unknown, repeated, too long or out of its range. */
export const listSimulationsResponses = { 200: simulationPageSchema, ...createErrorResponses([...CALLER_ERRORS, 422, ...SERVER_ERRORS]) }
export const simulationStatsResponses = { 200: userStatsSchema, ...createErrorResponses([...CALLER_ERRORS, 422, ...SERVER_ERRORS]) }
