/**
 * The dashboard's Content-Security-Policy: scripts, styles and images only from the edge's own
 * origin (Vite emits no inline script), no plugins, no framing. Calls go to the edge itself
 * (REST and its WebSocket stream) and, when demos are on, to the chain's JSON-RPC the demo
 * transactions are built against.
 */
export function getDashboardContentSecurityPolicy(rpcUrl: string | undefined): string {
  const connect = ["'self'", ...(rpcUrl ? [new URL(rpcUrl).origin] : [])]
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    `connect-src ${connect.join(' ')}`,
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "manifest-src 'self'",
  ].join('; ')
}
