/**
 * How long localnet's HTTP servers (JSON-RPC, the relay) keep a keep-alive connection that sits
 * idle. Node's default, 5 s, races the clients: undici (kit, `fetch`) reuses an idle socket for about
 * as long, and a request written just as the server closes the socket fails with ECONNRESET
 * (nodejs/undici#3141; seen in CI on a kit call). An RPC node keeps idle connections far longer, so
 * there the client is the one that closes; localnet does the same.
 */
import type { Server } from 'node:http'

/** Above the 60 s of common load balancers and every client's own idle limit (the edge uses the same). */
export const IDLE_KEEP_ALIVE_MS = 72_000

/** Keeps `server`'s idle keep-alive connections for IDLE_KEEP_ALIVE_MS. */
export function keepIdleConnections(server: Server): void {
  server.keepAliveTimeout = IDLE_KEEP_ALIVE_MS
}
