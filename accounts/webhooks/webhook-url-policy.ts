/**
 * Where webhooks may be sent (no SSRF): https only, to a host whose every address is public — not
 * in a special-purpose range (special-purpose-ranges.ts), not one of the host's own addresses, and
 * carrying no such IPv4 address inside an IPv6 one (embedded-ipv4.ts). Private URLs allowed
 * (WEBHOOK_ALLOW_PRIVATE_URLS, development and tests) lift all of that and allow http, except for
 * link-local and cloud-metadata addresses (cloud-metadata-ranges.ts), refused always. Checked when
 * an endpoint is registered and again at every delivery, when the socket connects
 * (webhook-sender.ts), since a name may resolve elsewhere later.
 */
import { lookup as dnsLookup } from 'node:dns/promises'
import { createServiceError } from '../../lib/errors.js'
import { getCloudMetadataRange } from './cloud-metadata-ranges.js'
import { getEmbeddedIpv4Addresses, type EmbeddedIpv4 } from './embedded-ipv4.js'
import { getHostAddresses } from './host-addresses.js'
import { toIpAddressBytes, toIpAddressKey } from './ip-address.js'
import { getSpecialPurposeRange } from './special-purpose-ranges.js'
import { MAX_WEBHOOK_URL_LENGTH } from './webhook-values.js'

export interface WebhookUrlPolicy {
  /** http and private, loopback and the host's own addresses allowed (never link-local or cloud metadata). */
  allowPrivateUrls: boolean
  /** Resolves a host to all its addresses (tests inject one); node:dns by default. */
  lookup?: (host: string) => Promise<{ address: string; family: number }[]>
  /** The host's own addresses (tests inject them); read from the interfaces at every check by default, as they may change. */
  getHostAddresses?: () => readonly string[]
}

const ALWAYS_REFUSED = 'link-local and cloud-metadata addresses are refused'
const NOT_PUBLIC = 'must resolve to public addresses only'
const HOST_OWN = "must not resolve to the service's own addresses"

/**
 * Whether `address` (bytes) is an ordinary public host. An IPv4 address spelled as IPv6 — mapped
 * (the kernel connects to the IPv4 host) or under NAT64's well-known prefix (what DNS64 answers on
 * an IPv6-only network) — is judged as that IPv4 address; every other form that carries one (6to4,
 * Teredo, …) is special-purpose and refused whatever it carries.
 */
function isPublicAddress(address: Uint8Array, embedded: readonly EmbeddedIpv4[]): boolean {
  const [only] = embedded
  const translated = embedded.length === 1 && (only?.form === 'ipv4-mapped' || only?.form === 'nat64')
  if (!translated && getSpecialPurposeRange(address) !== undefined) return false
  return embedded.every((inner) => getSpecialPurposeRange(inner.address) === undefined)
}

/** Why `address` may not receive webhooks under `policy`, or null when it may. */
export function getRefusedAddressReason(address: string, policy: Omit<WebhookUrlPolicy, 'lookup'>): string | null {
  const bytes = toIpAddressBytes(address)
  if (!bytes) return NOT_PUBLIC
  const embedded = getEmbeddedIpv4Addresses(bytes)
  const candidates = [bytes, ...embedded.map((inner) => inner.address)]
  if (candidates.some((candidate) => getCloudMetadataRange(candidate) !== undefined)) return ALWAYS_REFUSED
  if (policy.allowPrivateUrls) return null
  if (!isPublicAddress(bytes, embedded)) return NOT_PUBLIC
  const own = new Set(
    (policy.getHostAddresses ?? getHostAddresses)().flatMap((text) => {
      const hostAddress = toIpAddressBytes(text)
      return hostAddress ? [toIpAddressKey(hostAddress)] : []
    }),
  )
  if (candidates.some((candidate) => own.has(toIpAddressKey(candidate)))) return HOST_OWN
  return null
}

/** The host of `url` without IPv6 brackets. */
function getUrlHost(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1')
}

/**
 * Why `url` may not receive webhooks, from what the URL itself says (scheme, credentials, an
 * address literal), or null; a host name's addresses are checked when it is resolved.
 */
export function getRefusedUrlReason(url: URL, policy: Omit<WebhookUrlPolicy, 'lookup'>): string | null {
  const schemes = policy.allowPrivateUrls ? ['https:', 'http:'] : ['https:']
  if (!schemes.includes(url.protocol)) return `must use ${policy.allowPrivateUrls ? 'http or https' : 'https'}`
  if (url.username !== '' || url.password !== '') return 'must not carry credentials'
  const host = getUrlHost(url)
  // The URL parser has already turned decimal, octal and hex IPv4 spellings into dotted quads.
  return toIpAddressBytes(host) ? getRefusedAddressReason(host, policy) : null
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
  const refused = getRefusedUrlReason(parsed, policy)
  if (refused !== null) throw createServiceError('validation_error', `url: ${refused}`)
  const host = getUrlHost(parsed)
  if (toIpAddressBytes(host)) return parsed
  let addresses: { address: string }[]
  try {
    addresses = await (policy.lookup ?? defaultLookup)(host)
  } catch {
    throw createServiceError('validation_error', 'url: the host does not resolve')
  }
  if (addresses.length === 0) throw createServiceError('validation_error', 'url: the host does not resolve')
  for (const { address } of addresses) {
    const reason = getRefusedAddressReason(address, policy)
    if (reason !== null) throw createServiceError('validation_error', `url: ${reason}`)
  }
  return parsed
}
