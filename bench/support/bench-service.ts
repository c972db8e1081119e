/**
 * The service both benchmarks measure, all in this process, nothing mocked: localnet (slots
 * advance only on demand), the engine reading it with a cache that never goes stale during a run,
 * the user service (DATABASE_URL or an embedded PGlite of its own), the edge on a free loopback
 * port with a user and API key registered through it, and the engine's gRPC server (a free port)
 * behind the same gate as `npm start` (main.ts): one set of caller services shared with the edge, so a gRPC call
 * with the key is authenticated and recorded in history exactly as a REST simulate — journaled
 * before the answer, as main.ts does. Admission is
 * disabled on every door (RATE_LIMITS=off, meant for benchmarks): the runs send
 * thousands of requests a second for one user.
 */
import type { AddressInfo } from 'node:net'
import { readConfig } from '../../lib/config.js'
import type { Logger } from '../../lib/logger.js'
import { localnetConfigSchema } from '../../localnet/config.js'
import { createLocalnet, type Localnet } from '../../localnet/localnet.js'
import { engineConfigSchema } from '../../engine/config.js'
import type { Engine } from '../../engine/engine.js'
import { startEngine, type StartedEngine } from '../../engine/start-engine.js'
import { createEdgeServer } from '../../edge/server.js'
import { startCallers } from '../../callers/start-callers.js'
import { createInProcessEngineClient } from '../../engine/client/engine-client.js'
import { join } from 'node:path'
import { type BenchUserService, startBenchUserService } from './bench-user-service.js'
import { type BenchCredentials, createBenchCredentials } from './bench-credentials.js'
import { type UserServiceCallCounts, createCountedUserService } from './counted-user-service.js'
import { startRemoteChain, type RemoteChain } from './remote-chain.js'

/**
 * Entries never go stale during a run: a warm call must not trigger a background refresh. The
 * result cache is off: every path sends the same bytes again and again, and is meant to time
 * simulations, not cache hits (bench/load measures those apart).
 */
export const ENGINE_ENV = { ENGINE_GRPC_PORT: '0', ACCOUNT_CACHE_FRESH_MS: '3600000', RESULT_CACHE_MAX_ENTRIES: '0' } as const
/** Likewise for credentials: no warm request goes back to the user service (the service's default is 60 s). */
export const AUTH_CACHE_TTL_MS = 3_600_000

export interface BenchService {
  /** The in-process localnet; undefined in stream mode, where it runs in a process of its own. */
  localnet: Localnet | undefined
  rpcUrl: string
  engine: Engine
  users: BenchUserService
  /** What the edge asked of the user service so far (credential lookups, history writes). */
  userServiceCalls: UserServiceCallCounts
  edgePort: number
  /** A user registered through the edge, with an API key and a bearer token. */
  credentials: BenchCredentials
  /** host:port of the engine's gRPC server; it takes the API key as `x-api-key` metadata. */
  grpcAddress: string
  /** Closes the edge and the gRPC server, then the caller services (which write the last key counts and history), the user service, engine and localnet. */
  close(): Promise<void>
}

/** Starts the service; on a failure, what was started is closed again. */
export async function startBenchService(
  databaseUrl: string | undefined,
  logger: Logger,
  {
    streamTrafficRate,
    defaultEngineWorkers,
  }: {
    /** Stream mode: localnet apart with slots every 400 ms and this many tx/s landing, the engine on its geyser stream. */
    streamTrafficRate?: number | undefined
    /** ENGINE_WORKERS when the environment does not set it; undefined: the service's default. */
    defaultEngineWorkers?: string
  } = {},
): Promise<BenchService> {
  const closers: Array<() => unknown> = []
  const engineWorkers = process.env.ENGINE_WORKERS ?? defaultEngineWorkers
  let localnet: Localnet | undefined
  let remote: RemoteChain | undefined
  let engine: StartedEngine | undefined
  // The user service (PGlite's first start takes seconds) comes up while localnet does.
  const usersStarting = startBenchUserService(databaseUrl, logger)
  usersStarting.catch(() => undefined) // awaited below, and closed even when localnet fails first
  const close = async () => {
    for (const closer of closers.reverse()) await closer()
    // After the doors and the caller services, whose close writes the last key counts and history.
    await (await usersStarting.catch(() => undefined))?.close()
    engine?.stop()
    await localnet?.close()
    await remote?.close()
  }
  try {
    let rpcUrl: string
    let streamEnv = {}
    if (streamTrafficRate === undefined) {
      localnet = await createLocalnet(
        readConfig(localnetConfigSchema, { LOCALNET_RPC_PORT: '0', LOCALNET_GEYSER_PORT: '0', LOCALNET_RELAY_PORT: '0' }),
        logger,
        {
          autoAdvance: false,
        },
      )
      rpcUrl = localnet.rpcUrl
    } else {
      remote = await startRemoteChain(streamTrafficRate)
      rpcUrl = remote.rpcUrl
      streamEnv = { GEYSER_ENDPOINT: remote.geyserUrl }
    }
    const users = await usersStarting
    const counted = createCountedUserService(users.userService)
    // As main.ts: one authenticator, admission (off: RATE_LIMITS=off) and history for both doors,
    // journaled under the user service's DATA_DIR. Closed after both (closers run in reverse), so
    // what the last requests recorded is written.
    const callers = await startCallers({
      userService: counted.userService,
      signingKey: users.signingKey,
      invalidations: users.invalidations,
      authCacheTtlMs: AUTH_CACHE_TTL_MS,
      rateLimits: 'off',
      redisUrl: undefined,
      journalDir: join(users.dataDir, 'journal', 'history'),
      logger,
    })
    closers.push(() => callers.close())
    // As main.ts: the engine with each tenant's program blocks from the user service, and its gRPC
    // port behind the same gate (a free port: the load runs dial it with the bench user's key).
    const started = await startEngine({
      config: readConfig(engineConfigSchema, {
        SOLANA_RPC_URLS: rpcUrl,
        ...ENGINE_ENV,
        ...streamEnv,
        // ENGINE_WORKERS when set, else the caller's default, else the service's (one per core).
        ...(engineWorkers === undefined ? {} : { ENGINE_WORKERS: engineWorkers }),
      }),
      logger,
      userService: users.userService,
      invalidations: users.invalidations,
      callers,
    })
    engine = started
    closers.push(() => started.closePort())
    const edge = createEdgeServer({
      engine: createInProcessEngineClient(started.engine),
      userService: counted.userService,
      signingKey: users.signingKey,
      callers,
      logger,
      bodyLimitBytes: 262_144,
    })
    await edge.listen({ port: 0, host: '127.0.0.1' })
    closers.push(() => edge.close())
    const edgePort = (edge.server.address() as AddressInfo).port
    const credentials = await createBenchCredentials(`http://127.0.0.1:${edgePort}`)
    return {
      localnet,
      rpcUrl,
      engine: started.engine,
      users,
      userServiceCalls: counted.counts,
      edgePort,
      credentials,
      grpcAddress: started.grpcAddress,
      close,
    }
  } catch (error) {
    await close()
    throw error
  }
}
