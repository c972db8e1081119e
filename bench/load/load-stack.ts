/**
 * What the load runs target. In process (the default): localnet and its traffic generator in
 * processes of their own (`--chain apart`, as a real node; `--chain inside`: localnet in this
 * process, slots advancing only on demand), an engine reading it with a cache
 * that never goes stale during the run, its gRPC server, accounts (DATABASE_URL, or an embedded
 * PGlite of its own) and the edge, all in this process, whose CPU and RSS are then the server's.
 * External (--url): a running `npm start`; an engine is still created here, against its JSON-RPC,
 * only to validate the mix and copy accounts for the floor. Either way a user and API key are
 * registered through the edge first: every REST request carries the key.
 */
import type { Address } from '@solana/kit'
import { readConfig } from '../../lib/config.js'
import type { Logger } from '../../lib/logger.js'
import type { LocalAccount } from '../../localnet/chain/local-account.js'
import { engineConfigSchema } from '../../engine/config.js'
import { createEngine, type Engine } from '../../engine/engine.js'
import type { LoadSettings } from './load-settings.js'
import { createJsonRpcClient } from '../../engine/hot-path/rpc/json-rpc-client.js'
import { createBenchCredentials, getApiKeyHeaders } from '../support/bench-credentials.js'
import { ENGINE_ENV, startBenchService } from '../support/bench-service.js'
import type { UserServiceCallCounts } from '../support/counted-user-service.js'

export interface LoadStack {
  kind: 'in-process' | 'external'
  /** The engine behind the edge (in process), or one of our own on the same chain (external). */
  engine: Engine
  /** http://host:port of the edge. */
  restOrigin: string
  /** What every REST request sends to authenticate: the benchmark user's `x-api-key`. */
  restHeaders: Record<string, string>
  /** Where the in-process accounts keeps its data; null for an external stack. */
  userServiceDatabase: string | null
  /** What the in-process edge asked of accounts so far (credential lookups, history writes); null when external. */
  userServiceCalls: UserServiceCallCounts | null
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

/** Transactions a second the traffic generator lands while localnet runs apart (its own default). */
const CHAIN_APART_TRAFFIC_PER_S = 20

async function startInProcess(databaseUrl: string | undefined, logger: Logger, chainPlace: LoadSettings['chain']): Promise<LoadStack> {
  const service = await startBenchService(
    databaseUrl,
    logger,
    chainPlace === 'apart' ? { streamTrafficRate: CHAIN_APART_TRAFFIC_PER_S } : {},
  )
  const { grpcAddress } = service
  // Inside, slots advance only on demand and accounts can be written; apart, the chain moves on
  // its own (every request asks for the latest blockhash) and is reached over JSON-RPC only.
  const chain = service.localnet?.chain
  return {
    kind: 'in-process',
    engine: service.engine,
    restOrigin: `http://127.0.0.1:${service.edgePort}`,
    restHeaders: getApiKeyHeaders(service.credentials),
    userServiceDatabase: service.users.database,
    userServiceCalls: service.userServiceCalls,
    grpcAddress,
    rpcUrl: service.rpcUrl,
    setAccount: chain ? (address, account) => chain.setAccount(address, account) : undefined,
    fund: async (address, lamports) => {
      if (chain) chain.airdrop(address, lamports)
      else await callRpc(service.rpcUrl, 'requestAirdrop', [address, Number(lamports)])
    },
    replaceRecentBlockhash: !chain,
    close: () => service.close(),
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
    userServiceDatabase: null,
    userServiceCalls: null,
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
  return settings.external ? startExternal(settings.external, logger) : startInProcess(databaseUrl, logger, settings.chain)
}
