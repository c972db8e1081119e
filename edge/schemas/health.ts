/** `GET /health`'s response: liveness, beside the engine's own report (engine/engine-health.ts). */
import { createErrorResponses, SERVER_ERRORS } from './error-envelope.js'

const geyserStateSchema = { type: 'string', enum: ['connected', 'connecting', 'disconnected'] } as const

const engineHealthSchema = {
  type: ['object', 'null'],
  required: ['status', 'slot', 'freshness', 'geyser'],
  additionalProperties: false,
  description: "The engine's report; null when it did not answer.",
  properties: {
    status: { type: 'string', enum: ['operational', 'degraded'] },
    slot: { type: 'integer', minimum: 0, description: 'The latest slot the engine knows.' },
    freshness: { type: 'string', enum: ['geyser', 'rpc'] },
    geyser: {
      type: ['object', 'null'],
      required: ['state', 'endpoints'],
      additionalProperties: false,
      description: 'null without GEYSER_ENDPOINT.',
      properties: {
        state: geyserStateSchema,
        endpoints: {
          type: 'array',
          items: {
            type: 'object',
            required: ['endpoint', 'state', 'last_slot'],
            additionalProperties: false,
            properties: {
              endpoint: { type: 'string' },
              state: geyserStateSchema,
              last_slot: { type: 'integer', minimum: 0, description: '0 until the endpoint streamed a slot.' },
            },
          },
        },
      },
    },
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
      required: ['engine'],
      additionalProperties: false,
      properties: { engine: engineHealthSchema },
    },
  },
} as const

export const healthResponses = { 200: healthSchema, ...createErrorResponses(SERVER_ERRORS) }
