/**
 * IP addresses as bytes (4 for IPv4, 16 for IPv6) and CIDR ranges over them, so the webhook URL
 * policy compares what a socket would connect to, whatever the spelling: `::ffff:127.0.0.1`,
 * `::ffff:7f00:1` and `0:0:0:0:0:ffff:7f00:1` are one address.
 */
import { isIP } from 'node:net'

export interface IpRange {
  /** The network's bytes (4 or 16). */
  network: Uint8Array
  prefixLength: number
  /** As written, e.g. `192.0.2.0/24`. */
  cidr: string
}

function toIpv4Bytes(text: string): Uint8Array {
  return Uint8Array.from(text.split('.').map(Number))
}

function toIpv6Bytes(text: string): Uint8Array {
  // A trailing dotted quad (`::ffff:1.2.3.4`) is the last two groups.
  const dotted = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(text)
  let groupsText = text
  let tail: number[] = []
  if (dotted?.[1] && dotted[2]) {
    const [a = 0, b = 0, c = 0, d = 0] = toIpv4Bytes(dotted[2])
    groupsText = dotted[1].endsWith('::') ? dotted[1] : dotted[1].slice(0, -1)
    tail = [(a << 8) | b, (c << 8) | d]
  }
  const [head = '', rest] = groupsText.split('::')
  const toGroups = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)))
  const before = toGroups(head)
  const after = [...(rest === undefined ? [] : toGroups(rest)), ...tail]
  const groups =
    rest === undefined ? [...before, ...after] : [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after]
  const bytes = new Uint8Array(16)
  groups.forEach((group, index) => {
    bytes[index * 2] = group >> 8
    bytes[index * 2 + 1] = group & 0xff
  })
  return bytes
}

/** The bytes of an IPv4 or IPv6 address in text (a zone, `%eth0`, is dropped); null when it is not one. */
export function toIpAddressBytes(text: string): Uint8Array | null {
  const address = text.replace(/%.*$/, '')
  const version = isIP(address)
  if (version === 4) return toIpv4Bytes(address)
  if (version === 6) return toIpv6Bytes(address)
  return null
}

/** A range from `network/prefixLength` text; throws on a malformed one (the tables are constants). */
export function toIpRange(cidr: string): IpRange {
  const [address = '', prefix = ''] = cidr.split('/')
  const network = toIpAddressBytes(address)
  const prefixLength = Number(prefix)
  if (!network || !Number.isInteger(prefixLength) || prefixLength < 0 || prefixLength > network.length * 8) {
    throw new Error(`not a CIDR range: ${cidr}`)
  }
  return { network, prefixLength, cidr }
}

/** Whether `address` (bytes) lies in `range`; an IPv4 address is never in an IPv6 range, nor the reverse. */
export function isInIpRange(address: Uint8Array, range: IpRange): boolean {
  if (address.length !== range.network.length) return false
  const fullBytes = range.prefixLength >> 3
  for (let index = 0; index < fullBytes; index++) if (address[index] !== range.network[index]) return false
  const bits = range.prefixLength & 7
  if (bits === 0) return true
  const mask = (0xff << (8 - bits)) & 0xff
  return ((address[fullBytes] ?? 0) & mask) === ((range.network[fullBytes] ?? 0) & mask)
}

/** The address as a map key: its bytes in hex (one key per address, whatever the spelling). */
export function toIpAddressKey(address: Uint8Array): string {
  return Buffer.from(address).toString('hex')
}
