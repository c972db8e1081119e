/**
 * How long our HTTP servers keep a keep-alive connection that sits idle: the edge's default
 * (KEEP_ALIVE_TIMEOUT_MS) and localnet's JSON-RPC and relay. Above the 60 s of common load
 * balancers and every client's own idle limit, so the client is the one that closes, as against an
 * RPC node. Node's default, 5 s, races the clients: undici (kit, `fetch`) reuses an idle socket for
 * about as long, and a request written just as the server closes the socket fails with ECONNRESET
 * (nodejs/undici#3141; seen in CI on a kit call to localnet).
 */
import type { Server } from 'node:http'

export const IDLE_KEEP_ALIVE_MS = 72_000

/** Keeps `server`'s idle keep-alive connections for IDLE_KEEP_ALIVE_MS. */
export function keepIdleConnections(server: Server): void {
  server.keepAliveTimeout = IDLE_KEEP_ALIVE_MS
}
