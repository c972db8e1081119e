/**
 * A TCP proxy in front of a real server (on a TCP port, or a Unix socket: the embedded database's),
 * which a test can cut (every connection dropped, the port closed) and restore on the same port: a
 * network outage between two real parts, without stopping either of them.
 */
import { createServer, connect, type Server, type Socket } from 'node:net'
import type { Test } from 'tap'

export interface TcpProxy {
  readonly url: string
  readonly port: number
  /** Client connections open now, and the most open at once so far. */
  readonly openConnections: number
  readonly peakConnections: number
  /** Drops every connection and stops listening. */
  cut(): Promise<void>
  /** Listens again on the same port. */
  restore(): Promise<void>
}

/** Proxies 127.0.0.1:<free port> to `target` (host:port, or a Unix socket's path) until the test ends. */
export async function startTcpProxy(t: Test, target: { host: string; port: number } | { path: string }): Promise<TcpProxy> {
  const sockets = new Set<Socket>()
  let server: Server | undefined
  let port = 0
  let openConnections = 0
  let peakConnections = 0

  async function listen(): Promise<void> {
    const next = createServer((client) => {
      openConnections++
      peakConnections = Math.max(peakConnections, openConnections)
      client.on('close', () => openConnections--)
      const upstream = connect(target)
      for (const socket of [client, upstream]) {
        sockets.add(socket)
        socket.on('close', () => sockets.delete(socket))
        socket.on('error', () => {
          client.destroy()
          upstream.destroy()
        })
      }
      client.pipe(upstream)
      upstream.pipe(client)
    })
    await new Promise<void>((resolve, reject) => {
      next.once('error', reject)
      next.listen(port, '127.0.0.1', () => resolve())
    })
    port = (next.address() as { port: number }).port
    server = next
  }

  async function cut(): Promise<void> {
    const closing = server
    server = undefined
    for (const socket of sockets) socket.destroy()
    sockets.clear()
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()))
  }

  await listen()
  t.teardown(cut)
  return {
    get url() {
      return `http://127.0.0.1:${port}`
    },
    get openConnections() {
      return openConnections
    },
    get peakConnections() {
      return peakConnections
    },
    get port() {
      return port
    },
    cut,
    restore: listen,
  }
}
