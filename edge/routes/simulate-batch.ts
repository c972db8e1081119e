/**
 * `POST /api/v1/solana/tx/simulate-batch` (docs/api.md#simulate-a-batch): 1–50 transactions
 * simulated in parallel, answered in input order. One request against the rate limit, one
 * simulation per item against the quota. An item that cannot be simulated (undecodable bytes, an
 * engine error, a record the journal failed to write) fails only its own slot, as
 * `{index, error: {code, message}}`; while the journal is known not to write, the whole call is
 * refused with 503 journal_unavailable.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ErrorCode } from '../../lib/errors.js'
import { simulateRequestSchema, type SimulateRequest } from '../../engine/contract/simulate-request.js'
import { prefixSerializedFields } from '../../engine/contract/serialized-simulate-response.js'
import { getPrincipal } from '../auth/auth-hook.js'
import type { EdgeContext } from '../edge-context.js'
import { toClientError } from '../http-errors.js'
import { simulateBatchResponses } from '../schemas/simulate-batch.js'

/** At most 50 transactions a batch (docs/api.md#field-limits). */
export const MAX_BATCH_SIZE = 50

type BatchBody = Omit<SimulateRequest, 'transaction'> & { transactions: string[] }

/** An item that could not be simulated; an answered item is `{index, ...SimulateResponse}`. */
interface FailedBatchItem {
  index: number
  error: { code: ErrorCode; message: string }
}

/**
 * `{results, total, succeeded, failed}` as JSON text: each answered item is the engine's own JSON
 * text behind its index (engine/contract/serialized-simulate-response.ts), so no item's answer is
 * rebuilt or serialized on the serving thread. `succeeded` counts items whose simulation succeeded.
 */
function toBatchJson(items: readonly string[], succeeded: number): string {
  return `{"results":[${items.join(',')}],"total":${items.length},"succeeded":${succeeded},"failed":${items.length - succeeded}}`
}

const { transaction: transactionSchema, ...optionSchemas } = simulateRequestSchema.properties

export const simulateBatchBodySchema = {
  type: 'object',
  required: ['transactions'],
  additionalProperties: false,
  properties: {
    // Items are not length-checked here: a bad item fails its own slot, not the whole batch.
    transactions: { type: 'array', minItems: 1, maxItems: MAX_BATCH_SIZE, items: transactionSchema },
    ...optionSchemas,
  },
} as const

/** Registers the batch route. */
export function registerSimulateBatchRoute(app: FastifyInstance, { auth, simulator, logger }: EdgeContext): void {
  app.post<{ Body: BatchBody }>(
    '/api/v1/solana/tx/simulate-batch',
    {
      onRequest: auth.either,
      schema: {
        summary: 'Simulate up to 50 transactions in parallel',
        description:
          "Simulates 1 to 50 transactions independently, each judged as a single simulate; an item's error stays in its place. Counts one simulation per item.",
        body: simulateBatchBodySchema,
        response: simulateBatchResponses,
      },
      config: { auth: 'either', simulations: (request: FastifyRequest) => (request.body as BatchBody).transactions.length },
    },
    async (request, reply) => {
      const principal = getPrincipal(request)
      const { transactions, ...options } = request.body
      // While no record can be kept the whole call is refused (503), not answered item by item.
      simulator.assertRecordable()
      let succeeded = 0
      const items = await Promise.all(
        transactions.map((transaction, index) =>
          simulator.simulateSerialized(principal, { ...options, transaction }).then(
            ({ json, summary }) => {
              if (summary.success) succeeded++
              return prefixSerializedFields({ index }, json)
            },
            (error: unknown) => {
              const { code, message } = toClientError(
                error,
                (level, fields, text) => logger[level]({ reqId: request.id, index, ...fields }, text),
                'batch item failed',
                logger,
              )
              const failed: FailedBatchItem = { index, error: { code, message } }
              return JSON.stringify(failed)
            },
          ),
        ),
      )
      return reply.type('application/json; charset=utf-8').send(toBatchJson(items, succeeded))
    },
  )
}
