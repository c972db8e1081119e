/**
 * The OpenAPI 3.1 document built from the routes the edge registered: their paths, auth modes and
 * JSON schemas. Nothing is written twice: a route's schema is its documentation, and `info.version`
 * is the package's (docs/versioning.md: the document describes this release, so it moves with
 * package.json).
 */
import { STATUS_CODES } from 'node:http'
import type { FastifySchema } from 'fastify'
import { ERROR_CATALOGUE } from '../../lib/errors.js'
import { createComponentSchemas } from './component-schemas.js'
import { getOperationTag, OPERATION_TAGS } from './operation-tags.js'
import type { AuthMode } from './route-docs.js'

/** One method of one registered route, as the document needs it. */
export interface DocumentedRoute {
  method: string
  /** fastify's form: `/api/v1/api-keys/:id`. */
  url: string
  auth: AuthMode | undefined
  schema: FastifySchema | undefined
}

export type OpenApiDocument = Record<string, unknown> & { openapi: '3.1.0'; paths: Record<string, Record<string, OpenApiOperation>> }

export interface OpenApiOperation {
  operationId: string
  security?: Array<Record<string, string[]>>
  responses: Record<string, unknown>
  [key: string]: unknown
}

type JsonSchemaObject = { properties?: Record<string, Record<string, unknown>>; required?: readonly string[] }

const SECURITY: Record<AuthMode, Array<Record<string, string[]>>> = {
  none: [],
  bearer: [{ Bearer: [] }],
  either: [{ ApiKey: [] }, { Bearer: [] }],
}

const RATE_LIMIT_HEADERS = {
  'RateLimit-Limit': { $ref: '#/components/headers/RateLimitLimit' },
  'RateLimit-Remaining': { $ref: '#/components/headers/RateLimitRemaining' },
  'RateLimit-Reset': { $ref: '#/components/headers/RateLimitReset' },
  'RateLimit-Policy': { $ref: '#/components/headers/RateLimitPolicy' },
}

const integerHeader = (description: string) => ({ description, schema: { type: 'integer', minimum: 0 } })

const COMPONENT_HEADERS = {
  RequestId: {
    description: "The request's id, also in an error's `request_id`; send your own X-Request-Id to correlate.",
    schema: { type: 'string' },
  },
  RetryAfter: integerHeader(
    "Seconds to wait before retrying: until the bucket refills (rate_limited), 00:00 UTC (quota_exceeded), the relay's rate limit has room (relay_busy), or the accounts service or its database may be back (accounts_unavailable).",
  ),
  RateLimitLimit: integerHeader("The caller's burst: requests the bucket holds when full (IETF RateLimit draft)."),
  RateLimitRemaining: integerHeader('Requests left in the bucket now.'),
  RateLimitReset: integerHeader('Seconds until the bucket is full again.'),
  RateLimitPolicy: { description: 'The rate and burst, e.g. `10;w=1`.', schema: { type: 'string' } },
}

/** What the document says of the service itself. */
export interface OpenApiInfo {
  /** The package's version (lib/package-version.ts). */
  version: string
}

/**
 * One relative server: a client resolves `/` against the URL it fetched this document from, so
 * the document is right behind any proxy or load balancer and the same bytes for every request.
 * A server built from the request's Host (or X-Forwarded-Host) would advertise whatever name the
 * request carried (127.0.0.1 behind a proxy that does not forward it, any name a caller makes up)
 * and could no longer be built once and cached.
 */
const SERVERS = [{ url: '/', description: 'The host this document is served from.' }]

/** The repository's LICENSE; OpenAPI 3.1 takes the SPDX identifier in place of a URL. */
const LICENSE = { name: 'Apache-2.0', identifier: 'Apache-2.0' }

/** Who answers for the API: the operator of the instance serving this document (its own support page is theirs to add). */
const CONTACT = { name: 'The operator of this service' }

const DESCRIPTION = [
  'Checks Solana transactions before they are sent: simulation on a warm SVM, six detection vectors, a verdict under a policy.',
  'Every error is the Error envelope `{error: {code, message, request_id}}`. Authenticated routes answer with `RateLimit-*` headers;',
  'a 429, and a 503 `accounts_unavailable` or `relay_busy`, also carry `Retry-After`.',
].join(' ')

/** `/api/v1/api-keys/:id` → `/api/v1/api-keys/{id}`. */
function toOpenApiPath(url: string): string {
  return url.replace(/:([A-Za-z_][\w]*)/g, '{$1}')
}

function toOperationId(method: string, path: string): string {
  return (
    method.toLowerCase() + path.replace(/[^A-Za-z0-9]+([A-Za-z0-9])?/g, (_, next: string | undefined) => (next ? next.toUpperCase() : ''))
  )
}

