/**
 * The IPv4 addresses an IPv6 address carries inside it: a packet to such an IPv6 address may end up
 * at that IPv4 host (the kernel, a NAT64 translator, a 6to4 or Teredo relay, an ISATAP tunnel), so
 * the webhook URL policy judges them as well as the IPv6 address itself.
 */
import { isInIpRange, toIpRange } from './ip-address.js'

export interface EmbeddedIpv4 {
  /** Which form carries it. */
  form:
    | 'ipv4-mapped'
    | 'ipv4-compatible'
    | 'ipv4-translated'
    | 'nat64'
    | 'nat64-local-use'
    | '6to4'
    | 'teredo-server'
    | 'teredo-client'
    | 'isatap'
  address: Uint8Array
}

const MAPPED = toIpRange('::ffff:0:0/96')
/** SIIT's "IPv4-translated" form (RFC 2765), ::ffff:0:a.b.c.d. */
const TRANSLATED = toIpRange('::ffff:0:0:0/96')
/** Deprecated (RFC 4291 2.5.5.1): ::a.b.c.d. */
const COMPATIBLE = toIpRange('::/96')
const NAT64_WELL_KNOWN = toIpRange('64:ff9b::/96')
const NAT64_LOCAL_USE = toIpRange('64:ff9b:1::/48')
const SIX_TO_FOUR = toIpRange('2002::/16')
const TEREDO = toIpRange('2001::/32')

/**
 * Where RFC 6052 puts the IPv4 address under a /48, /56, /64 and /96 prefix (bits 64–71, the "u"
 * octet, are skipped). A local-use NAT64 prefix (RFC 8215) may be any of these lengths inside
 * 64:ff9b:1::/48, so each placement is a candidate.
 */
const RFC6052_PLACEMENTS: readonly (readonly number[])[] = [
  [6, 7, 9, 10],
  [7, 9, 10, 11],
  [9, 10, 11, 12],
  [12, 13, 14, 15],
]

const pick = (address: Uint8Array, indexes: readonly number[]) => Uint8Array.from(indexes.map((index) => address[index] ?? 0))

/** Whether bytes 8–11 are an ISATAP interface identifier (RFC 5214: 00-00-5E-FE, with the u/g bits free). */
function isIsatapInterfaceId(address: Uint8Array): boolean {
  return ((address[8] ?? 0xff) & 0xfc) === 0 && address[9] === 0 && address[10] === 0x5e && address[11] === 0xfe
}

/** Every IPv4 address `address` (16 bytes) carries, by the forms above; none for an ordinary IPv6 address. */
export function getEmbeddedIpv4Addresses(address: Uint8Array): EmbeddedIpv4[] {
  if (address.length !== 16) return []
  const low32 = address.slice(12, 16)
  if (isInIpRange(address, MAPPED)) return [{ form: 'ipv4-mapped', address: low32 }]
  if (isInIpRange(address, TRANSLATED)) return [{ form: 'ipv4-translated', address: low32 }]
  if (isInIpRange(address, COMPATIBLE)) return [{ form: 'ipv4-compatible', address: low32 }]
  if (isInIpRange(address, NAT64_WELL_KNOWN)) return [{ form: 'nat64', address: low32 }]
  if (isInIpRange(address, NAT64_LOCAL_USE)) {
    return RFC6052_PLACEMENTS.map((indexes) => ({ form: 'nat64-local-use' as const, address: pick(address, indexes) }))
  }
  if (isInIpRange(address, SIX_TO_FOUR)) return [{ form: '6to4', address: address.slice(2, 6) }]
  if (isInIpRange(address, TEREDO)) {
    // The client's public address is stored with every bit flipped (RFC 4380 4), so it survives NATs that rewrite addresses in payloads.
    return [
      { form: 'teredo-server', address: address.slice(4, 8) },
      { form: 'teredo-client', address: low32.map((byte) => byte ^ 0xff) },
    ]
  }
  if (isIsatapInterfaceId(address)) return [{ form: 'isatap', address: low32 }]
  return []
}
