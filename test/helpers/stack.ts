/**
 * Starts the real parts for a test: a localnet on a free port, an engine reading from it over
 * JSON-RPC, and optionally the edge. Nothing is mocked; everything closes with the test.
 */
import type { Test } from 'tap'
import { readConfig } from '../../lib/config.js'
import { createLogger } from '../../lib/logger.js'
import { localnetConfigSchema } from '../../localnet/config.js'
import { createLocalnet, type Localnet } from '../../localnet/localnet.js'
import { engineConfigSchema } from '../../engine/config.js'
import { createEngine, type Engine } from '../../engine/engine.js'

export interface StackOptions {
  accountsDir?: string
  /** Slots advance on a timer (default) or only through localnet.chain.advanceSlot(). */
  autoAdvance?: boolean
  engineEnv?: Record<string, string>
}

export interface Stack {
  localnet: Localnet
  engine: Engine
  rpc<T = unknown>(method: string, params?: unknown[]): Promise<T>
}

export const quietLogger = createLogger('test', 'silent')

/** Calls localnet's JSON-RPC and returns `result` (throws on an `error`). */
export async function callRpc<T>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { result?: T; error?: { code: number; message: string } }
  if (body.error) throw new Error(`${method}: ${body.error.code} ${body.error.message}`)
  return body.result as T
}

/** Starts localnet + engine for the test `t` and tears them down after it. */
export async function startStack(t: Test, options: StackOptions = {}): Promise<Stack> {
  const localnet = await createLocalnet(
    readConfig(localnetConfigSchema, {
      LOCALNET_RPC_PORT: '0',
      ...(options.accountsDir ? { LOCALNET_ACCOUNTS_DIR: options.accountsDir } : {}),
    }),
    quietLogger,
    { autoAdvance: options.autoAdvance ?? false },
  )
  const engine = createEngine(
    readConfig(engineConfigSchema, { SOLANA_RPC_URLS: localnet.rpcUrl, ENGINE_GRPC_PORT: '0', ...options.engineEnv }),
    quietLogger,
  )
  await engine.start()
  t.teardown(async () => {
    engine.stop()
    await localnet.close()
  })
  return { localnet, engine, rpc: (method, params) => callRpc(localnet.rpcUrl, method, params) }
}
