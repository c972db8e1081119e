/**
 * `POST /api/v1/solana/tx/simulate` request validation through fastify's inject, on a real stack:
 * every rejected request answers the Error envelope with the code and status of docs/api.md#errors,
 * a request id equal to the x-request-id header, and never a 500.
 */
import { createHash } from 'node:crypto'
import t from 'tap'
import { generateKeyPairSigner } from '@solana/kit'
import type { SimulateResponse } from '../../engine/contract/simulate-response.js'
import { startStack } from '../helpers/stack.js'
import { buildTransaction, toBase64, transferSol } from '../helpers/transactions.js'
import { assertErrorEnvelope, createTestEdgeWithUser, getJson, postSimulate, SIMULATE_PATH } from '../helpers/edge-inject.js'

const BODY_LIMIT_BYTES = 8 * 1024

/** Deterministic "random" bytes, so a failure reproduces. */
function getNoise(length: number, label: string): Uint8Array {
  const out = new Uint8Array(length)
  for (let block = 0; block * 32 < length; block++) {
    out.set(
      createHash('sha256')
        .update(`${label}:${block}`)
        .digest()
        .subarray(0, Math.min(32, length - block * 32)),
      block * 32,
    )
  }
  return out
}

function padTo(bytes: Uint8Array, length: number): Uint8Array {
  const out = new Uint8Array(length)
  out.set(bytes)
  return out
}

