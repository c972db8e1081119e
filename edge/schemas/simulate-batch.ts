/** The batch response (items with `index`, and `total`, `succeeded`, `failed`) and the batch route's responses. */
import { ERROR_CATALOGUE } from '../../lib/errors.js'
import { BODY_ERRORS, CALLER_ERRORS, createErrorResponses, SERVER_ERRORS } from './error-envelope.js'
import { simulateResponseSchema } from '../../engine/contract/simulate-response.js'

const indexSchema = { type: 'integer', minimum: 0, description: "The item's position in `transactions`." } as const

/** An item that could not be simulated fails alone, with the code and message a whole request would have had. */
const failedItemSchema = {
  type: 'object',
  required: ['index', 'error'],
  additionalProperties: false,
  properties: {
    index: indexSchema,
    error: {
      type: 'object',
      required: ['code', 'message'],
      additionalProperties: false,
      properties: { code: { type: 'string', enum: Object.keys(ERROR_CATALOGUE) }, message: { type: 'string' } },
    },
  },
} as const

const { $id: _simulateResponseId, ...simulateResponseShape } = simulateResponseSchema

/**
 * A simulated item: SimulateResponse's fields beside `index`. Spelled out rather than
 * `allOf: [SimulateResponse, {index}]`, which SimulateResponse's additionalProperties would refuse.
 */
const simulatedItemSchema = {
  ...simulateResponseShape,
  required: ['index', ...simulateResponseShape.required],
  properties: { index: indexSchema, ...simulateResponseShape.properties },
} as const

export const batchResponseSchema = {
  $id: 'BatchResponse',
  type: 'object',
  required: ['results', 'total', 'succeeded', 'failed'],
  additionalProperties: false,
  properties: {
    results: {
      type: 'array',
      description: 'In input order: `{index, ...SimulateResponse}`, or `{index, error}` for an item that could not be simulated.',
      items: { oneOf: [simulatedItemSchema, failedItemSchema] },
    },
    total: { type: 'integer', minimum: 1 },
    succeeded: { type: 'integer', minimum: 0, description: 'Items whose simulation succeeded (`success: true`).' },
    failed: { type: 'integer', minimum: 0, description: 'The rest: failed simulations and items that could not be simulated.' },
  },
} as const

export const simulateBatchResponses = {
  200: batchResponseSchema,
  ...createErrorResponses([...BODY_ERRORS, ...CALLER_ERRORS, ...SERVER_ERRORS]),
}
