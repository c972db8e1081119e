/**
 * Where webhooks may be sent (no SSRF): https only, to a host whose every address is public.
 * Loopback, private, CGNAT, unspecified and multicast addresses are refused unless private URLs
 * are allowed (WEBHOOK_ALLOW_PRIVATE_URLS, development and tests; http is then allowed too);
 * link-local addresses, cloud metadata among them, are refused always. Checked when an endpoint
 * is registered and again before every delivery, since a name may resolve elsewhere later.
 */
import { lookup as dnsLookup } from 'node:dns/promises'
import { BlockList, isIP } from 'node:net'
import { createServiceError } from '../../lib/errors.js'
import { MAX_WEBHOOK_URL_LENGTH } from './webhook-values.js'

export interface WebhookUrlPolicy {
  /** http and private or loopback addresses allowed (never link-local). */
  allowPrivateUrls: boolean
  /** Resolves a host to all its addresses (tests inject one); node:dns by default. */
  lookup?: (host: string) => Promise<{ address: string; family: number }[]>
}

const alwaysRefused = new BlockList()
alwaysRefused.addSubnet('169.254.0.0', 16, 'ipv4')
alwaysRefused.addSubnet('fe80::', 10, 'ipv6')

const privateRanges = new BlockList()
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['192.0.0.0', 24],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  privateRanges.addSubnet(net, prefix, 'ipv4')
}
privateRanges.addAddress('::', 'ipv6')
privateRanges.addAddress('::1', 'ipv6')
privateRanges.addSubnet('fc00::', 7, 'ipv6')
privateRanges.addSubnet('ff00::', 8, 'ipv6')

/** The IPv4 address an IPv4-mapped IPv6 address (::ffff:a.b.c.d) stands for, else the address itself. */
function toComparableAddress(address: string): { address: string; type: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped?.[1]) return { address: mapped[1], type: 'ipv4' }
  return { address, type: isIP(address) === 4 ? 'ipv4' : 'ipv6' }
}

/** Why `address` may not receive webhooks, or null when it may. */
export function getRefusedAddressReason(address: string, allowPrivateUrls: boolean): string | null {
  const { address: comparable, type } = toComparableAddress(address)
  if (alwaysRefused.check(comparable, type)) return 'link-local and cloud-metadata addresses are refused'
  if (!allowPrivateUrls && privateRanges.check(comparable, type)) return 'must resolve to public addresses only'
  return null
}

const defaultLookup = (host: string) => dnsLookup(host, { all: true, verbatim: true })

/** Throws `validation_error` naming `url` unless `url` may receive webhooks now; answers the parsed URL. */
export async function assertWebhookUrl(url: unknown, policy: WebhookUrlPolicy): Promise<URL> {
  if (typeof url !== 'string' || url.length === 0) throw createServiceError('validation_error', 'url: must be a non-empty string')
  if (url.length > MAX_WEBHOOK_URL_LENGTH) {
    throw createServiceError('validation_error', `url: must have at most ${MAX_WEBHOOK_URL_LENGTH} characters`)
  }
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw createServiceError('validation_error', 'url: must be an absolute URL')
  }
  const schemes = policy.allowPrivateUrls ? ['https:', 'http:'] : ['https:']
  if (!schemes.includes(parsed.protocol))
    throw createServiceError('validation_error', `url: must use ${policy.allowPrivateUrls ? 'http or https' : 'https'}`)
  if (parsed.username !== '' || parsed.password !== '') throw createServiceError('validation_error', 'url: must not carry credentials')
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1')
  let addresses: { address: string }[]
  try {
    addresses = isIP(host) ? [{ address: host }] : await (policy.lookup ?? defaultLookup)(host)
  } catch {
    throw createServiceError('validation_error', 'url: the host does not resolve')
  }
  if (addresses.length === 0) throw createServiceError('validation_error', 'url: the host does not resolve')
  for (const { address } of addresses) {
    const reason = getRefusedAddressReason(address, policy.allowPrivateUrls)
    if (reason !== null) throw createServiceError('validation_error', `url: ${reason}`)
  }
  return parsed
}
