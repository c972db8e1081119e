/**
 * Which endpoints a transaction is sent and rebroadcast to, by how it was asked for: execute and
 * send use every endpoint (staked first); submit's `staked_sender` the staked ones only; `direct`
 * and `auto_direct` the public ones only. The tracker rebroadcasts a record to the same set its
 * first send used, after a restart too (the set follows from the stored strategy).
 */
import type { SubmitStrategyName } from '../../contract/submit-strategies.js'
import type { SendEndpoints } from './send-endpoints.js'

export type EndpointSetName = 'all' | 'staked' | 'public'

export type EndpointSets = Readonly<Record<EndpointSetName, SendEndpoints>>

/** The set a record's strategy sends to (null: execute and send). */
export function getEndpointSetName(strategy: SubmitStrategyName | null): EndpointSetName {
  if (strategy === 'staked_sender') return 'staked'
  if (strategy === 'direct' || strategy === 'auto_direct') return 'public'
  return 'all'
}
