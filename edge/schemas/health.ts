/** `GET /health`'s response: liveness, beside the engine's own report (engine/contract/engine-health.ts). */
import { engineHealthSchema } from '../../engine/contract/engine-health.js'
import { Nullable } from '../../lib/json-schema.js'
import { createErrorResponses, SERVER_ERRORS } from './error-envelope.js'

/** The history journal (docs/operations.md#durability): while it cannot write, calls that leave a record are refused. */
const journalHealthSchema = {
  type: ['object', 'null'],
  description: "The history journal's; null when this process keeps none.",
  required: ['writable', 'failing_since', 'error', 'refused_calls'],
  additionalProperties: false,
  properties: {
    writable: { type: 'boolean', description: 'false: simulate, batch, execute, send and submit answer 503 journal_unavailable.' },
    failing_since: { type: ['string', 'null'], format: 'date-time', description: 'When it stopped writing; null while writable.' },
    error: {
      type: ['string', 'null'],
      description: 'The OS error of the last failure (ENOSPC, EROFS, EIO, ENOENT, …); null while writable.',
    },
    refused_calls: { type: 'integer', minimum: 0, description: 'Calls refused since it stopped writing.' },
  },
} as const

export const healthSchema = {
  $id: 'Health',
  type: 'object',
  required: ['status', 'uptime_s', 'engine_transport', 'state', 'details'],
  additionalProperties: false,
  properties: {
    status: { type: 'string', const: 'ok', description: 'Always ok: this process answers (liveness).' },
    uptime_s: { type: 'integer', minimum: 0 },
    engine_transport: { type: 'string', enum: ['in-process', 'grpc'] },
    state: { type: 'string', enum: ['operational', 'degraded', 'down'], description: 'How well the service can serve.' },
    details: {
      type: 'object',
      required: ['engine', 'journal'],
      additionalProperties: false,
      properties: {
        engine: Nullable(engineHealthSchema, { description: "The engine's report; null when it did not answer." }),
        journal: journalHealthSchema,
      },
    },
  },
} as const

export const healthResponses = { 200: healthSchema, ...createErrorResponses(SERVER_ERRORS) }
