/**
 * What the micro benchmark runs against, all in this process, nothing mocked: localnet (slots
 * advance only on demand), the engine reading it, accounts (DATABASE_URL or an embedded PGlite of
 * its own), the edge on a free loopback port with a user and API key registered through it, the
 * HTTP floor server, the REST clients (API key, bearer token, another process) and the edge's
 * authenticator on its own.
 */
import type { AddressInfo } from 'node:net'
import { readConfig } from '../../lib/config.js'
import type { Logger } from '../../lib/logger.js'
import { localnetConfigSchema } from '../../localnet/config.js'
import { createLocalnet, type Localnet } from '../../localnet/localnet.js'
import { engineConfigSchema } from '../../engine/config.js'
import { createEngine, type Engine } from '../../engine/engine.js'
import { createEdgeServer } from '../../edge/server.js'
import { createInProcessEngineClient } from '../../edge/engine-client.js'
import { startBenchAccounts } from './bench-accounts.js'
import { createBenchAuthenticator } from './bench-authenticator.js'
import { createBenchCredentials, getApiKeyHeaders, getBearerHeaders } from './bench-credentials.js'
import type { BenchSettings } from './bench-settings.js'
import type { BenchContext } from './case-paths.js'
import { type AccountsCallCounts, createCountedAccounts } from './counted-accounts.js'
import { createExternalClient } from './external-client.js'
import { createHttpFloorServer } from './http-floor-server.js'
import { createKeepAliveClient, createUndiciKeepAliveClient } from './keep-alive-client.js'
import { createRawHttpClient } from './raw-http-client.js'

const SIMULATE_PATH = '/api/v1/solana/tx/simulate'
/** Entries never go stale during a run: a warm call must not trigger a background refresh. */
export const ENGINE_ENV = { ENGINE_GRPC_PORT: '0', ACCOUNT_CACHE_FRESH_MS: '3600000' }
/** Likewise for credentials: no warm request goes back to accounts (the service's default is 60 s). */
export const AUTH_CACHE_TTL_MS = 3_600_000

export interface BenchStack {
  context: BenchContext
  /** localnet's JSON-RPC URL. */
  rpcUrl: string
  /** What the edge asked of accounts so far. */
  accountsCalls: AccountsCallCounts
  accountsDatabase: string
  close(): Promise<void>
}

/** Starts everything; on a failure, what was started is closed again. */
export async function startBenchStack(settings: BenchSettings, databaseUrl: string | undefined, logger: Logger): Promise<BenchStack> {
  let localnet: Localnet | undefined
  let engine: Engine | undefined
  const closers: Array<() => unknown> = []
  // Accounts (PGlite's first start takes seconds) comes up while localnet and the engine do.
  const accountsStarting = startBenchAccounts(databaseUrl, logger)
  accountsStarting.catch(() => undefined) // awaited below, and closed even when localnet fails first
  const close = async () => {
    // Pollers caught mid-request when localnet closes warn; that is teardown, not a finding.
    logger.level = 'error'
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
    const httpFloor = await createHttpFloorServer()
    closers.push(() => httpFloor.close())
    const edgePort = (edge.server.address() as AddressInfo).port
    const credentials = await createBenchCredentials(`http://127.0.0.1:${edgePort}`)
    const createClient = (port: number, headers: Record<string, string>) =>
      settings.httpClient === 'undici'
        ? createUndiciKeepAliveClient('127.0.0.1', port, SIMULATE_PATH, headers)
        : settings.httpClient === 'raw'
          ? createRawHttpClient('127.0.0.1', port, SIMULATE_PATH, headers)
          : createKeepAliveClient('127.0.0.1', port, SIMULATE_PATH, headers)
    const rest = await createClient(edgePort, getApiKeyHeaders(credentials))
    closers.push(() => rest.close())
    const restBearer = await createClient(edgePort, getBearerHeaders(credentials))
    closers.push(() => restBearer.close())
    const restExternal = createExternalClient('127.0.0.1', edgePort, SIMULATE_PATH, getApiKeyHeaders(credentials))
    closers.push(() => restExternal.close())
    // The same request bytes as the REST path, key included.
    const httpFloorClient = await createClient(httpFloor.port, getApiKeyHeaders(credentials))
    closers.push(() => httpFloorClient.close())
    const auth = await createBenchAuthenticator({
      accounts: accounts.accounts,
      signingKey: accounts.signingKey,
      credentials,
      cacheTtlMs: AUTH_CACHE_TTL_MS,
      requestHeaders: { host: `127.0.0.1:${edgePort}`, 'content-type': 'application/json' },
    })
    closers.push(() => auth.close())
    return {
      context: { engine, rest, restBearer, restExternal, httpFloor, httpFloorClient, auth },
      rpcUrl: localnet.rpcUrl,
      accountsCalls: counted.counts,
      accountsDatabase: accounts.database,
      close,
    }
  } catch (error) {
    await close()
    throw error
  }
}
