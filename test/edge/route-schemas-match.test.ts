/**
 * The response schemas are right: real requests to every route of a real stack (localnet with the
 * Orca fixtures, engine, accounts), each response body validated with ajv against what
 * GET /openapi.json documents for its route and status (the routes' own schemas, as clients read
 * them), and the stream's frames against theirs. Responses are never shaped by the schemas: a
 * REST simulate equals the engine's own answer. Billing authenticates (401) and validates (422)
 * before answering 503 without a Stripe key, and answers its 200s against the Stripe stand-in. Execute, send, submit, tips and tracking answer here from a STAND-IN
 * of the engine's landing (test/helpers/stand-in-transaction-engine.ts) until tests on localnet land
 * transactions for real; their errors and validation are the edge's own.
 */
import t, { type Test } from 'tap'
import { startTestBilling, toSignedWebhook } from '../helpers/billing.js'
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { address, generateKeyPairSigner, some, type Instruction } from '@solana/kit'
import {
  AuthorityType,
  findAssociatedTokenPda,
  getApproveInstruction,
  getCreateAssociatedTokenIdempotentInstruction,
  getSetAuthorityInstruction,
} from '@solana-program/token'
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import type { SimulateResponse } from '../../engine/contract/simulate-response.js'
import { createInProcessEngineClient } from '../../engine/client/engine-client.js'
import { createEdgeServer } from '../../edge/server.js'
import { streamErrorFrameSchema, streamResultFrameSchema } from '../../edge/schemas/stream.js'
import { createInProcessAdmission } from '../../lib/limits/in-process-admission.js'
import { createDemoWalletSigners, DEMO_MINT, DEMO_TOKEN_ACCOUNTS, DEMO_WALLETS } from '../../localnet/seed/demo-state.js'
import { createTestUserService, registerTestUser } from '../helpers/user-service.js'
import { assertErrorEnvelope, createTestEdgeWithUser } from '../helpers/edge-inject.js'
import { ORCA_ACCOUNTS_DIR } from '../helpers/fixtures.js'
import { quietLogger, startStack } from '../helpers/stack.js'
import { asSigner, buildTransaction, toBase64, transferSol } from '../helpers/transactions.js'
import { buildSolUsdcSwap, WALLET } from '../engine/detection/swaps/orca-fixture.js'
import { createStandInTransactionEngine } from '../helpers/stand-in-transaction-engine.js'
import { createRetryableError, ServiceError } from '../../lib/errors.js'

interface DocumentedResponse {
  headers?: Record<string, unknown>
  content?: { 'application/json': { schema: unknown } }
}
interface OpenApi {
  paths: Record<string, Record<string, { responses: Record<string, DocumentedResponse> }>>
  components: { schemas: Record<string, unknown> }
}

const COMPONENT_PREFIX = '#/components/schemas/'
const TOKEN_PROGRAM = address('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')

/** The schema with component references as ajv keys (`#/components/schemas/X` → `X`). */
function toAjvSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toAjvSchema)
  if (schema === null || typeof schema !== 'object') return schema
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string' && value.startsWith(COMPONENT_PREFIX)
        ? value.slice(COMPONENT_PREFIX.length)
        : toAjvSchema(value),
    ]),
  )
}

/** Validates responses against the document, and remembers which route answered which status. */
function createResponseChecker(document: OpenApi) {
  // strict: a schema keyword ajv does not know, or a required field with no definition, fails the compile.
  const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true })
  addFormats.default(ajv)
  for (const [name, schema] of Object.entries(document.components.schemas)) ajv.addSchema(toAjvSchema(schema) as object, name)
  const validators = new Map<string, ValidateFunction>()
  const observed = new Map<string, Set<number>>()

  return {
    observed,
    /** Notes a status answered outside inject (the WebSocket upgrade) after checking it is documented. */
    record(t: Test, method: string, path: string, status: number) {
      const key = `${method} ${path}`
      t.ok(document.paths[path]?.[method.toLowerCase()]?.responses[String(status)], `${key} documents status ${status}`)
      observed.set(key, (observed.get(key) ?? new Set()).add(status))
    },
    /** Asserts `response` is documented for `method path` and its body fits the documented schema. */
    check(t: Test, method: string, path: string, response: LightMyRequestResponse, label: string): LightMyRequestResponse {
      const operation = document.paths[path]?.[method.toLowerCase()]
      const key = `${method} ${path}`
      t.ok(operation, `${key} is documented`)
      const documented = operation?.responses[String(response.statusCode)]
      t.ok(documented, `${label}: ${key} documents status ${response.statusCode}`, { body: response.body.slice(0, 300) })
      if (!operation || !documented) return response
      observed.set(key, (observed.get(key) ?? new Set()).add(response.statusCode))
      const schema = documented.content?.['application/json'].schema
      if (schema === undefined) return response
      const id = `${key} ${response.statusCode}`
      let validate = validators.get(id)
      if (!validate) validators.set(id, (validate = ajv.compile(toAjvSchema(schema) as object)))
      t.match(response.headers['content-type'], /^application\/json/, `${label}: JSON`)
      const valid = validate(JSON.parse(response.body))
      t.ok(valid, `${label}: the body fits the ${response.statusCode} schema of ${key}`, { errors: validate.errors?.slice(0, 5) })
      return response
    },
  }
}