t.test('simulate route validation', async (t) => {
  const stack = await startStack(t)
  const { app, user } = await createTestEdgeWithUser(t, stack, { bodyLimitBytes: BODY_LIMIT_BYTES })
  const payer = await generateKeyPairSigner()
  const recipient = await generateKeyPairSigner()
  await stack.rpc('requestAirdrop', [payer.address, 2_000_000_000])
  const { value } = await stack.rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
  const bytes = await buildTransaction({
    feePayer: payer.address,
    blockhash: value.blockhash,
    instructions: [transferSol(payer.address, recipient.address, 1_000_000n)],
  })
  const transaction = toBase64(bytes)

  t.test('a valid request simulates: 200, success, x-request-id', async (t) => {
    const response = await postSimulate(app, { transaction })
    t.equal(response.statusCode, 200, 'HTTP 200', { body: response.body })
    t.match(response.headers['content-type'], /^application\/json/)
    const body = getJson<SimulateResponse>(response)
    t.equal(body?.success, true)
    t.equal(body?.compute_units, 150)
    t.equal(body?.decision, 'approve')
    t.equal(body?.failure_code, null)
    // u64 amounts cross JSON as strings (docs/api.md#conventions), never as numbers.
    t.ok(
      body?.balance_changes.every((change) => typeof change.delta === 'string'),
      'amounts are strings',
    )
    const requestId = response.headers['x-request-id']
    t.type(requestId, 'string')
    t.ok(String(requestId).length > 0, 'non-empty x-request-id')
    const again = await postSimulate(app, { transaction })
    t.not(again.headers['x-request-id'], requestId, 'each request gets its own id')
  })

  t.test('every documented field and option is accepted', async (t) => {
    const bodies = [
      { transaction, timeout_ms: 50 },
      { transaction, timeout_ms: 800 },
      { transaction, vectors: [] },
      { transaction, vectors: ['mev', 'slippage', 'rug', 'program', 'priority_fee', 'simulation'] },
      { transaction, replace_recent_blockhash: true },
      { transaction, policy: 'default' },
      { transaction, policy: {} },
    ]
    for (const body of bodies) {
      const response = await postSimulate(app, body)
      t.equal(response.statusCode, 200, `${JSON.stringify({ ...body, transaction: '…' })}: ${response.body.slice(0, 200)}`)
      t.equal(getJson<SimulateResponse>(response)?.success, true)
    }
    const charset = await postSimulate(app, { transaction }, { 'content-type': 'application/json; charset=utf-8' })
    t.equal(charset.statusCode, 200, 'application/json with a charset is JSON')
  })

  t.test('a client-sent x-request-id is echoed, on success and on error', async (t) => {
    const ok = await postSimulate(app, { transaction }, { 'x-request-id': 'client-trace-0001' })
    t.equal(ok.statusCode, 200)
    t.equal(ok.headers['x-request-id'], 'client-trace-0001')
    const bad = await postSimulate(app, { transaction, timeout_ms: 5 }, { 'x-request-id': 'client-trace-0002' })
    const error = assertErrorEnvelope(t, bad, 'validation_error', 'bad timeout with client id')
    t.equal(error?.request_id, 'client-trace-0002')
  })

  t.test('body-level errors: invalid JSON, media type, size', async (t) => {
    assertErrorEnvelope(t, await postSimulate(app, '{"transaction":'), 'invalid_json', 'truncated JSON')
    assertErrorEnvelope(t, await postSimulate(app, 'transaction=abc'), 'invalid_json', 'not JSON at all')
    assertErrorEnvelope(t, await postSimulate(app, ''), 'invalid_json', 'empty JSON body')
    for (const contentType of ['application/x-www-form-urlencoded', 'application/octet-stream', 'text/plain']) {
      const response = await app.inject({
        method: 'POST',
        url: SIMULATE_PATH,
        headers: { 'content-type': contentType, 'x-api-key': user.apiKey },
        payload: JSON.stringify({ transaction }),
      })
      // text/plain: fastify registers a default text/plain parser, so the body reaches the schema.
      assertErrorEnvelope(t, response, 'unsupported_media_type', contentType)
    }
    const noContentType = await app.inject({
      method: 'POST',
      url: SIMULATE_PATH,
      headers: { 'x-api-key': user.apiKey },
      payload: JSON.stringify({ transaction }),
    })
    assertErrorEnvelope(t, noContentType, 'unsupported_media_type', 'no content-type')
    const oversized = JSON.stringify({ transaction, padding: 'x'.repeat(BODY_LIMIT_BYTES) })
    assertErrorEnvelope(t, await postSimulate(app, oversized), 'payload_too_large', 'body over the limit')
  })

  t.test('field errors answer 422 validation_error', async (t) => {
    const cases: Array<[string, unknown]> = [
      ['missing transaction', {}],
      ['missing transaction, options only', { timeout_ms: 100 }],
      ['transaction: 5', { transaction: 5 }],
      ['transaction: null', { transaction: null }],
      ['transaction: []', { transaction: [transaction] }],
      ['timeout_ms: "100"', { transaction, timeout_ms: '100' }],
      ['timeout_ms 49', { transaction, timeout_ms: 49 }],
      ['timeout_ms 801', { transaction, timeout_ms: 801 }],
      ['timeout_ms 100.5', { transaction, timeout_ms: 100.5 }],
      ['timeout_ms -1', { transaction, timeout_ms: -1 }],
      ['vectors: "mev"', { transaction, vectors: 'mev' }],
      ['vectors: [1]', { transaction, vectors: [1] }],
      ['unknown vector', { transaction, vectors: ['mev', 'astrology'] }],
      ['duplicate vector', { transaction, vectors: ['mev', 'mev'] }],
      ['replace_recent_blockhash: "true"', { transaction, replace_recent_blockhash: 'true' }],
      ['unknown field', { transaction, signature: 'abc' }],
      ['body is an array', [transaction]],
      ['body is null', null],
      ['body is a string', JSON.stringify(transaction)],
    ]
    for (const [label, body] of cases) {
      const payload = label === 'body is a string' ? (body as string) : JSON.stringify(body)
      const error = assertErrorEnvelope(t, await postSimulate(app, payload), 'validation_error', label)
      t.notMatch(String(error?.message), /at Object|node_modules|\.ts:\d+/, `${label}: no stack in the message`)
    }
    const range = assertErrorEnvelope(t, await postSimulate(app, { transaction, timeout_ms: 801 }), 'validation_error', 'timeout 801')
    t.match(String(range?.message), /timeout_ms/, 'the message names the field')
  })

  t.test('bytes that are not a transaction answer 422 invalid_transaction', async (t) => {
    const cases: Array<[string, string]> = [
      ['garbage "!!!"', '!!!'],
      ['garbage "!!!!"', '!!!!'],
      ['base64 with a space', `${transaction.slice(0, 8)} ${transaction.slice(9)}`],
      ['base64url characters', `${transaction.slice(0, -4)}-_-_`],
      ['valid base64 of noise', toBase64(getNoise(300, 'noise'))],
      ['valid base64 of one zero byte', 'AA=='],
      ['a truncated real transaction', toBase64(bytes.subarray(0, bytes.length - 7))],
      ['a real transaction with a trailing byte', toBase64(padTo(bytes, bytes.length + 1))],
      ['1233 bytes', toBase64(padTo(bytes, 1233))],
      ['1240 bytes', toBase64(padTo(bytes, 1240))],
      ['1300 bytes', toBase64(padTo(bytes, 1300))],
    ]
    for (const [label, text] of cases) {
      assertErrorEnvelope(t, await postSimulate(app, { transaction: text }), 'invalid_transaction', label)
    }
  })

  t.test('routes: unknown answers 404 not_found, a wrong method 405, health answers ok', async (t) => {
    for (const [method, url] of [
      ['GET', '/nope'],
      ['POST', '/api/v1/solana/tx/simulatex'],
      ['POST', '/api/v2/solana/tx/simulate'],
    ] as const) {
      const error = assertErrorEnvelope(t, await app.inject({ method, url }), 'not_found', `${method} ${url}`)
      t.match(String(error?.message), url, 'the message names the path')
    }
    const wrongMethod = await app.inject({ method: 'GET', url: SIMULATE_PATH })
    assertErrorEnvelope(t, wrongMethod, 'method_not_allowed', 'GET simulate')
    t.equal(wrongMethod.headers.allow, 'POST', 'Allow names the method to use')
    const wrongHealth = await app.inject({ method: 'DELETE', url: '/health?x=1' })
    assertErrorEnvelope(t, wrongHealth, 'method_not_allowed', 'DELETE health')
    t.match(String(wrongHealth.headers.allow), /GET/)

    const health = await app.inject({ method: 'GET', url: '/health' })
    t.equal(health.statusCode, 200)
    t.match(getJson(health), { status: 'ok', engine_transport: 'in-process' })
    t.type(health.headers['x-request-id'], 'string')
  })
})
