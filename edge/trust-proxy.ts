/**
 * TRUST_PROXY, as fastify's `trustProxy` takes it: which peers may say, in X-Forwarded-For, whom
 * they forward for. Without it `request.ip` is the socket's peer, so behind a load balancer every
 * client would be the balancer and share its per-address limits.
 *
 * Only named peers are accepted (addresses, CIDR ranges, or proxy-addr's `loopback`, `linklocal`,
 * `uniquelocal`). `true` is refused: trusting every peer lets any client choose its address, and so
 * a fresh bucket, per request. A hop count is refused too: fastify 5 fails it closed (it cannot
 * tell the balancer from a client that reached the edge directly), so it would silently trust no one.
 */
import { isIP } from 'node:net'
import { ConfigError } from '../lib/config.js'
import { edgeConfigSchema } from './config.js'

/** Peers fastify's `trustProxy` trusts: none (false), or the addresses and ranges listed. */
export type TrustProxy = false | string[]

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal'])

/** TRUST_PROXY's value as fastify takes it; a ConfigError naming the variable when it is not one. */
export function toTrustProxy(value: string): TrustProxy {
  const text = value.trim()
  if (text === '' || text === 'off') return false
  const entries = text.split(',').map((entry) => entry.trim())
  for (const entry of entries) {
    if (!isTrustedPeer(entry)) {
      throw new ConfigError(
        edgeConfigSchema.trustProxy.env,
        'off, or a comma-separated list of proxy addresses or CIDR ranges (or loopback, linklocal, uniquelocal)',
        value,
      )
    }
  }
  return entries
}

function isTrustedPeer(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true
  const [address = '', prefix, extra] = entry.split('/')
  const family = isIP(address)
  if (family === 0 || extra !== undefined) return false
  if (prefix === undefined) return true
  const bits = Number(prefix)
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128)
}
