/**
 * The store's boot failures that a setting fixes, as the one line naming it (lib/setting-error.ts):
 * DATABASE_URL's server unreachable or refusing, DATA_DIR unwritable or already in use by another
 * copy of the service. Anything else is returned as it is.
 */
import { toEndpointHost } from '../../lib/endpoint-host.js'
import { describeDirectoryFailure, describeReachFailure, SettingError } from '../../lib/setting-error.js'
import type { UserServiceConfig } from '../config.js'
import { EMBEDDED_DATABASE_IN_USE } from './embedded-postgres.js'

export function toStoreSettingError(error: unknown, config: Pick<UserServiceConfig, 'databaseUrl' | 'dataDir'>): unknown {
  if (config.databaseUrl) {
    const why = describeReachFailure(error)
    return why
      ? new SettingError('DATABASE_URL', `cannot use PostgreSQL at ${toEndpointHost(config.databaseUrl)}: ${why}`, { cause: error })
      : error
  }
  if ((error as { code?: unknown } | null | undefined)?.code === EMBEDDED_DATABASE_IN_USE) {
    return new SettingError(
      'DATA_DIR',
      `${config.dataDir} is in use by another running copy of the service (its embedded database is open there): give this one its own DATA_DIR, or point both at one PostgreSQL server with DATABASE_URL`,
      { cause: error },
    )
  }
  const why = describeDirectoryFailure(error)
  return why ? new SettingError('DATA_DIR', `cannot use ${config.dataDir} for the embedded database: ${why}`, { cause: error }) : error
}
