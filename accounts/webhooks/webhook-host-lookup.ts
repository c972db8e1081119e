/**
 * Resolves a webhook URL's host name to all its addresses, through c-ares (dns.Resolver): queries
 * on the event loop's own sockets, not getaddrinfo (dns.lookup) on libuv's thread pool. There a
 * name whose DNS never answers holds a thread for as long as the system resolver retries, well
 * past the POST's timeout, and libuv runs DNS on at most half the pool (2 of 4 threads): two such
 * names stall every other lookup of the process (other tenants', the database's, Redis's,
 * Stripe's) and leave file I/O (the history journal) half the pool. Here a resolution holds a
 * socket, and ends when its caller's signal does (the delivery's timeout).
 *
 * Names are resolved as written: no /etc/hosts, no search domains. The special-use names of
 * RFC 6761 are answered without a query, as that RFC asks of resolver libraries: `localhost` and
 * `*.localhost` are loopback, `invalid` and `*.invalid` never exist.
 */
import { Resolver } from 'node:dns/promises'

export interface ResolvedAddress {
  address: string
  family: 4 | 6
}

/** All the addresses of `host`; rejects when it has none, or when `signal` aborts first. */
export type WebhookHostLookup = (host: string, signal?: AbortSignal) => Promise<ResolvedAddress[]>

export interface WebhookHostLookupOptions {
  /** DNS servers (`ip` or `ip:port`); default: the system's (/etc/resolv.conf). Tests point it at a fake server. */
  servers?: readonly string[]
  /** How long a server is given on the first try; c-ares doubles it on each next round. */
  tryTimeoutMs?: number
  /** Rounds over the servers before giving up. */
  tries?: number
}

/** A first try of 1 s, then 2 s: a slow but working DNS gets its answer through, a dead one is given up within the POST's 5 s. */
const DEFAULT_TRY_TIMEOUT_MS = 1_000
const DEFAULT_TRIES = 2

const LOOPBACK: readonly ResolvedAddress[] = [
  { address: '127.0.0.1', family: 4 },
  { address: '::1', family: 6 },
]

/** The error a name without addresses rejects with, as node:dns names it. */
function createNotFoundError(host: string): Error {
  return Object.assign(new Error(`${host} does not resolve`), { code: 'ENOTFOUND', hostname: host })
}

/** Whether `host` (lower case, without a trailing dot) is `zone` or lies under it. */
function isInZone(host: string, zone: string): boolean {
  return host === zone || host.endsWith(`.${zone}`)
}

/** Whether a failed query only says the name has no address of that family (NODATA) or does not exist (NXDOMAIN). */
function isNoAddress(reason: unknown): boolean {
  const code = (reason as { code?: unknown } | null)?.code
  return code === 'ENODATA' || code === 'ENOTFOUND'
}

/** Creates a lookup resolving A and AAAA records through c-ares, each resolution bounded by its caller's signal. */
export function createWebhookHostLookup(options: WebhookHostLookupOptions = {}): WebhookHostLookup {
  const tryTimeoutMs = options.tryTimeoutMs ?? DEFAULT_TRY_TIMEOUT_MS
  const tries = options.tries ?? DEFAULT_TRIES
  return async (host, signal) => {
    const name = host.toLowerCase().replace(/\.$/, '')
    if (isInZone(name, 'localhost')) return [...LOOPBACK]
    if (isInZone(name, 'invalid')) throw createNotFoundError(host)
    signal?.throwIfAborted()
    // A resolver per resolution: cancel() ends every query of its resolver, and only these are this caller's.
    const resolver = new Resolver({ timeout: tryTimeoutMs, tries })
    if (options.servers) resolver.setServers([...options.servers])
    const cancel = () => resolver.cancel()
    signal?.addEventListener('abort', cancel, { once: true })
    try {
      const [ipv4, ipv6] = await Promise.allSettled([resolver.resolve4(host), resolver.resolve6(host)])
      const addresses: ResolvedAddress[] = [
        ...(ipv4.status === 'fulfilled' ? ipv4.value.map((address) => ({ address, family: 4 as const })) : []),
        ...(ipv6.status === 'fulfilled' ? ipv6.value.map((address) => ({ address, family: 6 as const })) : []),
      ]
      // One family answered: its addresses are enough (every one of them is checked before use).
      if (addresses.length > 0) return addresses
      signal?.throwIfAborted()
      const failure = [ipv4, ipv6].find((result) => result.status === 'rejected' && !isNoAddress(result.reason))
      throw failure?.status === 'rejected' ? failure.reason : createNotFoundError(host)
    } finally {
      signal?.removeEventListener('abort', cancel)
    }
  }
}
