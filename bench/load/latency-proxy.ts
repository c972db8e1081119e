/**
 * A JSON-RPC proxy that holds every request `latencyMs` before passing it on: a remote RPC node's
 * round trip, in front of localnet. It counts what it forwards, by method.
 */
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface LatencyProxy {
  /** http://127.0.0.1:port */
  readonly url: string
  /** Requests forwarded, by JSON-RPC method. */
  readonly methods: ReadonlyMap<string, number>
  close(): Promise<void>
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

function getMethod(body: Buffer): string {
  try {
    const parsed = JSON.parse(body.toString('utf8')) as { method?: unknown } | Array<{ method?: unknown }>
    const method = Array.isArray(parsed) ? 'batch' : parsed.method
    return typeof method === 'string' ? method : 'unknown'
  } catch {
    return 'unparsable'
  }
}

/** Starts the proxy on a free loopback port, forwarding to `upstream`. */
export async function startLatencyProxy(upstream: string, latencyMs: number): Promise<LatencyProxy> {
  const methods = new Map<string, number>()
  const server = createServer((request, response) => {
    void (async () => {
      try {
        const body = await readBody(request)
        const method = getMethod(body)
        methods.set(method, (methods.get(method) ?? 0) + 1)
        await new Promise((resolve) => setTimeout(resolve, latencyMs))
        const answer = await fetch(upstream, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
        const text = Buffer.from(await answer.arrayBuffer())
        response.writeHead(answer.status, { 'content-type': 'application/json', 'content-length': text.length })
        response.end(text)
      } catch (error) {
        response.writeHead(502, { 'content-type': 'text/plain' })
        response.end(String(error))
      }
    })()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    methods,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
