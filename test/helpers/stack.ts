/**
 * Starts the real parts for a test: a localnet on a free port, an engine reading from it over
 * JSON-RPC, and optionally the edge. Nothing is mocked; everything closes with the test.
 */
import type { Test } from 'tap'
import { readConfig } from '../../lib/config.js'
import { createLogger, type Logger } from '../../lib/logger.js'
import { localnetConfigSchema } from '../../localnet/config.js'
import { createLocalnet, type Localnet } from '../../localnet/localnet.js'
import { engineConfigSchema } from '../../engine/config.js'
import { createEngine, type Engine, type EngineOptions } from '../../engine/engine.js'
import { createJsonRpcClient } from '../../engine/hot-path/rpc/json-rpc-client.js'
import { createTipWallet } from '../../engine/landing/bundle/tip-wallet.js'
import type { Address } from '@solana/kit'
import { newKeypairBytes } from './keypair-bytes.js'

export interface StackOptions {
  accountsDir?: string
  /** `<program-id>.so` files localnet loads (LOCALNET_PROGRAMS_DIR). */
  programsDir?: string
  /** Slots advance on a timer (default) or only through localnet.chain.advanceSlot(). */
  autoAdvance?: boolean
  engineEnv?: Record<string, string>
  /** localnet's own variables (LOCALNET_…), over the test defaults. */
  localnetEnv?: Record<string, string>
  /** Feed the engine from localnet's geyser stream (GEYSER_ENDPOINT). */
  geyser?: boolean
  /** What the engine is given from outside (a tenant's program blocks). */
  engineOptions?: EngineOptions
  /**
   * Point the engine at localnet's relay (RELAY_URL) with a funded tip wallet; `rateLimit` is both
   * the relay's (LOCALNET_RELAY_RATE_LIMIT) and the engine's pace (RELAY_RATE_LIMIT), default 1/s.
   */
  relay?: { rateLimit?: number; tipWallet?: boolean }
  /** Where the engine logs (silent unless a test asserts what it logs). */
  engineLogger?: Logger
}

export interface Stack {
  localnet: Localnet
  engine: Engine
  /** The funded tip wallet's address, with `relay`. */
  tipWallet?: string
  rpc<T = unknown>(method: string, params?: unknown[]): Promise<T>
}

export const quietLogger = createLogger('test', 'silent')

/** Calls a JSON-RPC method and returns its `result` (throws on an `error`), with the engine's own client. */
export async function callRpc<T>(url: string, method: string, params: unknown[] = []): Promise<T> {
  return createJsonRpcClient({ urls: [url], requestTimeoutMs: 10_000 }).call<T>(method, params)
}

/** Starts localnet + engine; the caller closes them (scripts outside a test). */
export async function createStack(options: StackOptions = {}): Promise<Stack & { close(): Promise<void> }> {
  const localnet = await createLocalnet(
    readConfig(localnetConfigSchema, {
      LOCALNET_RPC_PORT: '0',
      LOCALNET_GEYSER_PORT: '0',
      LOCALNET_RELAY_PORT: '0',
      ...(options.relay ? { LOCALNET_RELAY_RATE_LIMIT: String(options.relay.rateLimit ?? 1) } : {}),
      ...(options.accountsDir ? { LOCALNET_ACCOUNTS_DIR: options.accountsDir } : {}),
      ...(options.programsDir ? { LOCALNET_PROGRAMS_DIR: options.programsDir } : {}),
      ...options.localnetEnv,
    }),
    quietLogger,
    { autoAdvance: options.autoAdvance ?? false },
  )
  const tipWallet = options.relay && options.relay.tipWallet !== false ? createTipWallet(newKeypairBytes()) : undefined
  if (tipWallet) localnet.chain.airdrop(tipWallet.address as Address, 100n * 1_000_000_000n)
  const engine = createEngine(
    readConfig(engineConfigSchema, {
      SOLANA_RPC_URLS: localnet.rpcUrl,
      ENGINE_GRPC_PORT: '0',
      ...(options.geyser ? { GEYSER_ENDPOINT: localnet.geyserUrl } : {}),
      ...(options.relay ? { RELAY_URL: localnet.relayUrl, RELAY_RATE_LIMIT: String(options.relay.rateLimit ?? 1) } : {}),
      ...options.engineEnv,
    }),
    options.engineLogger ?? quietLogger,
    { ...options.engineOptions, ...(tipWallet ? { tipWallet } : {}) },
  )
  await engine.start()
  return {
    localnet,
    engine,
    ...(tipWallet ? { tipWallet: tipWallet.address } : {}),
    rpc: (method, params) => callRpc(localnet.rpcUrl, method, params),
    async close() {
      engine.stop()
      await localnet.close()
    },
  }
}

/** Starts localnet + engine for the test `t` and tears them down after it. */
export async function startStack(t: Test, options: StackOptions = {}): Promise<Stack> {
  const stack = await createStack(options)
  t.teardown(stack.close)
  return stack
}