/** The codes of the catalogue a status can carry, for its description. */
function getErrorDescription(status: number): string {
  const codes = Object.entries(ERROR_CATALOGUE)
    .filter(([, entry]) => entry.http === status)
    .map(([code]) => code)
  return `${STATUS_CODES[status] ?? 'Error'}: ${codes.join(', ') || 'an Error envelope'}.`
}

/** Builds the document from the routes (HEAD routes left out: fastify adds one for every GET). */
export function createOpenApiDocument(routes: readonly DocumentedRoute[], { version }: OpenApiInfo): OpenApiDocument {
  const components = createComponentSchemas()
  const paths: OpenApiDocument['paths'] = {}

  const toParameters = (location: 'path' | 'query', schema: unknown, names?: readonly string[]) => {
    const { properties = {}, required = [] } = (schema ?? {}) as JsonSchemaObject
    return (names ?? Object.keys(properties)).map((name) => {
      const { description, ...parameterSchema } = properties[name] ?? { type: 'string' }
      return {
        name,
        in: location,
        required: location === 'path' || required.includes(name),
        ...(typeof description === 'string' ? { description } : {}),
        schema: components.toOpenApiSchema(parameterSchema),
      }
    })
  }

  const toResponse = (status: number, schema: unknown, auth: AuthMode | undefined, retryAfter: boolean) => {
    const { description, ...shape } = schema as Record<string, unknown>
    const authenticated = auth === 'bearer' || auth === 'either'
    const headers: Record<string, unknown> = { 'X-Request-Id': { $ref: '#/components/headers/RequestId' } }
    // The account routes' limits (register, login, refresh, logout) answer a 429 with Retry-After alone.
    if (status === 429)
      Object.assign(headers, { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } }, authenticated ? RATE_LIMIT_HEADERS : {})
    else if (authenticated && status < 300) Object.assign(headers, RATE_LIMIT_HEADERS)
    else if (retryAfter) Object.assign(headers, { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } })
    const text =
      typeof description === 'string' ? description : status >= 400 ? getErrorDescription(status) : (STATUS_CODES[status] ?? 'OK')
    // A schema that is only a description (101 Switching Protocols) has no body.
    if (Object.keys(shape).length === 0) return { description: text, headers }
    return { description: text, headers, content: { 'application/json': { schema: components.toOpenApiSchema(schema) } } }
  }

  for (const route of routes) {
    if (route.method === 'HEAD') continue
    const path = toOpenApiPath(route.url)
    const schema = route.schema ?? {}
    const operation: OpenApiOperation = { operationId: toOperationId(route.method, path), tags: [getOperationTag(path)], responses: {} }
    if (schema.summary) operation.summary = schema.summary
    if (schema.description) operation.description = schema.description
    if (route.auth) operation.security = SECURITY[route.auth]
    if (schema.websocket) {
      const toSchemas = (named: Readonly<Record<string, unknown>>) =>
        Object.fromEntries(Object.entries(named).map(([name, frame]) => [name, components.toOpenApiSchema(frame)]))
      operation['x-websocket'] = { messages: toSchemas(schema.websocket.messages), frames: toSchemas(schema.websocket.frames) }
    }
    const pathNames = [...route.url.matchAll(/:([A-Za-z_][\w]*)/g)].map((match) => match[1] as string)
    const parameters = [
      ...toParameters('path', schema.params, pathNames),
      ...toParameters('query', schema.querystring ?? schema.documentedQuerystring),
    ]
    if (parameters.length > 0) operation.parameters = parameters
    if (schema.body) {
      // A body that requires no field may be left out altogether (checkout).
      const required = ((schema.body as JsonSchemaObject).required ?? []).length > 0
      operation.requestBody = { required, content: { 'application/json': { schema: components.toOpenApiSchema(schema.body) } } }
    }
    const responses = Object.entries((schema.response ?? {}) as Record<string, unknown>)
    const retryAfterStatuses = new Set(schema.retryAfterStatuses ?? [])
    // An authenticated route looks its credential up in the accounts service when it is not cached:
    // its 503 may be accounts_unavailable, which always carries Retry-After.
    if (route.auth === 'bearer' || route.auth === 'either') retryAfterStatuses.add(503)
    for (const [status, responseSchema] of responses) {
      operation.responses[status] = toResponse(Number(status), responseSchema, route.auth, retryAfterStatuses.has(Number(status)))
    }
    if (responses.length === 0) operation.responses.default = { description: 'Not documented.' }
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation }
  }

  return {
    openapi: '3.1.0',
    info: { title: 'Solana pre-flight service', version, description: DESCRIPTION, contact: CONTACT, license: LICENSE },
    servers: SERVERS,
    tags: OPERATION_TAGS,
    paths,
    components: {
      schemas: components.schemas,
      headers: COMPONENT_HEADERS,
      securitySchemes: {
        ApiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'An API key (`pf_live_…`) from POST /api/v1/api-keys.' },
        Bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'An access token from POST /auth/login, /auth/register or /auth/refresh.',
        },
      },
    },
  }
}
