/**
 * The endpoints a transaction is sent to: staked connections first (SEND_STAKED_RPC_URLS), then
 * public ones (SEND_RPC_URLS; the chain's JSON-RPC when both are unset). `sendTransaction` goes
 * with `skipPreflight` (the service just judged it) and `maxRetries: 0` (the service rebroadcasts
 * itself, to every endpoint, so a node's own retry queue adds nothing but duplicates).
 */
import { createServiceError } from '../../../lib/errors.js'
import { createJsonRpcClient, type JsonRpcClient } from '../../hot-path/rpc/json-rpc-client.js'
import { toEndpointHost } from '../../../lib/endpoint-host.js'
import { toRedactedText } from '../../../lib/redacted-text.js'

export interface SendAttempts {
  /** sendTransaction calls made (answered or not). */
  attempts: number
  /** Hosts that accepted it. */
  accepted: string[]
}

export interface SendEndpoints {
  /**
   * Sends to the endpoints in order, failing over on an error, at most `maxRetries` + 1 times in
   * all; throws `upstream_unavailable` naming what each endpoint answered when none accepted it.
   */
  sendFirst(base64: string, maxRetries: number): Promise<SendAttempts>
  /** Sends to every endpoint at once (a rebroadcast); errors only count. */
  broadcast(base64: string): Promise<SendAttempts>
  readonly hosts: readonly string[]
}

export interface SendEndpointsOptions {
  stakedUrls: readonly string[]
  publicUrls: readonly string[]
  requestTimeoutMs: number
}

interface Endpoint {
  host: string
  client: JsonRpcClient
}

const SEND_CONFIG = { encoding: 'base64', skipPreflight: true, maxRetries: 0 } as const

/** What the endpoint at `host` answered, without its URL (which may carry a key). */
function describe(error: unknown, host: string): string {
  const detail =
    error instanceof Error && typeof error.cause === 'string' ? error.cause : error instanceof Error ? error.message : String(error)
  // The client's failure list names its one endpoint first, as this message does already.
  const answer = detail.startsWith(`${host}: `) ? detail.slice(host.length + 2) : detail
  return toRedactedText(answer).slice(0, 200)
}

/** Creates the sender over the configured endpoints (one client each: fail-over is decided here, not inside a client). */
export function createSendEndpoints(options: SendEndpointsOptions): SendEndpoints {
  const urls = [...options.stakedUrls, ...options.publicUrls]
  if (urls.length === 0) throw new Error('at least one send endpoint is required')
  const endpoints: Endpoint[] = urls.map((url) => ({
    host: toEndpointHost(url),
    client: createJsonRpcClient({ urls: [url], requestTimeoutMs: options.requestTimeoutMs }),
  }))
  const sendTo = (endpoint: Endpoint, base64: string) => endpoint.client.call<string>('sendTransaction', [base64, SEND_CONFIG])

  return {
    hosts: endpoints.map((endpoint) => endpoint.host),
    async sendFirst(base64, maxRetries) {
      const answers: string[] = []
      let attempts = 0
      for (let i = 0; i <= maxRetries; i++) {
        const endpoint = endpoints[i % endpoints.length] as Endpoint
        attempts++
        try {
          await sendTo(endpoint, base64)
          return { attempts, accepted: [endpoint.host] }
        } catch (error) {
          answers.push(`${endpoint.host}: ${describe(error, endpoint.host)}`)
        }
      }
      throw createServiceError('upstream_unavailable', `No send endpoint accepted the transaction (${answers.join('; ')}).`)
    },
    async broadcast(base64) {
      const results = await Promise.allSettled(endpoints.map((endpoint) => sendTo(endpoint, base64)))
      const accepted: string[] = []
      results.forEach((result, index) => {
        if (result.status === 'fulfilled') accepted.push((endpoints[index] as Endpoint).host)
      })
      return { attempts: endpoints.length, accepted }
    },
  }
}
