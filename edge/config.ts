/** The edge's configuration schema (read from the environment in main.ts only). */
import type { ConfigOf, ConfigSchema } from '../lib/config.js'

export const edgeConfigSchema = {
  host: { kind: 'string', env: 'HOST', default: '127.0.0.1' },
  port: { kind: 'int', env: 'PORT', default: 8080, min: 0, max: 65535 },
  engineUrl: { kind: 'optional-string', env: 'ENGINE_URL' },
  /** A remote accounts service (host:port); unset: accounts runs in this process. */
  accountsUrl: { kind: 'optional-string', env: 'ACCOUNTS_URL' },
  bodyLimitBytes: { kind: 'int', env: 'BODY_LIMIT_BYTES', default: 256 * 1024, min: 4096, max: 16 * 1024 * 1024 },
  logLevel: { kind: 'string', env: 'LOG_LEVEL', default: 'info', oneOf: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] },
} as const satisfies ConfigSchema

export type EdgeConfig = ConfigOf<typeof edgeConfigSchema>