t.test('every route answers what its schema documents', async (t) => {
  const stack = await startStack(t, { accountsDir: ORCA_ACCOUNTS_DIR })
  const { app, user, users } = await createTestEdgeWithUser(t, stack)
  const documentResponse = await app.inject({ method: 'GET', url: '/openapi.json' })
  t.equal(documentResponse.statusCode, 200)
  const document = documentResponse.json() as OpenApi
  const checker = createResponseChecker(document)
  checker.check(t, 'GET', '/openapi.json', documentResponse, 'the document itself')

  const bearer = { authorization: `Bearer ${user.token}` }
  const apiKey = { 'x-api-key': user.apiKey }
  /** Sends a request and checks its response against `path`'s documentation (`path` in OpenAPI form). */
  const call = async (label: string, path: string, options: InjectOptions & { method: string }, expectedStatus: number) => {
    const response = await app.inject(options)
    t.equal(response.statusCode, expectedStatus, `${label}: HTTP ${expectedStatus}`, { body: response.body.slice(0, 500) })
    return checker.check(t, options.method, path, response, label)
  }
  const json = (method: string, url: string, payload: unknown, headers: Record<string, string> = {}) => ({
    method,
    url,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(payload),
  })

  t.test('platform and liveness', async () => {
    await call('health', '/health', { method: 'GET', url: '/health' }, 200)
    await call('plans', '/api/v1/plans', { method: 'GET', url: '/api/v1/plans' }, 200)
    await call('status', '/api/v1/status', { method: 'GET', url: '/api/v1/status' }, 200)
  })

  t.test('account routes', async (t) => {
    const email = `schemas-${process.pid}-${Date.now()}@example.com`
    const credentials = { email, password: 'correct horse battery staple' }
    const registered = (await call('register', '/auth/register', json('POST', '/auth/register', credentials), 200)).json()
    await call('register again', '/auth/register', json('POST', '/auth/register', credentials), 409)
    await call('register: short password', '/auth/register', json('POST', '/auth/register', { email: `x${email}`, password: 'short' }), 422)
    await call(
      'register: not JSON',
      '/auth/register',
      { method: 'POST', url: '/auth/register', headers: { 'content-type': 'application/json' }, payload: '{' },
      400,
    )
    await call(
      'register: text/plain',
      '/auth/register',
      { method: 'POST', url: '/auth/register', headers: { 'content-type': 'text/plain' }, payload: 'x' },
      415,
    )
    await call('register: too large', '/auth/register', json('POST', '/auth/register', { email, password: 'p'.repeat(300 * 1024) }), 413)
    await call('login', '/auth/login', json('POST', '/auth/login', credentials), 200)
    await call('login: wrong password', '/auth/login', json('POST', '/auth/login', { email, password: 'wrong password!' }), 401)
    await call('refresh', '/auth/refresh', json('POST', '/auth/refresh', { refresh_token: registered.refresh_token }), 200)
    await call('refresh: spent token', '/auth/refresh', json('POST', '/auth/refresh', { refresh_token: registered.refresh_token }), 401)
    const loggingOut = (await call('login to log out', '/auth/login', json('POST', '/auth/login', credentials), 200)).json()
    await call('logout', '/auth/logout', json('POST', '/auth/logout', { refresh_token: loggingOut.refresh_token }), 200)
    await call('logout: an unknown token', '/auth/logout', json('POST', '/auth/logout', { refresh_token: 'pfr_unknown' }), 200)
    await call('logout: no refresh_token', '/auth/logout', json('POST', '/auth/logout', {}), 422)
    await call('me', '/auth/me', { method: 'GET', url: '/auth/me', headers: { authorization: `Bearer ${registered.token}` } }, 200)
    await call('me: an API key on a bearer route', '/auth/me', { method: 'GET', url: '/auth/me', headers: apiKey }, 401)
    await call(
      'delete account',
      '/auth/account',
      { method: 'DELETE', url: '/auth/account', headers: { authorization: `Bearer ${registered.token}` } },
      200,
    )
    await call('delete account: no credential', '/auth/account', { method: 'DELETE', url: '/auth/account' }, 401)
    t.pass()
  })

  t.test('API keys', async (t) => {
    const created = (
      await call(
        'create',
        '/api/v1/api-keys',
        json('POST', '/api/v1/api-keys', { name: 'schemas', expires_at: '2999-01-01T00:00:00Z' }, bearer),
        200,
      )
    ).json()
    await call('create: empty name', '/api/v1/api-keys', json('POST', '/api/v1/api-keys', { name: '' }, bearer), 422)
    const listed = await call('list', '/api/v1/api-keys', { method: 'GET', url: '/api/v1/api-keys', headers: bearer }, 200)
    t.ok(listed.json().keys.length >= 2, 'the list holds keys to check')
    await call('list: no credential', '/api/v1/api-keys', { method: 'GET', url: '/api/v1/api-keys' }, 401)
    await call(
      'rotate',
      '/api/v1/api-keys/{id}/rotate',
      { method: 'POST', url: `/api/v1/api-keys/${created.id}/rotate`, headers: bearer },
      200,
    )
    await call(
      'rotate: unknown id',
      '/api/v1/api-keys/{id}/rotate',
      { method: 'POST', url: '/api/v1/api-keys/nope/rotate', headers: bearer },
      404,
    )
    await call('revoke', '/api/v1/api-keys/{id}', { method: 'DELETE', url: `/api/v1/api-keys/${created.id}`, headers: bearer }, 200)
    await call('revoke: again', '/api/v1/api-keys/{id}', { method: 'DELETE', url: `/api/v1/api-keys/${created.id}`, headers: bearer }, 404)
  })

  t.test('simulate, batch and history', async (t) => {
    const { value } = await stack.rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
    const build = (feePayer: string, instructions: Instruction[]) =>
      buildTransaction({ feePayer: address(feePayer), blockhash: value.blockhash, instructions })
    // A swap (slippage, MEV factors), a received token with an approval (token risk, findings), a new token account (CPIs), a failure.
    const swap = toBase64(await build(WALLET.address, [buildSolUsdcSwap({ amount: 100_000_000n, otherAmountThreshold: 3_000_000n })]))
    const [ata] = await findAssociatedTokenPda({ owner: DEMO_WALLETS[1], mint: DEMO_MINT, tokenProgram: TOKEN_PROGRAM })
    const receiveAndApprove = toBase64(
      await build(DEMO_WALLETS[1], [
        getCreateAssociatedTokenIdempotentInstruction({ payer: asSigner(DEMO_WALLETS[1]), ata, owner: DEMO_WALLETS[1], mint: DEMO_MINT }),
        getApproveInstruction({ source: DEMO_TOKEN_ACCOUNTS[1], delegate: DEMO_WALLETS[2], owner: asSigner(DEMO_WALLETS[1]), amount: 5n }),
      ]),
    )
    const nobody = await generateKeyPairSigner()
    const failing = toBase64(await build(nobody.address, [transferSol(nobody.address, DEMO_WALLETS[0], 1n)]))
    const simulate = (label: string, body: unknown, headers: Record<string, string>, status: number) =>
      call(label, '/api/v1/solana/tx/simulate', json('POST', '/api/v1/solana/tx/simulate', body, headers), status)

    const swapped = (await simulate('a swap', { transaction: swap }, apiKey, 200)).json() as SimulateResponse
    t.ok(
      swapped.slippage && swapped.risk.mev_factors && swapped.fee_details && swapped.landing_estimate,
      'the swap fills the nested objects',
    )
    const received = (
      await simulate('a received token', { transaction: receiveAndApprove, policy: 'permissive' }, bearer, 200)
    ).json() as SimulateResponse
    const newOwner = await generateKeyPairSigner()
    const [newAta] = await findAssociatedTokenPda({ owner: newOwner.address, mint: DEMO_MINT, tokenProgram: TOKEN_PROGRAM })
    const createAccount = toBase64(
      await build(DEMO_WALLETS[0], [
        getCreateAssociatedTokenIdempotentInstruction({
          payer: asSigner(DEMO_WALLETS[0]),
          ata: newAta,
          owner: newOwner.address,
          mint: DEMO_MINT,
        }),
      ]),
    )
    const created = (await simulate('a new token account', { transaction: createAccount }, apiKey, 200)).json() as SimulateResponse
    t.ok(created.success && created.call_tree.some((node) => node.children.length > 0), 'the call tree has CPIs', {
      tree: created.call_tree,
    })
    t.ok(received.risk.token_risk && received.risk.findings.length > 0, 'token risk and a finding')
    const failed = (
      await simulate('a failing transfer', { transaction: failing, replace_recent_blockhash: true }, apiKey, 200)
    ).json() as SimulateResponse
    t.equal(failed.failure_code, 'insufficient_sol')
    t.ok(failed.transaction_error !== null && failed.replacement_blockhash, 'a transaction error and a replacement blockhash')
    await simulate('undecodable bytes', { transaction: 'AAAA' }, apiKey, 422)
    await simulate('a bad field', { transaction: swap, timeout_ms: 5 }, apiKey, 422)
    await simulate('no credential', { transaction: swap }, {}, 401)

    // The schemas never shape a response: the REST body is the engine's own answer, field for field.
    const me = (await app.inject({ method: 'GET', url: '/auth/me', headers: bearer })).json() as { id: string }
    // (A transfer from an empty payer: nothing in its answer waits on data still loading, unlike the swap's pools.)
    const direct = await createInProcessEngineClient(stack.engine).simulate(Buffer.from(failing, 'base64'), {
      tenantId: me.id,
      replaceRecentBlockhash: true,
    })
    const { latency_ms: _restLatency, cached: _restCached, ...rest } = failed
    const { latency_ms: _directLatency, cached: _directCached, ...engineAnswer } = direct
    t.same(rest, JSON.parse(JSON.stringify(engineAnswer)), 'REST sends what the engine answered')

    const batch = await call(
      'a batch with a bad item',
      '/api/v1/solana/tx/simulate-batch',
      json('POST', '/api/v1/solana/tx/simulate-batch', { transactions: [createAccount, 'not base64!', failing] }, apiKey),
      200,
    )
    t.match(batch.json(), {
      total: 3,
      succeeded: 1,
      failed: 2,
      results: [
        { index: 0, success: true },
        { index: 1, error: { code: 'invalid_transaction' } },
        { index: 2, success: false },
      ],
    })
    await call(
      'an empty batch',
      '/api/v1/solana/tx/simulate-batch',
      json('POST', '/api/v1/solana/tx/simulate-batch', { transactions: [] }, apiKey),
      422,
    )
    await call(
      'a batch without credential',
      '/api/v1/solana/tx/simulate-batch',
      json('POST', '/api/v1/solana/tx/simulate-batch', { transactions: [swap] }),
      401,
    )

    const page = await call(
      'history',
      '/api/v1/solana/simulations',
      { method: 'GET', url: '/api/v1/solana/simulations?limit=2', headers: apiKey },
      200,
    )
    t.equal(page.json().simulations.length, 2, 'a page of history to check')
    t.type(page.json().next_cursor, 'string', 'with a cursor')
    await call(
      'history: limit 0',
      '/api/v1/solana/simulations',
      { method: 'GET', url: '/api/v1/solana/simulations?limit=0', headers: apiKey },
      422,
    )
    await call('history: no credential', '/api/v1/solana/simulations', { method: 'GET', url: '/api/v1/solana/simulations' }, 401)
    const stats = await call(
      'stats',
      '/api/v1/solana/simulations/stats',
      { method: 'GET', url: '/api/v1/solana/simulations/stats', headers: bearer },
      200,
    )
    t.ok(stats.json().total_simulations >= 5, 'statistics over the simulations above')
    await call(
      'stats: a parameter',
      '/api/v1/solana/simulations/stats',
      { method: 'GET', url: '/api/v1/solana/simulations/stats?x=1', headers: bearer },
      422,
    )
    await call('stream without Upgrade', '/api/v1/solana/stream', { method: 'GET', url: '/api/v1/solana/stream', headers: apiKey }, 200)
    await call('stream without credential', '/api/v1/solana/stream', { method: 'GET', url: '/api/v1/solana/stream' }, 401)
  })

  t.test('the stream opens (101) and its frames fit their schemas', async (t) => {
    // The frame schemas are not in the document (OpenAPI has no WebSocket messages): checked directly.
    const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true })
    addFormats.default(ajv)
    const frameSchemas = { result: ajv.compile(streamResultFrameSchema), error: ajv.compile(streamErrorFrameSchema) }
    const socket = await app.injectWS('/api/v1/solana/stream', { headers: apiKey })
    t.teardown(() => socket.terminate())
    checker.record(t, 'GET', '/api/v1/solana/stream', 101)
    const frames: unknown[] = []
    const received = new Promise<void>((resolve) => {
      socket.on('message', (data) => {
        frames.push(JSON.parse(String(data)))
        if (frames.length === 2) resolve()
      })
    })
    const { value } = await stack.rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
    const transfer = await buildTransaction({
      feePayer: DEMO_WALLETS[0],
      blockhash: value.blockhash,
      instructions: [transferSol(DEMO_WALLETS[0], DEMO_WALLETS[1], 1n)],
    })
    socket.send(JSON.stringify({ id: 'a', transaction: toBase64(transfer) }))
    socket.send(JSON.stringify({ id: 'b', transaction: toBase64(transfer), timeout_ms: 5 }))
    await received
    const byId = Object.fromEntries(frames.map((frame) => [(frame as { id: string }).id, frame]))
    t.ok(frameSchemas.result(byId.a), 'an answer fits streamResultFrameSchema', { errors: frameSchemas.result.errors?.slice(0, 5) })
    t.ok(frameSchemas.error(byId.b), 'an error fits streamErrorFrameSchema', {
      errors: frameSchemas.error.errors?.slice(0, 5),
      frame: byId.b,
    })
    t.match(byId.b, { error: { code: 'validation_error' } })
  })

  t.test('program blocks', async () => {
    const path = '/api/v1/solana/program-blocks'
    const program = '11111111111111111111111111111111'
    await call('put', path, json('PUT', path, { program_ids: [program] }, apiKey), 200)
    await call('put: not a list', path, json('PUT', path, { program_ids: program }, apiKey), 422)
    await call('get', path, { method: 'GET', url: path, headers: bearer }, 200)
    await call('get: no credential', path, { method: 'GET', url: path }, 401)
    await call('delete', `${path}/{program_id}`, { method: 'DELETE', url: `${path}/${program}`, headers: apiKey }, 200)
    await call('delete: not listed', `${path}/{program_id}`, { method: 'DELETE', url: `${path}/${program}`, headers: apiKey }, 404)
  })

  t.test('webhooks', async () => {
    const path = '/api/v1/webhooks'
    // A public address literal: the production URL policy takes it without a DNS lookup.
    const body = { url: 'https://93.184.215.14/hook', events: ['transaction.landed'], description: 'schema check' }
    const created = await call('create', path, json('POST', path, body, apiKey), 200)
    await call('create: bad events', path, json('POST', path, { url: body.url, events: ['nope'] }, apiKey), 422)
    await call('create: loopback', path, json('POST', path, { url: 'https://127.0.0.1/x', events: ['quota.exceeded'] }, apiKey), 422)
    await call('list', path, { method: 'GET', url: path, headers: bearer }, 200)
    const id = (created.json() as { id: string }).id
    await call('rotate', `${path}/{id}/rotate-secret`, { method: 'POST', url: `${path}/${id}/rotate-secret`, headers: apiKey }, 200)
    const sent = await call('test', `${path}/{id}/test`, { method: 'POST', url: `${path}/${id}/test`, headers: apiKey }, 200)
    const deliveryId = (sent.json() as { id: string }).id
    const redeliver = `${path}/{id}/deliveries/{delivery_id}/redeliver`
    await call('redeliver', redeliver, { method: 'POST', url: `${path}/${id}/deliveries/${deliveryId}/redeliver`, headers: apiKey }, 200)
    await call('deliveries', `${path}/{id}/deliveries`, { method: 'GET', url: `${path}/${id}/deliveries`, headers: bearer }, 200)
    await call('delete', `${path}/{id}`, { method: 'DELETE', url: `${path}/${id}`, headers: apiKey }, 200)
    await call('delete: gone', `${path}/{id}`, { method: 'DELETE', url: `${path}/${id}`, headers: apiKey }, 404)
  })

  t.test('wallet approvals', async (t) => {
    // A real delegation and a foreign close authority, so every field of the answer has a value.
    const [, , holder] = await createDemoWalletSigners()
    const { value } = await stack.rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
    const approve = await buildTransaction({
      feePayer: holder.address,
      blockhash: value.blockhash,
      instructions: [
        getApproveInstruction({ source: DEMO_TOKEN_ACCOUNTS[2], delegate: DEMO_WALLETS[0], owner: holder, amount: 2n ** 64n - 1n }),
        getSetAuthorityInstruction({
          owned: DEMO_TOKEN_ACCOUNTS[2],
          owner: holder,
          authorityType: AuthorityType.CloseAccount,
          newAuthority: some(DEMO_WALLETS[1]),
        }),
      ],
      signers: [holder],
    })
    await stack.rpc('sendTransaction', [toBase64(approve), { encoding: 'base64' }])
    const path = '/api/v1/solana/wallets/{address}/approvals'
    const url = `/api/v1/solana/wallets/${holder.address}/approvals`
    const scan = (await call('scan', path, { method: 'GET', url, headers: apiKey }, 200)).json()
    t.match(scan, { approvals: [{ delegate: DEMO_WALLETS[0], close_authority: DEMO_WALLETS[1], risk_level: 'critical' }] })
    t.type(scan.revoke_transaction, 'string')
    await call('scan: no credential', path, { method: 'GET', url }, 401)
    await call('scan: not an address', path, { method: 'GET', url: '/api/v1/solana/wallets/0OIl/approvals', headers: bearer }, 422)
    await call('scan: too long', path, { method: 'GET', url: `/api/v1/solana/wallets/${'1'.repeat(101)}/approvals`, headers: apiKey }, 404)
  })

  t.test('execute, send, submit, tips and tracking (stand-in engine: nothing lands)', async (t) => {
    const standIn = createStandInTransactionEngine(stack.engine)
    const { app: doors, user: caller } = await createTestEdgeWithUser(t, createInProcessEngineClient(standIn.engine), { users })
    const other = await registerTestUser(doors, 'other')
    const key = { 'x-api-key': caller.apiKey }
    const callDoors = async (label: string, path: string, options: InjectOptions & { method: string }, expectedStatus: number) => {
      const response = await doors.inject(options)
      t.equal(response.statusCode, expectedStatus, `${label}: HTTP ${expectedStatus}`, { body: response.body.slice(0, 500) })
      return checker.check(t, options.method, path, response, label)
    }
    const signer = await generateKeyPairSigner()
    const { value } = await stack.rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
    const build = async (lamports: bigint, signed: boolean) =>
      toBase64(
        await buildTransaction({
          feePayer: signer.address,
          blockhash: value.blockhash,
          instructions: [transferSol(signer.address, DEMO_WALLETS[0], lamports)],
          ...(signed ? { signers: [signer] } : {}),
        }),
      )
    const executePath = '/api/v1/solana/tx/execute'
    const sendPath = '/api/v1/solana/tx/send'
    const executed = (
      await callDoors(
        'execute',
        executePath,
        json('POST', executePath, { transaction: await build(1n, true), policy: 'strict', wait_confirmation: false }, key),
        200,
      )
    ).json() as { signature: string }
    assertErrorEnvelope(
      t,
      await callDoors('execute: unsigned', executePath, json('POST', executePath, { transaction: await build(2n, false) }, key), 422),
      'invalid_signature',
      'execute: unsigned',
    )
    await callDoors('execute: not base64', executePath, json('POST', executePath, { transaction: 'not base64!' }, key), 422)
    await callDoors('execute: no credential', executePath, json('POST', executePath, { transaction: await build(3n, true) }), 401)
    await callDoors('send', sendPath, json('POST', sendPath, { transaction: await build(4n, true), max_retries: 0 }, key), 200)
    assertErrorEnvelope(
      t,
      await callDoors('send: relay', sendPath, json('POST', sendPath, { transaction: await build(5n, true), use_relay: true }, key), 503),
      'relay_unavailable',
      'send: no relay',
    )
    await callDoors(
      'send: max_retries 6',
      sendPath,
      json('POST', sendPath, { transaction: await build(6n, true), max_retries: 6 }, key),
      422,
    )
    const trackingPath = '/api/v1/solana/transactions/{signature}'
    const url = `/api/v1/solana/transactions/${executed.signature}`
    await callDoors('tracking', trackingPath, { method: 'GET', url, headers: key }, 200)
    standIn.advance(await getUserId(caller.token), executed.signature, 'confirmed')
    const landed = (await callDoors('tracking: landed', trackingPath, { method: 'GET', url, headers: key }, 200)).json()
    t.match(landed, { status: 'confirmed', outcome: { matched: false } }, 'the outcome fits the schema too')
    await callDoors('tracking: not yours', trackingPath, { method: 'GET', url, headers: { 'x-api-key': other.apiKey } }, 404)
    await callDoors(
      'tracking: not base58',
      trackingPath,
      { method: 'GET', url: `/api/v1/solana/transactions/${'0'.repeat(88)}`, headers: key },
      422,
    )
    await callDoors('tracking: no credential', trackingPath, { method: 'GET', url }, 401)

    const submitPath = '/api/v1/solana/tx/submit'
    const submitted = await callDoors(
      'submit',
      submitPath,
      json('POST', submitPath, { transaction: await build(7n, true), strategy: 'managed_tip_bundle', tip_lamports: 5_000 }, key),
      200,
    )
    t.match(submitted.json(), { strategy: 'managed_tip_bundle', route: 'relay_bundle', billable: true })
    standIn.rejectNextSubmit(
      new ServiceError('bundle_rejected', undefined, {
        details: { bundle_lint: [{ rule: 'tip_floor', ok: false, detail: 'Under the floor.' }] },
      }),
    )
    const rejected = await callDoors(
      'submit: bundle_rejected',
      submitPath,
      json('POST', submitPath, { transaction: await build(8n, true), strategy: 'managed_tip_bundle' }, key),
      422,
    )
    t.match(rejected.json(), { error: { code: 'bundle_rejected', bundle_lint: [{ rule: 'tip_floor', ok: false }] } }, 'the lint fits Error')
    standIn.rejectNextSubmit(createRetryableError('relay_busy', 2))
    const busy = await callDoors(
      'submit: relay_busy',
      submitPath,
      json('POST', submitPath, { transaction: await build(9n, true), strategy: 'auto_direct', deadline_ms: 100 }, key),
      503,
    )
    t.equal(busy.headers['retry-after'], '2', 'relay_busy: Retry-After')
    await callDoors(
      'submit: unknown strategy',
      submitPath,
      json('POST', submitPath, { transaction: await build(10n, true), strategy: 'jito' }, key),
      422,
    )
    await callDoors(
      'submit: no credential',
      submitPath,
      json('POST', submitPath, { transaction: await build(11n, true), strategy: 'direct' }),
      401,
    )
    const tipsPath = '/api/v1/solana/tips'
    await callDoors('tips', tipsPath, { method: 'GET', url: tipsPath, headers: key }, 200)
    await callDoors('tips: no credential', tipsPath, { method: 'GET', url: tipsPath }, 401)

    /** The user id behind a bearer token. */
    async function getUserId(token: string): Promise<string> {
      return (
        (await doors.inject({ method: 'GET', url: '/auth/me', headers: { authorization: `Bearer ${token}` } })).json() as { id: string }
      ).id
    }
  })

  t.test('without a Stripe key billing answers 503 billing_unavailable after auth and validation', async (t) => {
    const routes: Array<{ path: string; method: string; credential: Record<string, string>; good?: unknown; bad?: unknown }> = [
      { path: '/api/v1/billing/usage', method: 'GET', credential: bearer },
      { path: '/api/v1/billing/subscription', method: 'GET', credential: bearer },
      {
        path: '/api/v1/billing/checkout',
        method: 'POST',
        credential: bearer,
        good: { success_url: 'https://example.com/ok' },
        bad: { success_url: 'not a uri' },
      },
      { path: '/api/v1/billing/portal', method: 'POST', credential: bearer },
    ]
    for (const { path, method, credential, good, bad } of routes) {
      const request = (payload: unknown, headers: Record<string, string>) =>
        payload === undefined ? { method, url: path, headers } : json(method, path, payload, headers)
      assertErrorEnvelope(
        t,
        await call(`${path} without credential`, path, request(good, {}), 401),
        'unauthorized',
        `${path} without credential`,
      )
      const refused = await call(`${path}`, path, request(good, credential), 503)
      assertErrorEnvelope(t, refused, 'billing_unavailable', path)
      t.match(refused.json().error.message, /STRIPE_SECRET_KEY/, `${path}: names what the operator sets`)
      if (bad !== undefined)
        assertErrorEnvelope(
          t,
          await call(`${path}: bad body`, path, request(bad, credential), 422),
          'validation_error',
          `${path}: bad body`,
        )
    }
    assertErrorEnvelope(
      t,
      await call('billing: an API key', '/api/v1/billing/usage', { method: 'GET', url: '/api/v1/billing/usage', headers: apiKey }, 401),
      'unauthorized',
      'billing takes the bearer token only',
    )
    const noBody = await call(
      'checkout without a body',
      '/api/v1/billing/checkout',
      { method: 'POST', url: '/api/v1/billing/checkout', headers: bearer },
      503,
    )
    assertErrorEnvelope(t, noBody, 'billing_unavailable', 'checkout: the body is optional')
    const nullBody = await call(
      'checkout: a null body',
      '/api/v1/billing/checkout',
      { method: 'POST', url: '/api/v1/billing/checkout', headers: { ...bearer, 'content-type': 'application/json' }, payload: 'null' },
      422,
    )
    assertErrorEnvelope(t, nullBody, 'validation_error', 'checkout: a body that is sent must be an object')
    const webhook = '/api/v1/billing/webhook'
    const unsigned = await call('webhook without Stripe-Signature', webhook, json('POST', webhook, { id: 'evt_1' }, {}), 400)
    assertErrorEnvelope(t, unsigned, 'invalid_stripe_signature', 'the webhook needs Stripe-Signature')
    const signed = await call(
      'webhook, billing off',
      webhook,
      json('POST', webhook, { id: 'evt_1' }, { 'stripe-signature': 't=1,v1=00' }),
      503,
    )
    assertErrorEnvelope(t, signed, 'billing_unavailable', 'the webhook without a Stripe key')
    const text = await call(
      'webhook: not JSON',
      webhook,
      { method: 'POST', url: webhook, headers: { 'content-type': 'text/plain', 'stripe-signature': 't=1,v1=00' }, payload: 'x' },
      415,
    )
    assertErrorEnvelope(t, text, 'unsupported_media_type', 'the webhook takes JSON only')
  })

  t.test('429 with Retry-After and RateLimit-* headers', async (t) => {
    // Limits on, and the test clock stands still: the free plan's 10 tokens do not refill.
    const limited = createEdgeServer({
      engine: createInProcessEngineClient(stack.engine),
      userService: users.userService,
      signingKey: users.signingKey,
      invalidations: users.bus,
      now: users.clock.now,
      logger: quietLogger,
      bodyLimitBytes: 256 * 1024,
      admission: createInProcessAdmission(),
    })
    await limited.ready()
    t.teardown(() => limited.close())
    const caller = await registerTestUser(limited, 'limited')
    const path = '/api/v1/solana/program-blocks'
    let response: LightMyRequestResponse | undefined
    for (let i = 0; i < 20 && response?.statusCode !== 429; i++) {
      response = await limited.inject({ method: 'GET', url: path, headers: { 'x-api-key': caller.apiKey } })
      if (response.statusCode === 200) t.type(response.headers['ratelimit-remaining'], 'string', 'an admitted call says what is left')
    }
    if (!response) throw new Error('no request was sent')
    checker.check(t, 'GET', path, response, 'rate limited')
    assertErrorEnvelope(t, response, 'rate_limited', 'rate limited')
    for (const header of ['retry-after', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'ratelimit-policy']) {
      t.type(response.headers[header], 'string', `429 carries ${header}`)
    }
    const documented = document.paths[path]?.get?.responses['429']?.headers ?? {}
    t.same(
      Object.keys(documented).sort(),
      ['RateLimit-Limit', 'RateLimit-Policy', 'RateLimit-Remaining', 'RateLimit-Reset', 'Retry-After', 'X-Request-Id'],
      'the document names them',
    )
  })

  t.test('billing with Stripe (the stand-in) answers its 200s', async (t) => {
    const { standIn, settings } = await startTestBilling(t)
    const billingUsers = await createTestUserService(t, { billing: settings })
    const billing = await createTestEdgeWithUser(t, stack, { users: billingUsers })
    const headers = { authorization: `Bearer ${billing.user.token}` }
    const callBilling = async (label: string, path: string, options: InjectOptions & { method: string }, expectedStatus: number) => {
      const response = await billing.app.inject(options)
      t.equal(response.statusCode, expectedStatus, `${label}: HTTP ${expectedStatus}`, { body: response.body.slice(0, 500) })
      return checker.check(t, options.method, path, response, label)
    }
    const usagePath = '/api/v1/billing/usage'
    const subscriptionPath = '/api/v1/billing/subscription'
    const portalPath = '/api/v1/billing/portal'
    const checkoutPath = '/api/v1/billing/checkout'
    const webhookPath = '/api/v1/billing/webhook'
    await callBilling('usage', usagePath, { method: 'GET', url: usagePath, headers }, 200)
    await callBilling('subscription', subscriptionPath, { method: 'GET', url: subscriptionPath, headers }, 200)
    await callBilling('portal before a customer', portalPath, { method: 'POST', url: portalPath, headers }, 400)
    const checkout = (await callBilling('checkout', checkoutPath, json('POST', checkoutPath, {}, headers), 200)).json() as {
      session_id: string
    }
    const { events } = standIn.completeCheckout(checkout.session_id)
    for (const event of events) {
      const { payload, header } = toSignedWebhook(standIn, event)
      const request = {
        method: 'POST',
        url: webhookPath,
        headers: { 'content-type': 'application/json', 'stripe-signature': header },
        payload,
      }
      await callBilling(`webhook ${event.type}`, webhookPath, request, 200)
    }
    await callBilling('checkout while subscribed', checkoutPath, json('POST', checkoutPath, {}, headers), 409)
    await callBilling('portal', portalPath, { method: 'POST', url: portalPath, headers }, 200)
    const bad = {
      method: 'POST',
      url: webhookPath,
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      payload: '{}',
    }
    await callBilling('webhook: bad signature', webhookPath, bad, 400)
  })

  t.test('every documented route was exercised', async (t) => {
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const key = `${method.toUpperCase()} ${path}`
        const seen = checker.observed.get(key)
        t.ok(seen && seen.size > 0, `${key} answered a checked request`)
        const primary = ['200', '501'].find((status) => status in operation.responses)
        if (primary) t.ok(seen?.has(Number(primary)), `${key} answered its ${primary}`)
      }
    }
  })
})
