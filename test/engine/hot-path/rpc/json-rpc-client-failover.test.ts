// SOLANA_RPC_URLS are tried in order: a dead endpoint is skipped, a node's own error is an answer.
import t from 'tap'
import { createServer } from 'node:net'
import { createJsonRpcClient, JsonRpcResponseError } from '../../../../engine/hot-path/rpc/json-rpc-client.js'
import { isServiceError } from '../../../../lib/errors.js'
import { quietLogger, startStack } from '../../../helpers/stack.js'
import { readConfig } from '../../../../lib/config.js'
import { engineConfigSchema } from '../../../../engine/config.js'
import { createEngine } from '../../../../engine/engine.js'
import { buildTransaction, transferSol } from '../../../helpers/transactions.js'
import { DEMO_WALLETS } from '../../../../localnet/seed/demo-state.js'
import type { Address } from '@solana/kit'

/** A URL on which nothing listens: a port the OS handed out and took back. */
async function getDeadUrl(): Promise<string> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return `http://127.0.0.1:${port}`
}

t.test('a dead first URL is skipped; all dead is upstream_unavailable', async (t) => {
  const { localnet } = await startStack(t)
  const dead = await getDeadUrl()
  const client = createJsonRpcClient({ urls: [dead, localnet.rpcUrl], requestTimeoutMs: 1000 })
  t.type(await client.call<number>('getSlot', []), 'number')
  const allDead = createJsonRpcClient({ urls: [dead, dead], requestTimeoutMs: 1000 })
  const error = await allDead.call('getSlot', []).catch((e: unknown) => e)
  t.ok(isServiceError(error, 'upstream_unavailable'))
  t.match((error as Error).cause, /ECONNREFUSED|fetch failed/)
})

t.test("a node's JSON-RPC error is returned, not failed over", async (t) => {
  const { localnet } = await startStack(t)
  const client = createJsonRpcClient({ urls: [localnet.rpcUrl, await getDeadUrl()], requestTimeoutMs: 1000 })
  const error = await client.call('noSuchMethod', []).catch((e: unknown) => e)
  t.ok(error instanceof JsonRpcResponseError)
  t.equal((error as JsonRpcResponseError).code, -32601)
})

t.test('the engine simulates with a dead endpoint first in SOLANA_RPC_URLS', async (t) => {
  const { localnet, rpc } = await startStack(t)
  const config = readConfig(engineConfigSchema, { SOLANA_RPC_URLS: `${await getDeadUrl()},${localnet.rpcUrl}` })
  const engine = createEngine(config, quietLogger)
  await engine.start()
  t.teardown(() => engine.stop())
  const { value } = await rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
  const bytes = await buildTransaction({
    feePayer: DEMO_WALLETS[1] as Address,
    blockhash: value.blockhash,
    instructions: [transferSol(DEMO_WALLETS[1] as Address, DEMO_WALLETS[2] as Address, 1n)],
  })
  t.equal((await engine.simulate(bytes)).success, true)
})
