/**
 * A bundle relay for the relay client and queue tests: a real HTTP server on 127.0.0.1:0 that
 * speaks the Jito block engine's JSON-RPC (the methods the engine calls, minimally) and enforces
 * its own rate limit the way Jito does — HTTP 429 with code -32097 for a call past `ratePerSecond`
 * calls in the last second — recording when every call arrived.
 *
 * It stands in only until the localnet relay (localnet/relay/) lands: the tests use it through
 * `StandInRelay` (a URL, the recorded calls, close), which the localnet relay can serve the same
 * way. Transactions are read with kit, so tests send real signed transactions, as they will to it.
 */
import { createHash } from 'node:crypto'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { performance } from 'node:perf_hooks'
import { getBase58Decoder, getBase64Encoder, getTransactionDecoder } from '@solana/kit'
import type { Test } from 'tap'

/** Jito's mainnet tip accounts. */
export const JITO_TIP_ACCOUNTS = [
  '96gYZGLnJYVFmbjzopPSU6QiEV5fGqZNyN9nmNhvrZU5',
  'HFqU5x63VTqvQss8hp11i4wVV8bD44PvwucfZ2bU7gRe',
  'Cw8CFyM9FkoMi7K7Crf6HNQqf4uEMzpKw6QNghXLvLkY',
  'ADaUMid9yfUytqMBgopwjb2DTLSokTSzL1zt6iGPaS49',
  'DfXygSm4jCyNCybVYYK6DwvWqjKee8pbDmJGcLWNDXjh',
  'ADuUkR4vqLUMWXxW9gh6D6L8pMSawimctcNZ5pGwDcEt',
  'DttWaMuVvTiduZRnguLF7jNxTgiMBZ1hyAumKUiL2KRL',
  '3AVi9Tg9Uo68tJfuvoKvqKNWKkC5wPdSSdeBnizKZ6jT',
] as const

const RATE_LIMITED_BODY = JSON.stringify({
  jsonrpc: '2.0',
  error: { code: -32097, message: 'Rate limit exceeded. Limit: 1 per second for txn requests' },
  id: 1,
})

export interface RelayCall {
  method: string
  path: string
  query: URLSearchParams
  params: unknown[]
  headers: IncomingHttpHeaders
  /** When the request arrived (performance.now(), ms). */
  atMs: number
  /** The HTTP status it was answered with. */
  status: number
}

/** A raw answer that replaces the relay's own (garbage, an outage, a forced 429). */
export interface RawAnswer {
  status: number
  body: string
  headers?: Record<string, string>
}

export interface StandInRelayOptions {
  /** Calls the relay answers in any second; past it, 429. */
  ratePerSecond: number
  /** Replaces the answer to a call when it returns one (called after the rate limit let the call through). */
  answer?: (call: { method: string; params: unknown[]; index: number }) => RawAnswer | undefined
  /** Answers only after this long (a slow relay). */
  delayMs?: number
}

export interface StandInRelay {
  url: string
  /** Every call, in arrival order. */
  calls: RelayCall[]
  /** Marks a sent bundle landed (statuses then say so). */
  land(bundleId: string, slot: number): void
  close(): Promise<void>
}

const base58 = getBase58Decoder()
const base64 = getBase64Encoder()
const transactionDecoder = getTransactionDecoder()

/** The first signature (base58) of a base64 wire transaction. */
function getFirstSignature(wireBase64: string): string {
  const transaction = transactionDecoder.decode(base64.encode(wireBase64))
  const [signature] = Object.values(transaction.signatures)
  if (!signature) throw new Error('unsigned transaction')
  return base58.decode(signature)
}

/** Jito's derive_bundle_id, written out here rather than imported from the code under test. */
function toBundleId(signatures: string[]): string {
  return createHash('sha256').update(signatures.join(',')).digest('hex')
}

/** The most calls in any 1-second window (half-open), by arrival time. */
export function getMaxCallsPerSecond(calls: readonly RelayCall[]): number {
  const times = calls.map((call) => call.atMs).sort((a, b) => a - b)
  let max = 0
  let start = 0
  for (let end = 0; end < times.length; end++) {
    while (times[end]! - times[start]! >= 1000) start++
    max = Math.max(max, end - start + 1)
  }
  return max
}

