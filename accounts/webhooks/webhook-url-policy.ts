/**
 * Where webhooks may be sent (no SSRF): https only, to a host whose every address is public — not
 * in a special-purpose range (special-purpose-ranges.ts), not one of the host's own addresses, and
 * carrying no such IPv4 address inside an IPv6 one (embedded-ipv4.ts). Private URLs allowed
 * (WEBHOOK_ALLOW_PRIVATE_URLS, development and tests) lift all of that and allow http, except for
 * link-local and cloud-metadata addresses (cloud-metadata-ranges.ts), refused always. Checked when
 * an endpoint is registered and again at every delivery, when the socket connects
 * (webhook-sender.ts), since a name may resolve elsewhere later.
 */
import { createServiceError } from '../../lib/errors.js'
import { getCloudMetadataRange } from './cloud-metadata-ranges.js'
import { getEmbeddedIpv4Addresses, type EmbeddedIpv4 } from './embedded-ipv4.js'
import { getHostAddresses } from './host-addresses.js'
import { createWebhookHostLookup, type WebhookHostLookup } from './webhook-host-lookup.js'
import { toIpAddressBytes, toIpAddressKey } from './ip-address.js'
import { getSpecialPurposeRange } from './special-purpose-ranges.js'
import { MAX_WEBHOOK_URL_LENGTH } from '../contract/webhooks.js'

export interface WebhookUrlPolicy {
  /** http and private, loopback and the host's own addresses allowed (never link-local or cloud metadata). */
  allowPrivateUrls: boolean
  /** Resolves a host to all its addresses (tests inject one); c-ares on the system's DNS servers by default (webhook-host-lookup.ts). */
  lookup?: WebhookHostLookup
  /** The host's own addresses (tests inject them); read from the interfaces at every check by default, as they may change. */
  getHostAddresses?: () => readonly string[]
}

/** Told for an address written in the URL in a link-local or cloud-metadata range: the URL's text alone says so. */
const ALWAYS_REFUSED = 'link-local and cloud-metadata addresses are refused'
/**
 * Told, with private URLs off, for every host refused for where it resolves — a special-purpose
 * or metadata address, the service's own, or no address at all — and for an address literal
 * that is not public. One message whatever the reason: a different one per reason would let anyone
 * probe the service's DNS by registering URLs (which internal names exist, e.g.
 * `*.svc.cluster.local` or `metadata.google.internal`, and where they point). The reason is logged.
 */
export const WEBHOOK_URL_NOT_PUBLIC = 'must resolve to a public address on the internet'

/** Why an address is refused: `kind` decides what the registering user may be told, `reason` is for the log. */
export interface AddressRefusal {
  kind: 'metadata' | 'special-purpose' | 'own-address'
  reason: string
}

/** Why a URL is refused: `message` is what the registering user is told, `reason` is for the log. */
export interface UrlRefusal {
  message: string
  reason: string
}

/**
 * The special-purpose range that makes `address` (bytes) other than an ordinary public host, or
 * undefined. An IPv4 address spelled as IPv6 — mapped (the kernel connects to the IPv4 host) or
 * under NAT64's well-known prefix (what DNS64 answers on an IPv6-only network) — is judged as that
 * IPv4 address; every other form that carries one (6to4, Teredo, …) is special-purpose and refused
 * whatever it carries.
 */
function getNonPublicRange(address: Uint8Array, embedded: readonly EmbeddedIpv4[]) {
  const [only] = embedded
  const translated = embedded.length === 1 && (only?.form === 'ipv4-mapped' || only?.form === 'nat64')
  const own = translated ? undefined : getSpecialPurposeRange(address)
  return own ?? embedded.map((inner) => getSpecialPurposeRange(inner.address)).find((range) => range !== undefined)
}

