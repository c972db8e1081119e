/**
 * What the user service shows the outside: its types, the API schemas of what it answers, the
 * closed sets and limits callers check before calling. Outside accounts/, code imports this, the
 * gRPC client (user-service-client.ts, connect-user-service.ts) and the config, nothing else.
 */
export * from './api-keys.js'
export * from './billing.js'
export * from './history.js'
export * from './program-blocks.js'
export * from './tracking.js'
export * from './user-service.js'
export * from './users.js'
export * from './webhooks.js'
export type { AuthInvalidation } from '../../lib/auth-invalidation.js'