/** Starts the relay; closed at the end of `t`. */
export async function startStandInRelay(t: Test, options: StandInRelayOptions): Promise<StandInRelay> {
  const calls: RelayCall[] = []
  const accepted: number[] = []
  const bundles = new Map<string, { signatures: string[]; landedSlot: number | null }>()
  let index = 0

  const server = createServer((request, response) => {
    const atMs = performance.now()
    const url = new URL(request.url ?? '/', 'http://relay')
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      let method = ''
      let params: unknown[] = []
      let id: unknown = null
      try {
        const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { method: string; params?: unknown[]; id: unknown }
        method = parsed.method
        params = parsed.params ?? []
        id = parsed.id
      } catch {
        // answered below as an invalid request
      }
      const call: RelayCall = { method, path: url.pathname, query: url.searchParams, params, headers: request.headers, atMs, status: 200 }
      calls.push(call)
      const send = (answer: RawAnswer) => {
        call.status = answer.status
        const write = () => {
          response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers })
          response.end(answer.body)
        }
        if (options.delayMs) setTimeout(write, options.delayMs).unref()
        else write()
      }
      // The rate limit counts the calls it let through in the last second, as Jito's does.
      while (accepted.length > 0 && atMs - accepted[0]! >= 1000) accepted.shift()
      if (accepted.length >= options.ratePerSecond) return send({ status: 429, body: RATE_LIMITED_BODY })
      accepted.push(atMs)
      const forced = options.answer?.({ method, params, index: index++ })
      if (forced) return send(forced)
      const result = (value: unknown, headers?: Record<string, string>) =>
        send({ status: 200, body: JSON.stringify({ jsonrpc: '2.0', result: value, id }), headers })
      const error = (code: number, message: string) =>
        send({ status: 200, body: JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id }) })
      const ids = Array.isArray(params[0]) ? (params[0] as string[]) : []
      const context = { slot: 1 }
      const onBundles = url.pathname === '/api/v1/bundles'
      if (onBundles && method === 'sendBundle') {
        const signatures = (params[0] as string[]).map(getFirstSignature)
        const bundleId = toBundleId(signatures)
        bundles.set(bundleId, { signatures, landedSlot: null })
        return result(bundleId)
      }
      if (onBundles && (method === 'getInflightBundleStatuses' || method === 'getBundleStatuses')) {
        if (ids.length === 0 || ids.length > 5) return error(-32602, 'bundle_ids must hold 1 to 5 ids')
        if (method === 'getBundleStatuses') {
          const value = ids.map((bundleId) => {
            const bundle = bundles.get(bundleId)
            if (bundle?.landedSlot == null) return null
            const landed = { slot: bundle.landedSlot, confirmation_status: 'confirmed', err: { Ok: null } }
            return { bundle_id: bundleId, transactions: bundle.signatures, ...landed }
          })
          return result({ context, value })
        }
        const value = ids.map((bundleId) => {
          const bundle = bundles.get(bundleId)
          if (!bundle) return { bundle_id: bundleId, status: 'Invalid', landed_slot: null }
          return { bundle_id: bundleId, status: bundle.landedSlot === null ? 'Pending' : 'Landed', landed_slot: bundle.landedSlot }
        })
        return result({ context, value })
      }
      if (onBundles && method === 'getTipAccounts') return result(JITO_TIP_ACCOUNTS)
      if (url.pathname === '/api/v1/transactions' && method === 'sendTransaction') {
        const signature = getFirstSignature(params[0] as string)
        if (url.searchParams.get('bundleOnly') !== 'true') return result(signature)
        const bundleId = toBundleId([signature])
        bundles.set(bundleId, { signatures: [signature], landedSlot: null })
        return result(signature, { 'x-bundle-id': bundleId })
      }
      return error(-32601, `Method not found: ${method} on ${url.pathname}`)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    })
  t.teardown(close)
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    land(bundleId, slot) {
      const bundle = bundles.get(bundleId)
      if (!bundle) throw new Error(`no such bundle: ${bundleId}`)
      bundle.landedSlot = slot
    },
    close,
  }
}
