/**
 * How a configured endpoint is named wherever it can be seen — answers (/health, the engine's
 * Health RPC, tracking records), log lines, error messages: by its host (and port) only. Its URL
 * may carry a credential in any other part: userinfo (`https://user:pass@host`), the path (providers
 * that put the API token there, `https://host/<token>`) or the query (`?api-key=…`, `?x-token=…`).
 */

/** Only the host (and port) of an endpoint URL; `endpoint` when there is none to show (not a URL, or `host:port` without a scheme). */
export function toEndpointHost(url: string): string {
  try {
    // `host:port` parses with `host:` as its scheme and an empty host: nothing safe to show.
    return new URL(url).host || 'endpoint'
  } catch {
    return 'endpoint'
  }
}
