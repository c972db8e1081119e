/**
 * Addresses that are not an ordinary public host: every entry of IANA's IPv4 and IPv6
 * Special-Purpose Address Registries (including those marked globally reachable: anycast services,
 * AS112, AMT, 6to4 and Teredo — nobody's webhook receiver lives there), plus multicast and what
 * the registries leave out but no public host uses (IPv6 outside global unicast 2000::/3).
 * docs/webhooks.md#which-urls lists the same table; change both together.
 */
import { isInIpRange, toIpRange, type IpRange } from './ip-address.js'

export interface SpecialPurposeRange extends IpRange {
  name: string
}

const toRanges = (entries: readonly (readonly [string, string])[]): SpecialPurposeRange[] =>
  entries.map(([cidr, name]) => ({ ...toIpRange(cidr), name }))

/** IANA IPv4 Special-Purpose Address Registry, and multicast (RFC 5771). */
export const SPECIAL_PURPOSE_IPV4_RANGES = toRanges([
  ['0.0.0.0/8', '"this network" (RFC 791), 0.0.0.0 among them'],
  ['10.0.0.0/8', 'private use (RFC 1918)'],
  ['100.64.0.0/10', 'shared address space, carrier-grade NAT (RFC 6598)'],
  ['127.0.0.0/8', 'loopback (RFC 1122)'],
  ['169.254.0.0/16', 'link-local (RFC 3927)'],
  ['172.16.0.0/12', 'private use (RFC 1918)'],
  ['192.0.0.0/24', 'IETF protocol assignments (RFC 6890): DS-Lite, PCP and TURN anycast, NAT64 discovery'],
  ['192.0.2.0/24', 'documentation, TEST-NET-1 (RFC 5737)'],
  ['192.31.196.0/24', 'AS112-v4 (RFC 7535)'],
  ['192.52.193.0/24', 'AMT (RFC 7450)'],
  ['192.88.99.0/24', 'deprecated 6to4 relay anycast (RFC 7526)'],
  ['192.168.0.0/16', 'private use (RFC 1918)'],
  ['192.175.48.0/24', 'direct delegation AS112 service (RFC 7534)'],
  ['198.18.0.0/15', 'benchmarking (RFC 2544)'],
  ['198.51.100.0/24', 'documentation, TEST-NET-2 (RFC 5737)'],
  ['203.0.113.0/24', 'documentation, TEST-NET-3 (RFC 5737)'],
  ['224.0.0.0/4', 'multicast (RFC 5771)'],
  ['240.0.0.0/4', 'reserved (RFC 1112), 255.255.255.255 limited broadcast among them'],
])

/** IANA IPv6 Special-Purpose Address Registry, and what else is not global unicast. */
export const SPECIAL_PURPOSE_IPV6_RANGES = toRanges([
  ['::/128', 'unspecified (RFC 4291)'],
  ['::1/128', 'loopback (RFC 4291)'],
  ['::/96', 'IPv4-compatible, deprecated (RFC 4291)'],
  ['::ffff:0:0/96', 'IPv4-mapped (RFC 4291)'],
  ['::ffff:0:0:0/96', 'IPv4-translated (RFC 2765)'],
  ['64:ff9b::/96', 'NAT64 well-known prefix (RFC 6052)'],
  ['64:ff9b:1::/48', 'NAT64 local use (RFC 8215)'],
  ['100::/64', 'discard-only (RFC 6666)'],
  ['100:0:0:1::/64', 'dummy prefix (RFC 9780)'],
  ['2001::/23', 'IETF protocol assignments (RFC 2928): PCP, TURN and DNS-SD anycast, benchmarking, AMT, AS112, ORCHID, DRIP'],
  ['2001::/32', 'Teredo (RFC 4380)'],
  ['2001:db8::/32', 'documentation (RFC 3849)'],
  ['2002::/16', '6to4 (RFC 3056)'],
  ['2620:4f:8000::/48', 'direct delegation AS112 service (RFC 7534)'],
  ['3fff::/20', 'documentation (RFC 9637)'],
  ['5f00::/16', 'segment routing SIDs (RFC 9602)'],
  ['fc00::/7', 'unique local (RFC 4193)'],
  ['fe80::/10', 'link-local (RFC 4291)'],
  ['fec0::/10', 'site-local, deprecated (RFC 3879)'],
  ['ff00::/8', 'multicast (RFC 4291)'],
])

/** Public hosts' IPv6 addresses are global unicast (IANA IPv6 Address Space); the rest is reserved, local or multicast. */
const GLOBAL_UNICAST = toIpRange('2000::/3')

/** The special-purpose range `address` (bytes) lies in, the most specific first; undefined for a public address. */
export function getSpecialPurposeRange(address: Uint8Array): SpecialPurposeRange | undefined {
  const ranges = address.length === 4 ? SPECIAL_PURPOSE_IPV4_RANGES : SPECIAL_PURPOSE_IPV6_RANGES
  const matches = ranges.filter((range) => isInIpRange(address, range))
  const [mostSpecific] = matches.sort((a, b) => b.prefixLength - a.prefixLength)
  if (mostSpecific) return mostSpecific
  if (address.length === 16 && !isInIpRange(address, GLOBAL_UNICAST))
    return { ...GLOBAL_UNICAST, cidr: 'outside 2000::/3', name: 'not global unicast' }
  return undefined
}
