/** A Redis that cannot be reached at boot, as the one line naming REDIS_URL (setting-error.ts). */
import { toEndpointHost } from './endpoint-host.js'
import { describeReachFailure, SettingError } from './setting-error.js'

/** `purpose` names what needed Redis ("auth invalidation bus"); `cause` is the connection's failure. */
export function toRedisSettingError(redisUrl: string, purpose: string, cause: unknown): SettingError {
  const why = describeReachFailure(cause) ?? (cause instanceof Error ? cause.message : String(cause))
  return new SettingError('REDIS_URL', `cannot reach Redis at ${toEndpointHost(redisUrl)} for the ${purpose}: ${why}`, { cause })
}
