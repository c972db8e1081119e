/** The history and statistics routes' schemas (docs/api.md#history-and-statistics). */
import { RISK_LEVELS } from '../../engine/contract/risk-levels.js'
import { simulationPageSchema, STATS_DAYS_DEFAULT, STATS_DAYS_MAX, userStatsSchema } from '../../accounts/contract/index.js'
import { CALLER_ERRORS, createErrorResponses, SERVER_ERRORS } from './error-envelope.js'
import { BASE58_SIGNATURE_PATTERN } from './transactions.js'

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
    signature: {
      type: 'string',
      pattern: BASE58_SIGNATURE_PATTERN,
      description:
        'Only the records of this transaction: its first signature, base58 (as execute, send and submit answer it). A record of an unsigned transaction never matches.',
    },
  },
} as const

/** The statistics query, documentation only as the history query is. */
export const statsQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    days: {
      type: 'integer',
      minimum: 1,
      maximum: STATS_DAYS_MAX,
      default: STATS_DAYS_DEFAULT,
      description: 'The UTC days `daily` covers, today included.',
    },
  },
} as const

/** 422: a parameter that is unknown, repeated, too long or out of its range. */
export const listSimulationsResponses = { 200: simulationPageSchema, ...createErrorResponses([...CALLER_ERRORS, 422, ...SERVER_ERRORS]) }
export const simulationStatsResponses = { 200: userStatsSchema, ...createErrorResponses([...CALLER_ERRORS, 422, ...SERVER_ERRORS]) }
