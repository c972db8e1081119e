/**
 * How the edge's HTTP server lets go of its kept-alive connections when it closes. Node's
 * `http.Server#close` closes every idle kept-alive socket at once, and "idle" includes a socket on
 * which the client is writing its next request right now: under load that client gets ECONNRESET
 * for a request it may never have been answered (the issue 28 probe saw 7–16 of them per SIGTERM).
 *
 * Instead the listener alone is closed first (new connections are refused before anything is sent,
 * which any client can retry elsewhere), and for a grace period every request that arrives on an
 * open connection is answered in full with `Connection: close` (the server's hooks add it), after
 * which the socket closes on its own. Only what is still open and idle once the grace has passed —
 * a client that sent nothing for that long — is closed under it.
 */
import type { Server } from 'node:http'
import { Server as NetServer, type Socket } from 'node:net'

export interface ConnectionDrain {
  /**
   * Stops accepting connections and resolves once every HTTP connection has closed, or `graceMs`
   * after the call, whichever comes first. Upgraded sockets (WebSockets) are the stream's to drain.
   */
  drain(): Promise<void>
}

/** Tracks `server`'s connections from now on; call before it listens. */
export function createConnectionDrain(server: Server, graceMs: number): ConnectionDrain {
  const open = new Set<Socket>()
  let drained: (() => void) | undefined
  server.on('connection', (socket: Socket) => {
    open.add(socket)
    socket.once('close', () => {
      open.delete(socket)
      if (open.size === 0) drained?.()
    })
  })
  server.on('upgrade', (_request: unknown, socket: Socket) => {
    open.delete(socket)
    if (open.size === 0) drained?.()
  })

  return {
    drain() {
      if (server.listening) {
        // net.Server#close only stops the listener; http.Server#close would also close the idle
        // connections at once, which is the race above. fastify's close calls it after the grace.
        NetServer.prototype.close.call(server)
      }
      if (open.size === 0 || graceMs === 0) return Promise.resolve()
      return new Promise<void>((resolve) => {
        const timer = setTimeout(finish, graceMs)
        function finish() {
          clearTimeout(timer)
          drained = undefined
          resolve()
        }
        drained = finish
      })
    },
  }
}
