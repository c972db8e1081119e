// timeout_ms bounds the wait for accounts the cache lacks: a node that never answers gives
// simulation_timeout within the deadline, not a hang.
import t from 'tap'
import { createServer, type Socket } from 'node:net'
import { generateKeyPairSigner } from '@solana/kit'
import { readConfig } from '../../../../lib/config.js'
import { isServiceError } from '../../../../lib/errors.js'
import { engineConfigSchema } from '../../../../engine/config.js'
import { createEngine } from '../../../../engine/engine.js'
import { quietLogger } from '../../../helpers/stack.js'
import { buildTransaction, transferSol } from '../../../helpers/transactions.js'

t.test('accounts that do not arrive in time give simulation_timeout', async (t) => {
  // Accepts connections and reads requests, but never answers.
  const sockets = new Set<Socket>()
  const blackHole = createServer((socket) => {
    sockets.add(socket)
    socket.on('data', () => undefined)
  })
  await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve))
  const { port } = blackHole.address() as { port: number }
  t.teardown(() => {
    for (const socket of sockets) socket.destroy()
    blackHole.close()
  })
  const engine = createEngine(
    readConfig(engineConfigSchema, { SOLANA_RPC_URLS: `http://127.0.0.1:${port}`, RPC_TIMEOUT_MS: '5000' }),
    quietLogger,
  )
  t.teardown(() => engine.stop())
  const payer = (await generateKeyPairSigner()).address
  const bytes = await buildTransaction({
    feePayer: payer,
    blockhash: '11111111111111111111111111111111',
    instructions: [transferSol(payer, (await generateKeyPairSigner()).address, 1n)],
  })
  const started = Date.now()
  const error = await engine.simulate(bytes, { timeoutMs: 100 }).catch((e: unknown) => e)
  const elapsedMs = Date.now() - started
  t.ok(isServiceError(error, 'simulation_timeout'), String(error))
  t.ok(elapsedMs < 2_000, `gave up at the deadline, not at the RPC timeout (${elapsedMs} ms)`)
})
