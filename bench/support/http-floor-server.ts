/**
 * The HTTP floor: a bare node:http server on loopback that reads the request body and answers a
 * fixed, pre-serialized JSON body (the REST path's own response bytes). Timed with the same client
 * and the same request bodies, it is the cost of HTTP/1.1 + loopback + the client alone.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface HttpFloorServer {
  readonly port: number
  /** Sets the bytes every request is answered with. */
  setResponse(body: Buffer): void
  close(): Promise<void>
}

/** Starts the server on 127.0.0.1 and a free port. */
export async function createHttpFloorServer(): Promise<HttpFloorServer> {
  let response: Buffer = Buffer.from('{}')
  let headers = { 'content-type': 'application/json; charset=utf-8', 'content-length': String(response.length) }
  const server: Server = createServer((req, res) => {
    req.on('data', () => undefined)
    req.on('end', () => {
      res.writeHead(200, headers)
      res.end(response)
    })
  })
  // Rounds of other paths run between this path's rounds: keep the idle connection open.
  server.keepAliveTimeout = 120_000
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  return {
    port: (server.address() as AddressInfo).port,
    setResponse(body) {
      response = body
      headers = { 'content-type': 'application/json; charset=utf-8', 'content-length': String(body.length) }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
