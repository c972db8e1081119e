/** The caller's simulation history and statistics (docs/api.md#history-and-statistics). */
import type { FastifyInstance } from 'fastify'
import { getPrincipal } from '../auth/auth-hook.js'
import type { EdgeContext } from '../edge-context.js'
import { createServiceError } from '../../lib/errors.js'
import {
  assertKnownParams,
  getBooleanParam,
  getDateTimeParam,
  getEnumParam,
  getIntegerParam,
  getStringParam,
  type Query,
} from '../query-params.js'
import { historyQuerySchema, listSimulationsResponses, simulationStatsResponses, statsQuerySchema } from '../schemas/simulations.js'
import { STATS_DAYS_DEFAULT, STATS_DAYS_MAX } from '../../accounts/contract/index.js'
import { isBase58Signature } from '../../lib/base58.js'

/** Default 50, at most 200 (docs/api.md#history-and-statistics). */
export const HISTORY_DEFAULT_LIMIT = 50
export const HISTORY_MAX_LIMIT = 200
const RISK_LEVELS = ['safe', 'low', 'medium', 'high', 'critical'] as const
const HISTORY_PARAMS = ['limit', 'cursor', 'offset', 'success', 'since', 'until', 'risk_level', 'signature']

/** Registers the history and statistics routes. */
export function registerSimulationsRoutes(app: FastifyInstance, { userService, auth, history }: EdgeContext): void {
  const either = { onRequest: auth.either, config: { auth: 'either' } } as const
  const listSchema = {
    summary: 'Your simulation history, newest first',
    description:
      'Your records of every simulate, execute, send and submit, newest first, with keyset cursor paging and filters on success, date, risk level and transaction signature.',
    documentedQuerystring: historyQuerySchema,
    response: listSimulationsResponses,
  }
  app.get('/api/v1/solana/simulations', { ...either, schema: listSchema }, async (request) => {
    const query = request.query as Query
    assertKnownParams(query, HISTORY_PARAMS)
    const parsed = {
      userId: getPrincipal(request).userId,
      limit: getIntegerParam(query, 'limit', 1, HISTORY_MAX_LIMIT, HISTORY_DEFAULT_LIMIT) as number,
      cursor: getStringParam(query, 'cursor'),
      offset: getIntegerParam(query, 'offset', 0, 1_000_000),
      success: getBooleanParam(query, 'success'),
      sinceMs: getDateTimeParam(query, 'since'),
      untilMs: getDateTimeParam(query, 'until'),
      riskLevel: getEnumParam(query, 'risk_level', RISK_LEVELS),
      signature: getSignatureParam(query),
    }
    // The caller reads their own writes: simulations this edge still queues are written first.
    await history.flush()
    return userService.listSimulations(parsed)
  })
  const statsSchema = {
    summary: 'Your simulation statistics',
    description:
      "Counts and rates over your simulations: success rate, average latency and MEV score, verdict and risk distributions, top failure reasons, today's and the last 7 days' counts, and a series per UTC day (simulations, verdicts, latency percentiles) over `days` days. Live: your own simulations are in it as soon as they are answered.",
    documentedQuerystring: statsQuerySchema,
    response: simulationStatsResponses,
  }
  app.get('/api/v1/solana/simulations/stats', { ...either, schema: statsSchema }, async (request) => {
    const query = request.query as Query
    assertKnownParams(query, ['days'])
    const days = getIntegerParam(query, 'days', 1, STATS_DAYS_MAX, STATS_DAYS_DEFAULT) as number
    await history.flush()
    return userService.getUserStats(getPrincipal(request).userId, days)
  })
}

/** The `signature` filter: a transaction's first signature in base58 (64 bytes), as the tracking route reads it. */
function getSignatureParam(query: Query): string | undefined {
  const raw = getStringParam(query, 'signature')
  if (raw !== undefined && !isBase58Signature(raw)) {
    throw createServiceError('validation_error', 'signature: must be a base58 transaction signature (64 bytes)')
  }
  return raw
}
