/**
 * GET /openapi.json: an OpenAPI 3.1 document that covers exactly the endpoints of docs/api.md's
 * table, each with the security of its auth mode, and that is whole: every operation has
 * responses, every $ref resolves, path parameters are in OpenAPI form, 429s name their headers.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { createComponentSchemas } from '../../edge/openapi/component-schemas.js'
import { HISTORY_DEFAULT_LIMIT, HISTORY_MAX_LIMIT } from '../../edge/routes/simulations.js'
import { BASE58_SIGNATURE_PATTERN } from '../../edge/schemas/transactions.js'
import { unusedEngine } from '../helpers/unused-engine.js'
import { createTestEdgeWithUser } from '../helpers/edge-inject.js'

const API_DOC_PATH = join(import.meta.dirname, '..', '..', 'docs', 'api.md')

type AuthMode = 'none' | 'bearer' | 'either'

interface Operation {
  operationId?: string
  security?: Array<Record<string, string[]>>
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: Record<string, unknown> }>
  requestBody?: { required: boolean }
  responses: Record<string, { description?: string; headers?: Record<string, unknown>; content?: Record<string, { schema: unknown }> }>
}

interface OpenApi {
  openapi: string
  info: { title: string; version: string; description: string; license?: Record<string, unknown> }
  servers?: Array<Record<string, unknown>>
  paths: Record<string, Record<string, Operation>>
  components: { securitySchemes: Record<string, Record<string, unknown>>; schemas: Record<string, unknown> }
}

/** The rows of docs/api.md's endpoint table: `| METHOD | `/path` | auth | what |`. */
function readDocumentedEndpoints(): Array<{ method: string; path: string; auth: AuthMode }> {
  const doc = readFileSync(API_DOC_PATH, 'utf8')
  const start = doc.indexOf('\n## Endpoints\n')
  const section = doc.slice(start, doc.indexOf('\n## ', start + 1))
  return [...section.matchAll(/^\| (GET|POST|PUT|DELETE|PATCH) \| `([^`]+)` \| (none|bearer|either) \|/gm)].map((match) => ({
    method: match[1] as string,
    path: match[2] as string,
    auth: match[3] as AuthMode,
  }))
}

const SECURITY: Record<AuthMode, unknown> = { none: [], bearer: [{ Bearer: [] }], either: [{ ApiKey: [] }, { Bearer: [] }] }

/** The value a local reference (`#/a/b~1c`) points at in `document`, or undefined. */
function resolvePointer(document: unknown, reference: string): unknown {
  let value: unknown = document
  for (const part of reference.slice(2).split('/')) {
    const key = decodeURIComponent(part).replaceAll('~1', '/').replaceAll('~0', '~')
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return undefined
    value = (value as Record<string, unknown>)[key]
  }
  return value
}

/** Every `$ref` string in `value`. */
function collectReferences(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) collectReferences(item, found)
  else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') found.push(child)
      else collectReferences(child, found)
    }
  }
  return found
}

