/**
 * What an SDK suite in another language cannot make itself, served over HTTP on 127.0.0.1: fresh
 * localnet transactions built with @solana/kit as the e2e tests build them (a Python suite has no
 * ed25519 signer of its own), a wallet whose balance the harness can spend (to change what a
 * watched simulation reads), and a cut of the TCP proxy between the SDK and the service (so the
 * stream's socket drops as on a network failure, while the service keeps running).
 *
 * POST /transactions/unsigned, /transactions/signed → {transaction}
 * POST /wallets → {transaction, wallet}: an unsigned transfer from a funded wallet kept here
 * POST /wallets/drain {wallet} → {signature}: the wallet's whole balance sent elsewhere, signed
 * POST /proxy/cut → {cut: true}: every proxied connection dropped, the proxy listening again
 */
import { createServer, type IncomingMessage } from 'node:http'
import { generateKeyPairSigner, type KeyPairSigner } from '@solana/kit'
import type { Test } from 'tap'
import { createExampleTransfer } from '../../localnet/example/transfer-transaction.js'
import { buildTransfer, toBase64 } from './localnet-transactions.js'
import type { TcpProxy } from './tcp-proxy.js'

const AIRDROP_LAMPORTS = 2_000_000_000
const FEE_LAMPORTS = 5_000n

export interface SdkFixtureServer {
  url: string
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  let text = ''
  for await (const chunk of request) text += String(chunk)
  return text ? (JSON.parse(text) as Record<string, unknown>) : {}
}

/** Serves the fixtures until `t` ends; `rpcUrl` is the service's localnet, `proxy` the one the SDK's stream goes through. */
export async function startSdkFixtureServer(t: Test, options: { rpcUrl: string; proxy: TcpProxy }): Promise<SdkFixtureServer> {
  const wallets = new Map<string, KeyPairSigner>()
  const rpc = async <T>(method: string, params: unknown[]): Promise<T> => {
    const response = await fetch(options.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    })
    const body = (await response.json()) as { result?: T; error?: unknown }
    if (body.error !== undefined) throw new Error(`${method}: ${JSON.stringify(body.error)}`)
    return body.result as T
  }
  const getBlockhash = async () => (await rpc<{ value: { blockhash: string } }>('getLatestBlockhash', [])).value.blockhash

  const routes: Record<string, (body: Record<string, unknown>) => Promise<unknown>> = {
    '/transactions/unsigned': async () => ({ transaction: await createExampleTransfer(options.rpcUrl, AbortSignal.timeout(10_000)) }),
    '/transactions/signed': async () => ({ transaction: await createExampleTransfer(options.rpcUrl, AbortSignal.timeout(10_000), true) }),
    '/wallets': async () => {
      const [wallet, recipient] = await Promise.all([generateKeyPairSigner(), generateKeyPairSigner()])
      await rpc('requestAirdrop', [wallet.address, AIRDROP_LAMPORTS])
      wallets.set(wallet.address, wallet)
      const bytes = await buildTransfer({
        from: wallet,
        to: recipient.address,
        lamports: 1_000_000n,
        blockhash: await getBlockhash(),
        sign: false,
      })
      return { transaction: toBase64(bytes), wallet: wallet.address }
    },
    '/wallets/drain': async (body) => {
      const wallet = wallets.get(String(body.wallet))
      if (!wallet) throw new Error(`unknown wallet ${String(body.wallet)}`)
      // At processed: the wallet's airdrop is seconds old, and finalized (a read's default) would
      // not see it yet (the drain would send a negative amount).
      const balance = BigInt((await rpc<{ value: number }>('getBalance', [wallet.address, { commitment: 'processed' }])).value)
      const sink = await generateKeyPairSigner()
      const bytes = await buildTransfer({
        from: wallet,
        to: sink.address,
        lamports: balance - FEE_LAMPORTS,
        blockhash: await getBlockhash(),
      })
      const signature = await rpc<string>('sendTransaction', [toBase64(bytes), { encoding: 'base64', skipPreflight: true }])
      return { signature }
    },
    '/proxy/cut': async () => {
      await options.proxy.cut()
      await options.proxy.restore()
      return { cut: true }
    },
  }

  const server = createServer((request, response) => {
    const route = routes[request.url ?? '']
    if (request.method !== 'POST' || !route) {
      response.writeHead(404).end()
      return
    }
    readJson(request)
      .then(route)
      .then(
        (answer) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer)),
        (error: unknown) => response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error)),
      )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())))
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('no port')
  return { url: `http://127.0.0.1:${address.port}` }
}
