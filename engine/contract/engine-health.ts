/**
 * What the engine tells `/health` and `/api/v1/status` about itself: whether its state is kept
 * fresh by a geyser stream (operational) or has fallen back to RPC reads because every configured
 * stream is down (degraded). An engine without GEYSER_ENDPOINT follows the chain over RPC by
 * choice and is operational. The edge's `/health` schema embeds this one.
 */
import { Type, type Static } from '@sinclair/typebox'
import { Nullable, StringEnum } from '../../lib/json-schema.js'

export const GEYSER_STATES = ['connected', 'connecting', 'disconnected'] as const
export type GeyserState = (typeof GEYSER_STATES)[number]

const geyserStateSchema = StringEnum(GEYSER_STATES)
const closed = { additionalProperties: false } as const

export const geyserEndpointHealthSchema = Type.Object(
  {
    endpoint: Type.String({ description: "The endpoint's host and port, never its URL (which may carry a provider's token)." }),
    state: geyserStateSchema,
    last_slot: Type.Integer({ minimum: 0, description: '0 until the endpoint streamed a slot.' }),
  },
  closed,
)
export type GeyserEndpointHealth = Static<typeof geyserEndpointHealthSchema>

export const engineHealthSchema = Type.Object(
  {
    status: StringEnum(['operational', 'degraded']),
    slot: Type.Integer({ minimum: 0, description: 'The latest slot the engine knows.' }),
    /** Where fresh account state and blockhashes come from right now. */
    freshness: StringEnum(['geyser', 'rpc']),
    geyser: Nullable(Type.Object({ state: geyserStateSchema, endpoints: Type.Array(geyserEndpointHealthSchema) }, closed), {
      description: 'null without GEYSER_ENDPOINT.',
    }),
    workers: Nullable(
      Type.Object(
        {
          configured: Type.Integer({ minimum: 0, description: 'Simulate worker threads configured (ENGINE_WORKERS).' }),
          ready: Type.Integer({
            minimum: 0,
            description: 'Workers taking calls; the others are starting or being replaced, and their calls run on the serving thread.',
          }),
        },
        closed,
      ),
      { description: 'null with ENGINE_WORKERS=0: every simulation runs on the serving thread.' },
    ),
  },
  closed,
)
export type EngineHealth = Static<typeof engineHealthSchema>
