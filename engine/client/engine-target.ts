/**
 * ENGINE_URL as a gRPC channel target. One engine is `host:port` (or `grpc://host:port`); several
 * are either a DNS name that resolves to all of them (`dns:///engines:50051`, a Kubernetes
 * headless Service) or a comma-separated list of `ip:port`, which becomes grpc's own `ipv4:` /
 * `ipv6:` target so the channel's round robin spreads calls over every address and skips a dead
 * one. A list of host names has no such target in grpc: it is refused with the DNS form named.
 */
import { isIP } from 'node:net'
import { ConfigError } from '../../lib/config.js'

const EXPECTED =
  'host:port, dns:///name:port, or several engines as ip:port,ip:port (all IPv4 or all IPv6; engines behind a name are dns:///name:port)'

/** Splits `[v6]:port` or `v4:port` into its host (brackets removed) and port; undefined when it has no port. */
function splitHostPort(address: string): { host: string; port: string } | undefined {
  const match = /^\[([^\]]+)\]:(\d{1,5})$/.exec(address) ?? /^([^:[\]]+):(\d{1,5})$/.exec(address)
  return match ? { host: match[1] as string, port: match[2] as string } : undefined
}

/** The grpc-js target for ENGINE_URL's `value`; a ConfigError naming ENGINE_URL when a list is not of IP addresses. */
export function toEngineTarget(value: string): string {
  const target = value.trim().replace(/^grpc:\/\//, '')
  if (!target.includes(',')) return target
  const addresses = target.split(',').map((part) => part.trim())
  const parsed = addresses.map((address) => ({ split: splitHostPort(address) }))
  if (parsed.some(({ split }) => !split || isIP(split.host) === 0)) throw new ConfigError('ENGINE_URL', EXPECTED, value)
  const families = new Set(parsed.map(({ split }) => isIP((split as { host: string }).host)))
  if (families.size > 1) throw new ConfigError('ENGINE_URL', EXPECTED, value)
  return families.has(6) ? `ipv6:${addresses.join(',')}` : `ipv4:${addresses.join(',')}`
}
