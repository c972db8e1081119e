/**
 * What a route declares for the OpenAPI document (edge/openapi/openapi-document.ts): its auth mode
 * in `config.auth`, and in `schema` a summary, a description and a querystring it parses itself.
 */

/** The Auth column of docs/api.md#endpoints: no credential, the bearer token only, or an API key or bearer token. */
export type AuthMode = 'none' | 'bearer' | 'either'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The credential the route's onRequest hook demands; the document's `security` follows it. */
    auth?: AuthMode
  }
  interface FastifySchema {
    summary?: string
    description?: string
    /**
     * A querystring the handler reads itself (edge/query-params.ts): documented, never validated
     * by fastify, so the handler's own errors stay the ones callers see.
     */
    documentedQuerystring?: unknown
    /**
     * Statuses beside 429 whose answer may carry Retry-After (submit's 503 relay_busy; the 503
     * accounts_unavailable of a route reaching the accounts service without a credential, as every
     * authenticated route's is): documented with the header.
     */
    retryAfterStatuses?: readonly number[]
    /**
     * A WebSocket route's messages and frames (JSON Schemas by name), which OpenAPI cannot
     * describe: documented as the operation's `x-websocket` extension.
     */
    websocket?: { messages: Readonly<Record<string, unknown>>; frames: Readonly<Record<string, unknown>> }
  }
}
