/**
 * What the micro benchmark runs against, all in this process, nothing mocked: localnet (slots
 * advance only on demand), the engine reading it, the user service (DATABASE_URL or an embedded
 * PGlite of its own), the edge on a free loopback port with a user and API key registered through
 * it, the HTTP floor server, the REST clients (API key, bearer token, another process) and the
 * edge's authenticator on its own.
 */
import type { Logger } from '../../lib/logger.js'
import { createBenchAuthenticator } from './bench-authenticator.js'
import { createBenchJournal } from './bench-journal.js'
import { getApiKeyHeaders, getBearerHeaders } from './bench-credentials.js'
import { AUTH_CACHE_TTL_MS, startBenchService } from './bench-service.js'
import type { BenchSettings } from './bench-settings.js'
import type { BenchContext } from './case-paths.js'
import type { UserServiceCallCounts } from './counted-user-service.js'
import { createExternalClient } from './external-client.js'
import { createHttpFloorServer } from './http-floor-server.js'
import { createKeepAliveClient, createUndiciKeepAliveClient } from './keep-alive-client.js'
import { createRawHttpClient } from './raw-http-client.js'

const SIMULATE_PATH = '/api/v1/solana/tx/simulate'

export interface BenchStack {
  context: BenchContext
  /** localnet's JSON-RPC URL. */
  rpcUrl: string
  /** What the edge asked of the user service so far. */
  userServiceCalls: UserServiceCallCounts
  userServiceDatabase: string
  close(): Promise<void>
}

/** Starts everything; on a failure, what was started is closed again. */
export async function startBenchStack(settings: BenchSettings, databaseUrl: string | undefined, logger: Logger): Promise<BenchStack> {
  const service = await startBenchService(databaseUrl, logger, {
    streamTrafficRate: settings.stream === 'traffic' ? settings.trafficRate : undefined,
    // The engine on this thread unless ENGINE_WORKERS says otherwise: this benchmark times the
    // engine itself, and with workers a tight loop of awaited in-process calls never ends its
    // event-loop turn, so every call after the first would hop to a worker (mayRunInline in
    // engine/hot-path/workers/simulate-worker-pool.ts). The doors with workers: bench:floor.
    defaultEngineWorkers: '0',
  })
  const closers: Array<() => unknown> = []
  const close = async () => {
    // Pollers caught mid-request when localnet closes warn; that is teardown, not a finding.
    logger.level = 'error'
    for (const closer of closers.reverse()) await closer()
    await service.close()
  }
  try {
    const { engine, edgePort, credentials, users } = service
    const httpFloor = await createHttpFloorServer()
    closers.push(() => httpFloor.close())
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
      userService: users.userService,
      signingKey: users.signingKey,
      credentials,
      cacheTtlMs: AUTH_CACHE_TTL_MS,
      requestHeaders: { host: `127.0.0.1:${edgePort}`, 'content-type': 'application/json' },
    })
    closers.push(() => auth.close())
    const journal = createBenchJournal()
    closers.push(() => journal.close())
    return {
      context: { engine, rest, restBearer, restExternal, httpFloor, httpFloorClient, auth, journal },
      rpcUrl: service.rpcUrl,
      userServiceCalls: service.userServiceCalls,
      userServiceDatabase: users.database,
      close,
    }
  } catch (error) {
    await close()
    throw error
  }
}
