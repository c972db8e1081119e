/** `GET /health`'s response: liveness, beside the engine's own report (engine/contract/engine-health.ts). */
import { engineHealthSchema } from '../../engine/contract/engine-health.js'
import { Nullable } from '../../engine/contract/json-schema.js'
import { createErrorResponses, SERVER_ERRORS } from './error-envelope.js'

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
      required: ['engine'],
      additionalProperties: false,
      properties: { engine: Nullable(engineHealthSchema, { description: "The engine's report; null when it did not answer." }) },
    },
  },
} as const

export const healthResponses = { 200: healthSchema, ...createErrorResponses(SERVER_ERRORS) }
