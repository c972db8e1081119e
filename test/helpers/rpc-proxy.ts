/**
 * A JSON-RPC proxy in front of a test localnet: every request's body goes to `beforeForward` first,
 * and on to localnet once that settles, so a test can see what an engine asks for, and when, or hold
 * a request back.
 */
import { once } from 'node:events'
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Test } from 'tap'
import type { TestLocalnet } from './localnet-start.js'

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

/** Starts the proxy (closed at the test's end); resolves with its URL. */
export async function startRpcProxy(
  t: Test,
  localnet: TestLocalnet,
  beforeForward: (body: string) => void | Promise<void>,
): Promise<string> {
  const proxy = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request)
      await beforeForward(body)
      const upstream = await localnet.post(body)
      response.writeHead(upstream.status, { 'content-type': 'application/json' }).end(upstream.text)
    })()
  })
  proxy.listen(0, '127.0.0.1')
  await once(proxy, 'listening')
  t.teardown(() => new Promise<void>((resolve) => proxy.close(() => resolve())))
  return `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
}