/** Why `address` may not receive webhooks under `policy`, or null when it may. */
export function getAddressRefusal(address: string, policy: Omit<WebhookUrlPolicy, 'lookup'>): AddressRefusal | null {
  const bytes = toIpAddressBytes(address)
  if (!bytes) return { kind: 'special-purpose', reason: `${address}: not an IP address` }
  const embedded = getEmbeddedIpv4Addresses(bytes)
  const candidates = [bytes, ...embedded.map((inner) => inner.address)]
  const metadata = candidates.map(getCloudMetadataRange).find((range) => range !== undefined)
  if (metadata) return { kind: 'metadata', reason: `${address}: in ${metadata.cidr}, ${metadata.name}` }
  if (policy.allowPrivateUrls) return null
  const special = getNonPublicRange(bytes, embedded)
  if (special) return { kind: 'special-purpose', reason: `${address}: in ${special.cidr}, ${special.name}` }
  const own = new Set(
    (policy.getHostAddresses ?? getHostAddresses)().flatMap((text) => {
      const hostAddress = toIpAddressBytes(text)
      return hostAddress ? [toIpAddressKey(hostAddress)] : []
    }),
  )
  if (candidates.some((candidate) => own.has(toIpAddressKey(candidate))))
    return { kind: 'own-address', reason: `${address}: one of the service's own addresses` }
  return null
}

/** The host of `url` without IPv6 brackets. */
function getUrlHost(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1')
}

/**
 * Why `url` may not receive webhooks, from what the URL itself says (scheme, credentials, an
 * address literal), or null; a host name's addresses are checked when it is resolved. The message
 * is precise where the URL's text alone decides (anyone can tell an address is loopback or
 * metadata); a literal refused as one of the service's own addresses is a fact about the
 * service's network, and reads as any other address that is not public.
 */
export function getUrlRefusal(url: URL, policy: Omit<WebhookUrlPolicy, 'lookup'>): UrlRefusal | null {
  const schemes = policy.allowPrivateUrls ? ['https:', 'http:'] : ['https:']
  if (!schemes.includes(url.protocol)) {
    const message = `must use ${policy.allowPrivateUrls ? 'http or https' : 'https'}`
    return { message, reason: message }
  }
  if (url.username !== '' || url.password !== '') return { message: 'must not carry credentials', reason: 'carries credentials' }
  const host = getUrlHost(url)
  // The URL parser has already turned decimal, octal and hex IPv4 spellings into dotted quads.
  const refusal = toIpAddressBytes(host) ? getAddressRefusal(host, policy) : null
  if (!refusal) return null
  return { message: refusal.kind === 'metadata' ? ALWAYS_REFUSED : WEBHOOK_URL_NOT_PUBLIC, reason: refusal.reason }
}

const defaultLookup = createWebhookHostLookup()

/** How `policy` resolves host names. */
export function getWebhookHostLookup(policy: WebhookUrlPolicy): WebhookHostLookup {
  return policy.lookup ?? defaultLookup
}

/**
 * The longest a registration waits for a host name's addresses: within the 5 s an edge gives the
 * accounts service for a call, with room for the insert after it.
 */
const REGISTRATION_LOOKUP_TIMEOUT_MS = 3_000

/**
 * Throws `validation_error` naming `url` unless `url` may receive webhooks now; answers the parsed
 * URL. The error's cause says why, for the log (webhooks-service.ts); with private URLs off, a host
 * name refused for what it resolves to, or for resolving to nothing, is told WEBHOOK_URL_NOT_PUBLIC
 * whatever the reason. With them on (development) the user is the operator, and is told the reason.
 */
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
  const refused = getUrlRefusal(parsed, policy)
  if (refused !== null) throw createServiceError('validation_error', `url: ${refused.message}`, refused.reason)
  const host = getUrlHost(parsed)
  if (toIpAddressBytes(host)) return parsed
  const refuse = (precise: string, reason: string) =>
    createServiceError('validation_error', `url: ${policy.allowPrivateUrls ? precise : WEBHOOK_URL_NOT_PUBLIC}`, `${host}: ${reason}`)
  let addresses: { address: string }[]
  try {
    addresses = await getWebhookHostLookup(policy)(host, AbortSignal.timeout(REGISTRATION_LOOKUP_TIMEOUT_MS))
  } catch (error) {
    throw refuse('the host does not resolve', `does not resolve (${error instanceof Error ? error.message : String(error)})`)
  }
  if (addresses.length === 0) throw refuse('the host does not resolve', 'resolves to no address')
  for (const { address } of addresses) {
    const refusal = getAddressRefusal(address, policy)
    if (refusal !== null) throw refuse(ALWAYS_REFUSED, `resolves to ${refusal.reason}`)
  }
  return parsed
}
