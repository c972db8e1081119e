/**
 * A JSON-RPC endpoint that accepts every sendTransaction and lands nothing: what a node that
 * drops a transaction (a full queue, a leader that never sees it) looks like from outside. It
 * answers the transaction's first signature, as a real node does, and counts what it received.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { toBase58 } from '../../lib/base58.js'

export interface BlackHoleRpc {
  url: string
  /** sendTransaction calls received. */
  readonly received: number
  /** sendTransaction calls received for the transaction whose first signature is `signature` (base58). */
  receivedOf(signature: string): number
  close(): Promise<void>
}

/** Starts the endpoint on a free port of 127.0.0.1. */
export async function startBlackHoleRpc(): Promise<BlackHoleRpc> {
  let received = 0
  const bySignature = new Map<string, number>()
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const call = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: number; method: string; params: [string] }
      response.setHeader('content-type', 'application/json')
      if (call.method !== 'sendTransaction') {
        response.end(JSON.stringify({ jsonrpc: '2.0', id: call.id, error: { code: -32601, message: 'Method not found' } }))
        return
      }
      received++
      const bytes = Buffer.from(call.params[0], 'base64')
      const signature = toBase58(bytes.subarray(1, 65))
      bySignature.set(signature, (bySignature.get(signature) ?? 0) + 1)
      response.end(JSON.stringify({ jsonrpc: '2.0', id: call.id, result: signature }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    get received() {
      return received
    },
    receivedOf: (signature) => bySignature.get(signature) ?? 0,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
