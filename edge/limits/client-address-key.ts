/**
 * The client address a per-address limit is keyed by. An IPv4 address counts alone; an IPv6
 * client usually holds a whole /64 (SLAAC, privacy addresses), so it is keyed by its /64, else
 * each of its 2^64 addresses would be a fresh bucket. An IPv4-mapped IPv6 address (a dual-stack
 * socket's `::ffff:1.2.3.4`) is its IPv4 address.
 */
import { createHash } from 'node:crypto'
import { isIPv4, isIPv6 } from 'node:net'

/** The limiter key of `ip` (fastify's `request.ip`, undefined once the client's socket is gone). */
export function toClientAddressKey(ip: string | undefined): string {
  if (ip === undefined) return 'unknown'
  const address = ip.split('%', 1)[0] ?? ''
  if (isIPv4(address)) return address
  if (!isIPv6(address)) {
    // Not an address (a proxy's odd X-Forwarded-For entry): counted as given, in bounded length.
    return `other:${createHash('sha256').update(ip).digest('base64url').slice(0, 22)}`
  }
  const groups = toIpv6Groups(address)
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6)
    return `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`
}

/** The eight 16-bit groups of a valid IPv6 address (the URL parser writes it canonically, dotted tail in hex). */
function toIpv6Groups(address: string): number[] {
  const canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1)
  const [head = '', tail] = canonical.split('::')
  const headGroups = head === '' ? [] : head.split(':')
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':')
  const zeros = Array<string>(8 - headGroups.length - tailGroups.length).fill('0')
  return [...headGroups, ...zeros, ...tailGroups].map((group) => parseInt(group, 16))
}
