/**
 * What the engine tells `/health` and `/api/v1/status` about itself: whether its state is kept
 * fresh by a geyser stream (operational) or has fallen back to RPC reads because every configured
 * stream is down (degraded). An engine without GEYSER_ENDPOINT follows the chain over RPC by
 * choice and is operational.
 */
import type { GeyserState } from './geyser/geyser-subscription.js'

export interface GeyserEndpointHealth {
  endpoint: string
  state: GeyserState
  /** The last processed slot this endpoint streamed (0: none yet). */
  last_slot: number
}

export interface EngineHealth {
  status: 'operational' | 'degraded'
  /** The latest slot the engine knows. */
  slot: number
  /** Where fresh account state and blockhashes come from right now. */
  freshness: 'geyser' | 'rpc'
  /** null when no geyser endpoint is configured. */
  geyser: { state: GeyserState; endpoints: GeyserEndpointHealth[] } | null
}
