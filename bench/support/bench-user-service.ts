/**
 * The user service a benchmark's edge authenticates against, started in the benchmark's process
 * as `npm start` does (accounts/connect-user-service.ts): on DATABASE_URL when one is given, else
 * on the embedded PGlite in a fresh temporary directory (a copy of a migrated template), removed
 * again on close.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { userServiceConfigSchema } from '../../accounts/config.js'
import { connectUserService, type ConnectedUserService } from '../../accounts/connect-user-service.js'
import { readConfig } from '../../lib/config.js'
import type { Logger } from '../../lib/logger.js'
import { getEmbeddedTemplate } from './embedded-template.js'

export interface BenchUserService extends ConnectedUserService {
  database: 'postgres' | 'embedded (PGlite, in this process)'
  /** Its DATA_DIR (removed on close): where the edge keeps its history journal, as under `npm start`. */
  dataDir: string
}

/** Starts the user service on `databaseUrl`, or on an embedded database of its own. */
export async function startBenchUserService(databaseUrl: string | undefined, logger: Logger): Promise<BenchUserService> {
  const dataDir = mkdtempSync(join(tmpdir(), 'preflight-bench-accounts-'))
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true })
  const config = readConfig(userServiceConfigSchema, {
    DATA_DIR: dataDir,
    ACCOUNTS_GRPC_PORT: '0',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  })
  let connected: ConnectedUserService
  try {
    // start-user-service.ts opens the embedded database in DATA_DIR/pglite: a migrated copy skips
    // initdb.
    if (!databaseUrl) cpSync(await getEmbeddedTemplate(), join(dataDir, 'pglite'), { recursive: true })
    connected = await connectUserService(undefined, config, logger)
  } catch (error) {
    removeDataDir()
    throw error
  }
  return {
    ...connected,
    database: databaseUrl ? 'postgres' : 'embedded (PGlite, in this process)',
    dataDir,
    async close() {
      try {
        await connected.close()
      } finally {
        removeDataDir()
      }
    },
  }
}
