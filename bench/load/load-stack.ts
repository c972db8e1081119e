/**
 * What the load runs target. In process (the default): localnet (slots advance only on demand, so
 * one blockhash stays valid for the whole run), an engine reading it over JSON-RPC with a cache
 * that never goes stale during the run, its gRPC server, accounts (DATABASE_URL, or an embedded
 * PGlite of its own) and the edge, all in this process, whose CPU and RSS are then the server's.
 * External (--url): a running `npm start`; an engine is still created here, against its JSON-RPC,
 * only to validate the mix and copy accounts for the floor. Either way a user and API key are
 * registered through the edge first: every REST request carries the key.
 */
import type { AddressInfo } from 'node:net'
import type { Address } from '@solana/kit'
import { readConfig } from '../../lib/config.js'
import type { Logger } from '../../lib/logger.js'
import { localnetConfigSchema } from '../../localnet/config.js'
import { createLocalnet, type Localnet } from '../../localnet/localnet.js'
import type { LocalAccount } from '../../localnet/chain/local-account.js'
import { engineConfigSchema } from '../../engine/config.js'
import { createEngine, type Engine } from '../../engine/engine.js'
import { startEngineServer } from '../../engine/server.js'
import { createEdgeServer } from '../../edge/server.js'
import { createInProcessEngineClient } from '../../edge/engine-client.js'
import type { LoadSettings } from './load-settings.js'
import { createJsonRpcClient } from '../../engine/rpc/json-rpc-client.js'
import { startBenchAccounts } from '../support/bench-accounts.js'
import { createBenchCredentials, getApiKeyHeaders } from '../support/bench-credentials.js'
import { type AccountsCallCounts, createCountedAccounts } from '../support/counted-accounts.js'

/** Entries never go stale during a run: a warm call must not trigger a background refresh. */
export const ENGINE_ENV = { ENGINE_GRPC_PORT: '0', ACCOUNT_CACHE_FRESH_MS: '3600000' } as const
/** Likewise for the edge's credential cache (the service's default is 60 s). */
export const AUTH_CACHE_TTL_MS = 3_600_000

export interface LoadStack {
  kind: 'in-process' | 'external'
  /** The engine behind the edge (in process), or one of our own on the same chain (external). */
  engine: Engine
  /** http://host:port of the edge. */
  restOrigin: string
  /** What every REST request sends to authenticate: the benchmark user's `x-api-key`. */
  restHeaders: Record<string, string>
  /** Where the in-process accounts keeps its data; null for an external stack. */
  accountsDatabase: string | null
  /** What the in-process edge asked of accounts so far (credential lookups, history writes); null when external. */
  accountsCalls: AccountsCallCounts | null
  /** host:port of the engine's gRPC server. */
  grpcAddress: string
  /** localnet's JSON-RPC URL. */
  rpcUrl: string
  /** Writes an account into the chain; only an in-process localnet can. */
  setAccount: ((address: Address, account: LocalAccount) => void) | undefined
  /** Credits lamports to an address on the chain. */
  fund(address: Address, lamports: bigint): Promise<void>
  /** The chain's slots advance on their own: transactions must ask for the latest blockhash. */
  replaceRecentBlockhash: boolean
  close(): Promise<void>
}

/** Calls a JSON-RPC method and returns its `result` (throws on an `error`), with the engine's own client. */
export async function callRpc<T>(url: string, method: string, params: unknown[] = []): Promise<T> {
  return createJsonRpcClient({ urls: [url], requestTimeoutMs: 10_000 }).call<T>(method, params)
}

async function startInProcess(databaseUrl: string | undefined, logger: Logger): Promise<LoadStack> {
  const closers: Array<() => unknown> = []
  let localnet: Localnet | undefined
  let engine: Engine | undefined
  // Accounts (PGlite's first start takes seconds) comes up while localnet and the engine do.
  const accountsStarting = startBenchAccounts(databaseUrl, logger)
  accountsStarting.catch(() => undefined) // awaited below, and closed even when localnet fails first
  const close = async () => {
    for (const closer of closers.reverse()) await closer()
    // After the edge: its close writes the last key counts and history to accounts.
    await (await accountsStarting.catch(() => undefined))?.close()
    engine?.stop()
    await localnet?.close()
  }
  try {
    localnet = await createLocalnet(readConfig(localnetConfigSchema, { LOCALNET_RPC_PORT: '0', LOCALNET_GEYSER_PORT: '0' }), logger, { autoAdvance: false })
    engine = createEngine(readConfig(engineConfigSchema, { SOLANA_RPC_URLS: localnet.rpcUrl, ...ENGINE_ENV }), logger)
    await engine.start()
    const grpc = await startEngineServer(engine, '127.0.0.1', 0)
    closers.push(() => grpc.close())
    const accounts = await accountsStarting
    const counted = createCountedAccounts(accounts.accounts)
    const edge = createEdgeServer({
      engine: createInProcessEngineClient(engine),
      accounts: counted.accounts,
      signingKey: accounts.signingKey,
      invalidations: accounts.invalidations,
      authCacheTtlMs: AUTH_CACHE_TTL_MS,
      logger,
      bodyLimitBytes: 262_144,
    })
    await edge.listen({ port: 0, host: '127.0.0.1' })
    closers.push(() => edge.close())
    const restOrigin = `http://127.0.0.1:${(edge.server.address() as AddressInfo).port}`
    const credentials = await createBenchCredentials(restOrigin)
    const chain = localnet.chain
    return {
      kind: 'in-process',
      engine,
      restOrigin,
      restHeaders: getApiKeyHeaders(credentials),
      accountsDatabase: accounts.database,
      accountsCalls: counted.counts,
      grpcAddress: grpc.address,
      rpcUrl: localnet.rpcUrl,
      setAccount: (address, account) => chain.setAccount(address, account),
      fund: async (address, lamports) => {
        chain.airdrop(address, lamports)
      },
      replaceRecentBlockhash: false,
      close,
    }
  } catch (error) {
    await close()
    throw error
  }
}

async function startExternal(target: NonNullable<LoadSettings['external']>, logger: Logger): Promise<LoadStack> {
  const engine = createEngine(readConfig(engineConfigSchema, { SOLANA_RPC_URLS: target.rpcUrl, ...ENGINE_ENV }), logger)
  await engine.start()
  const credentials = await createBenchCredentials(target.url).catch((error: unknown) => {
    engine.stop()
    throw error
  })
  return {
    kind: 'external',
    engine,
    restOrigin: target.url,
    restHeaders: getApiKeyHeaders(credentials),
    accountsDatabase: null,
    accountsCalls: null,
    grpcAddress: target.grpc.replace(/^grpc:\/\//, ''),
    rpcUrl: target.rpcUrl,
    setAccount: undefined,
    fund: async (address, lamports) => {
      await callRpc(target.rpcUrl, 'requestAirdrop', [address, Number(lamports)])
    },
    replaceRecentBlockhash: true,
    close: async () => engine.stop(),
  }
}

/** Starts the stack in this process (accounts on `databaseUrl` when given), or connects to the one `settings.external` names. */
export function startLoadStack(settings: LoadSettings, databaseUrl: string | undefined, logger: Logger): Promise<LoadStack> {
  return settings.external ? startExternal(settings.external, logger) : startInProcess(databaseUrl, logger)
}