t.test('the OpenAPI document', async (t) => {
  const { app } = await createTestEdgeWithUser(t, unusedEngine)
  const response = await app.inject({ method: 'GET', url: '/openapi.json' })
  t.equal(response.statusCode, 200)
  t.match(response.headers['content-type'], /^application\/json/)
  const document = response.json() as OpenApi
  const again = await app.inject({ method: 'GET', url: '/openapi.json' })
  t.equal(again.body, response.body, 'the same document on every request')

  t.test("is OpenAPI 3.1.0, the package's version, a license, a relative server and both credentials", async (t) => {
    t.equal(document.openapi, '3.1.0')
    const { version } = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'package.json'), 'utf8')) as { version: string }
    t.equal(document.info.version, version, "info.version is package.json's")
    t.ok(document.info.title && document.info.description, 'a title and a description')
    t.same(document.info.license, { name: 'Apache-2.0', identifier: 'Apache-2.0' }, 'an SPDX identifier, no URL beside it (OpenAPI 3.1)')
    t.same(
      document.servers?.map((server) => server.url),
      ['/'],
      'resolved against where the document was fetched: never a host the edge guessed',
    )
    const proxied = await app.inject({
      method: 'GET',
      url: '/openapi.json',
      headers: { host: 'api.example.com', 'x-forwarded-host': 'evil.example' },
    })
    t.equal(proxied.body, response.body, 'the same bytes whatever Host a request names')
    t.same(document.components.securitySchemes.ApiKey, {
      type: 'apiKey',
      in: 'header',
      name: 'X-API-Key',
      description: String(document.components.securitySchemes.ApiKey?.description),
    })
    t.match(document.components.securitySchemes.Bearer, { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' })
  })

  t.test("covers docs/api.md's endpoint table, and only it, with each row's security", async (t) => {
    const endpoints = readDocumentedEndpoints()
    t.equal(endpoints.length, 40, "docs/api.md's table is read whole")
    for (const { method, path, auth } of endpoints) {
      const operation = document.paths[path]?.[method.toLowerCase()]
      t.ok(operation, `${method} ${path} is documented`)
      t.same(operation?.security, SECURITY[auth], `${method} ${path}: ${auth}`)
    }
    const inTable = new Set(endpoints.map(({ method, path }) => `${method} ${path}`))
    t.equal(inTable.size, endpoints.length, 'each row once')
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const method of Object.keys(operations))
        t.ok(inTable.has(`${method.toUpperCase()} ${path}`), `${method.toUpperCase()} ${path} has its row in docs/api.md`)
    }
  })

  t.test(
    'covers the routes beyond the first endpoint list: refresh, logout, program blocks, submit, the stream, this document',
    async (t) => {
      const extra: Array<[string, string, AuthMode]> = [
        ['post', '/auth/refresh', 'none'],
        ['post', '/auth/logout', 'none'],
        ['get', '/api/v1/solana/program-blocks', 'either'],
        ['put', '/api/v1/solana/program-blocks', 'either'],
        ['delete', '/api/v1/solana/program-blocks/{program_id}', 'either'],
        ['post', '/api/v1/solana/tx/submit', 'either'],
        ['get', '/api/v1/solana/stream', 'either'],
        ['get', '/openapi.json', 'none'],
      ]
      for (const [method, path, auth] of extra)
        t.same(document.paths[path]?.[method]?.security, SECURITY[auth], `${method.toUpperCase()} ${path}: ${auth}`)
    },
  )

  t.test('execute, send and tracking: the contract schemas, their bodies, the signature parameter, their errors', async (t) => {
    const operation = (path: string, method: string) => document.paths[path]?.[method]
    const execute = operation('/api/v1/solana/tx/execute', 'post')
    const send = operation('/api/v1/solana/tx/send', 'post')
    const tracking = operation('/api/v1/solana/transactions/{signature}', 'get')
    const responseSchema = (op: Operation | undefined) => op?.responses['200']?.content?.['application/json']?.schema
    t.same(responseSchema(execute), { $ref: '#/components/schemas/ExecuteResponse' })
    t.same(responseSchema(send), { $ref: '#/components/schemas/SendResponse' })
    t.same(responseSchema(tracking), { $ref: '#/components/schemas/TrackedTransaction' })
    for (const [label, op] of [
      ['execute', execute],
      ['send', send],
      ['tracking', tracking],
    ] as const) {
      t.same(op?.security, SECURITY.either, `${label}: either credential`)
      t.notOk(op?.responses['501'], `${label}: no 501 any more`)
      for (const status of ['401', '422', '429', '500', '503']) t.ok(op?.responses[status], `${label}: documents ${status}`)
    }
    for (const [label, op] of [
      ['execute', execute],
      ['send', send],
    ] as const) {
      t.ok(op?.responses['502'], `${label}: documents 502 (every send endpoint failed)`)
      t.equal(op?.requestBody?.required, true, `${label}: a body`)
    }
    t.ok(tracking?.responses['404'], 'tracking: documents 404 (not yours, or unknown)')
    t.match(tracking?.parameters, [
      { name: 'signature', in: 'path', required: true, schema: { type: 'string', pattern: '^[1-9A-HJ-NP-Za-km-z]{64,88}$' } },
    ])
    t.equal(tracking?.parameters?.length, 1, 'no query parameter')
    const schemas = document.components.schemas as Record<string, { required?: string[] }>
    t.ok(schemas.ExecuteResponse?.required?.includes('decision_reasons'), 'ExecuteResponse is the contract, reasons included')
    t.ok(schemas.TrackedTransaction?.required?.includes('outcome'), 'TrackedTransaction is the contract, outcome included')
  })

  t.test('submit and tips: the contract schemas, the body with its limits, their errors, Retry-After on 503', async (t) => {
    const submit = document.paths['/api/v1/solana/tx/submit']?.post
    const tips = document.paths['/api/v1/solana/tips']?.get
    t.same(submit?.responses['200']?.content?.['application/json']?.schema, { $ref: '#/components/schemas/SubmitResponse' })
    t.same(tips?.responses['200']?.content?.['application/json']?.schema, { $ref: '#/components/schemas/TipFloor' })
    t.same(Object.keys(submit?.responses ?? {}).sort(), ['200', '400', '401', '402', '413', '415', '422', '429', '500', '502', '503'])
    t.same(Object.keys(tips?.responses ?? {}).sort(), ['200', '401', '422', '429', '500', '503'])
    t.match(submit?.responses['422']?.description, /bundle_rejected/, '422 names bundle_rejected')
    t.match(submit?.responses['503']?.description, /relay_unavailable, relay_busy/, '503 names the relay codes')
    t.ok(submit?.responses['503']?.headers?.['Retry-After'], "submit's 503 documents Retry-After (relay_busy)")
    t.ok(
      tips?.responses['503']?.headers?.['Retry-After'],
      "tips' 503 too: an API key looked up while the accounts database is down (accounts_unavailable)",
    )
    t.equal(submit?.requestBody?.required, true)
    t.match(
      String((submit as { description?: unknown } | undefined)?.description),
      /docs\/relay\.md/,
      'the description points to docs/relay.md',
    )
    const body = (submit?.requestBody as { content?: Record<string, { schema: unknown }> } | undefined)?.content?.['application/json']
      ?.schema
    t.match(body, {
      required: ['transaction', 'strategy'],
      additionalProperties: false,
      properties: {
        strategy: { enum: ['direct', 'auto_direct', 'staked_sender', 'managed_tip_bundle'] },
        tip_lamports: { type: 'integer', minimum: 0, maximum: 1_000_000_000_000 },
        deadline_ms: { type: 'integer', minimum: 100, maximum: 60_000 },
        wait_confirmation: { type: 'boolean' },
      },
    })
    const schemas = document.components.schemas as Record<string, { required?: string[] }>
    t.ok(schemas.SubmitResponse?.required?.includes('bundle_lint'), 'SubmitResponse is the contract, its lint included')
    t.ok(schemas.TipFloor?.required?.includes('floor_lamports'), 'TipFloor is the contract')
    const error = document.components.schemas.Error as { properties: { error: { properties: Record<string, unknown> } } }
    t.ok(error.properties.error.properties.bundle_lint, 'the Error envelope documents bundle_lint')
  })

  t.test('the approval scan: its address parameter, its answer with every field, its errors', async (t) => {
    const operation = document.paths['/api/v1/solana/wallets/{address}/approvals']?.get
    t.same(operation?.security, SECURITY.either)
    t.match(operation?.parameters, [
      { name: 'address', in: 'path', required: true, schema: { type: 'string', pattern: '^[1-9A-HJ-NP-Za-km-z]{32,44}$' } },
    ])
    t.equal(operation?.parameters?.length, 1, 'no query parameter')
    t.same(operation?.responses['200']?.content?.['application/json']?.schema, { $ref: '#/components/schemas/ApprovalsResponse' })
    const schemas = document.components.schemas as Record<string, { required?: string[]; properties?: Record<string, unknown> }>
    t.same(schemas.ApprovalsResponse?.required, [
      'wallet',
      'slot',
      'approvals',
      'revoke_transaction',
      'revoke_accounts',
      'truncated',
      'token_accounts_scanned',
    ])
    t.same(schemas.ApprovalsResponse?.properties?.approvals, {
      type: 'array',
      items: { $ref: '#/components/schemas/TokenApproval' },
      description: String((schemas.ApprovalsResponse?.properties?.approvals as { description?: string } | undefined)?.description),
    })
    t.same(schemas.TokenApproval?.required, [
      'token_account',
      'mint',
      'symbol',
      'token_program',
      'balance',
      'decimals',
      'delegate',
      'delegated_amount',
      'close_authority',
      'risk_level',
      'reasons',
      'known_authority',
    ])
    t.same(Object.keys(operation?.responses ?? {}).sort(), ['200', '401', '404', '422', '429', '500', '503'])
  })

  t.test('register, login, refresh and logout document their 429, with Retry-After and no RateLimit-* headers', async (t) => {
    for (const path of ['/auth/register', '/auth/login', '/auth/refresh', '/auth/logout']) {
      t.same(Object.keys(document.paths[path]?.post?.responses['429']?.headers ?? {}).sort(), ['Retry-After', 'X-Request-Id'], path)
    }
  })

  t.test('a 503 that may be accounts_unavailable documents Retry-After; one that cannot does not', async (t) => {
    for (const path of ['/auth/register', '/auth/login', '/auth/refresh', '/auth/logout', '/api/v1/billing/webhook']) {
      t.ok(document.paths[path]?.post?.responses['503']?.headers?.['Retry-After'], `${path}: the accounts database`)
    }
    t.ok(
      document.paths['/api/v1/plans']?.get?.responses['503']?.headers?.['Retry-After'],
      '/api/v1/plans: asks the accounts service whether billing is configured',
    )
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (operation.security?.length && operation.responses['503']) {
          t.ok(operation.responses['503'].headers?.['Retry-After'], `${method.toUpperCase()} ${path}: its credential may be looked up`)
        }
      }
    }
    t.notOk(document.paths['/health']?.get?.responses['503']?.headers?.['Retry-After'], '/health: reaches no accounts service')
  })

  t.test('every operation is whole', async (t) => {
    const operationIds = new Set<string>()
    for (const [path, operations] of Object.entries(document.paths)) {
      t.notMatch(path, /:/, `${path}: parameters in OpenAPI form`)
      const pathNames = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1])
      for (const [method, operation] of Object.entries(operations)) {
        const label = `${method.toUpperCase()} ${path}`
        t.not(method, 'head', `${label}: fastify's HEAD twins are left out`)
        t.ok(Array.isArray(operation.security), `${label}: the route declares its auth mode`)
        t.ok(operation.operationId && !operationIds.has(operation.operationId), `${label}: a unique operationId`)
        operationIds.add(operation.operationId ?? '')
        const statuses = Object.keys(operation.responses)
        t.ok(statuses.length > 0 && !statuses.includes('default'), `${label}: documents its responses`)
        for (const status of ['500', '503']) t.ok(statuses.includes(status), `${label}: documents ${status}`)
        if (operation.security?.length) {
          for (const status of ['401', '429']) t.ok(statuses.includes(status), `${label}: an authenticated route documents ${status}`)
        }
        if (operation.requestBody) t.ok(statuses.includes('422'), `${label}: a body can be invalid`)
        for (const [status, documented] of Object.entries(operation.responses)) {
          t.ok(documented.description, `${label} ${status}: described`)
          if (Number(status) >= 400) {
            t.same(
              documented.content?.['application/json']?.schema,
              { $ref: '#/components/schemas/Error' },
              `${label} ${status}: the Error envelope`,
            )
          }
        }
        const headers429 = Object.keys(operation.responses['429']?.headers ?? {})
        if (operation.responses['429']) t.ok(headers429.includes('Retry-After'), `${label} 429: Retry-After`)
        if (operation.responses['429'] && operation.security?.length) {
          for (const header of ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'])
            t.ok(headers429.includes(header), `${label} 429: ${header}`)
        }
        const pathParameters = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path')
        t.same(
          pathParameters.map((parameter) => parameter.name),
          pathNames,
          `${label}: one parameter per path segment`,
        )
        t.ok(
          pathParameters.every((parameter) => parameter.required === true),
          `${label}: path parameters are required`,
        )
      }
    }
    const error = document.components.schemas.Error as { properties: { error: { required: string[] } } }
    t.same(error.properties.error.required, ['code', 'message', 'request_id'], 'the Error envelope of docs/api.md#errors')
  })

  t.test('every $ref resolves', async (t) => {
    const references = collectReferences(document)
    t.ok(references.length > 20, 'the document uses references')
    for (const reference of new Set(references)) {
      t.ok(reference.startsWith('#/') && resolvePointer(document, reference) !== undefined, `${reference} resolves`)
    }
    const callNode = document.components.schemas.CallNode as { properties: { children: { items: unknown } } }
    t.same(callNode.properties.children.items, { $ref: '#/components/schemas/CallNode' }, 'the call tree is recursive')
  })

  t.test('no route is left answering 501', async (t) => {
    const unavailable = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation.responses['501'])
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    )
    t.same(unavailable, [], 'billing is built')
    t.ok(document.paths['/api/v1/billing/webhook']?.post, "Stripe's webhook route is documented")
    t.ok(document.paths['/api/v1/billing/usage']?.get?.responses['200'], 'usage documents its answer')
  })

  t.test('documents request bodies and the history query', async (t) => {
    t.equal(document.paths['/api/v1/solana/tx/simulate']?.post?.requestBody?.required, true, 'simulate needs a body')
    t.equal(document.paths['/api/v1/billing/checkout']?.post?.requestBody?.required, false, "checkout's body is optional")
    t.notOk(document.paths['/api/v1/billing/portal']?.post?.requestBody, 'portal takes none')
    const query = document.paths['/api/v1/solana/simulations']?.get?.parameters?.filter((parameter) => parameter.in === 'query') ?? []
    t.same(query.map((parameter) => parameter.name).sort(), [
      'cursor',
      'limit',
      'offset',
      'risk_level',
      'signature',
      'since',
      'success',
      'until',
    ])
    t.match(
      query.find((parameter) => parameter.name === 'signature')?.schema,
      { type: 'string', pattern: BASE58_SIGNATURE_PATTERN },
      'the signature is the tracking route’s base58 pattern',
    )
    t.match(
      query.find((parameter) => parameter.name === 'limit')?.schema,
      { maximum: HISTORY_MAX_LIMIT, default: HISTORY_DEFAULT_LIMIT },
      "the route's own limits",
    )
  })
})

t.test('component names stand for one schema each', async (t) => {
  const components = createComponentSchemas()
  components.toOpenApiSchema({ $id: 'Thing', type: 'string' })
  t.same(
    components.toOpenApiSchema({ $id: 'Thing', type: 'string' }),
    { $ref: '#/components/schemas/Thing' },
    'the same schema again is the same reference',
  )
  t.throws(() => components.toOpenApiSchema({ $id: 'Thing', type: 'integer' }), /two different schemas are named Thing/)
})
