/**
 * End to end over real sockets: every route of docs/api.md#endpoints and every status of its errors
 * that this release can answer, on the running service (test/helpers/running-service.ts) with rate
 * limits and the account routes' limits on — REST (fetch), the WebSocket stream (ws) and the
 * engine's gRPC port (grpc-js). The clock is injected: a burst meets a frozen token bucket, and the
 * quota crosses a UTC midnight on demand.
 */
import t, { type Test } from 'tap'
import WebSocket from 'ws'
import { DEMO_WALLETS } from '../../localnet/seed/demo-state.js'
import { createGrpcEngineClient } from '../../engine/client/grpc-engine-client.js'
import { isServiceError } from '../../lib/errors.js'
import { startRunningService } from '../helpers/running-service.js'
import { buildTransaction, toBase64, transferSol } from '../helpers/transactions.js'

// The suite drives the whole service; on a loaded 2-core CI machine it needs more than tap's 60 s.
t.setTimeout(300_000)

const DAY_MS = 86_400_000
/** 22:00 UTC: an hour of slack before the midnight the quota test jumps to. */
const START_MS = Date.UTC(2026, 10, 25, 22)

interface Answer {
  status: number
  headers: Headers
  body: any // eslint-disable-line @typescript-eslint/no-explicit-any -- each assertion checks the shape it reads
}

interface Caller {
  userId: string
  token: string
  apiKey: string
  email: string
  password: string
}

t.test('the running service, end to end', async (t) => {
  const service = await startRunningService(t, START_MS)
  const tick = (seconds = 1) => (service.clock.nowMs += seconds * 1_000)
  const { value } = await service.stack.rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
  const transactionBytes = await buildTransaction({
    feePayer: DEMO_WALLETS[0],
    blockhash: value.blockhash,
    instructions: [transferSol(DEMO_WALLETS[0], DEMO_WALLETS[1], 1_000n)],
  })
  const transaction = toBase64(transactionBytes)

  const call = async (
    method: string,
    path: string,
    options: { body?: unknown; raw?: string; headers?: Record<string, string> } = {},
  ): Promise<Answer> => {
    const hasBody = options.body !== undefined || options.raw !== undefined
    const response = await fetch(`${service.restUrl}${path}`, {
      method,
      headers: { ...(hasBody ? { 'content-type': 'application/json' } : {}), ...options.headers },
      ...(hasBody ? { body: options.raw ?? JSON.stringify(options.body) } : {}),
    })
    const text = await response.text()
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      body = text
    }
    return { status: response.status, headers: response.headers, body }
  }
  const assertError = (t: Test, answer: Answer, status: number, code: string, label: string) => {
    t.equal(answer.status, status, `${label}: HTTP ${status}`, { body: answer.body })
    t.equal(answer.body?.error?.code, code, `${label}: ${code}`)
    t.ok(answer.body?.error?.request_id, `${label}: request_id`)
    t.equal(answer.body?.error?.request_id, answer.headers.get('x-request-id'), `${label}: request_id is the x-request-id header`)
  }
  let users = 0
  const signUp = async (): Promise<Caller> => {
    const email = `e2e-${process.pid}-${++users}-${Date.now()}@example.com`
    const password = 'correct horse battery staple'
    const registered = await call('POST', '/auth/register', { body: { email, password } })
    const token = registered.body.token as string
    const key = await call('POST', '/api/v1/api-keys', { body: { name: 'e2e' }, headers: { authorization: `Bearer ${token}` } })
    const me = await call('GET', '/auth/me', { headers: { authorization: `Bearer ${token}` } })
    tick()
    return { userId: me.body.id, token, apiKey: key.body.key, email, password }
  }

  t.test('accounts and API keys', async (t) => {
    const email = `e2e-accounts-${Date.now()}@example.com`
    const password = 'correct horse battery staple'
    const registered = await call('POST', '/auth/register', { body: { email, password } })
    t.equal(registered.status, 200)
    t.type(registered.body.token, 'string')
    assertError(t, await call('POST', '/auth/register', { body: { email, password } }), 409, 'email_taken', 'the same email again')
    assertError(
      t,
      await call('POST', '/auth/register', { body: { email: 'x@example.com', password: 'short' } }),
      422,
      'validation_error',
      'a 5-character password',
    )
    const login = await call('POST', '/auth/login', { body: { email, password } })
    t.equal(login.status, 200)
    assertError(
      t,
      await call('POST', '/auth/login', { body: { email, password: 'wrong password!' } }),
      401,
      'invalid_credentials',
      'a wrong password',
    )
    const bearer = { authorization: `Bearer ${login.body.token}` }
    const refreshed = await call('POST', '/auth/refresh', { body: { refresh_token: login.body.refresh_token } })
    t.equal(refreshed.status, 200)
    assertError(
      t,
      await call('POST', '/auth/refresh', { body: { refresh_token: 'nope' } }),
      401,
      'invalid_refresh_token',
      'an unknown refresh token',
    )
    const me = await call('GET', '/auth/me', { headers: bearer })
    t.equal(me.status, 200)
    t.equal(me.body.email, email)
    tick()

    const created = await call('POST', '/api/v1/api-keys', { body: { name: 'bot' }, headers: bearer })
    t.equal(created.status, 200)
    t.match(created.body.key, /^pf_live_/)
    assertError(
      t,
      await call('GET', '/auth/me', { headers: { 'x-api-key': created.body.key } }),
      401,
      'unauthorized',
      'an API key on a bearer route',
    )
    assertError(
      t,
      await call('POST', '/api/v1/api-keys', { body: { name: '' }, headers: bearer }),
      422,
      'validation_error',
      'an empty key name',
    )
    const listed = await call('GET', '/api/v1/api-keys', { headers: bearer })
    t.equal(listed.status, 200)
    t.equal(listed.body.keys.length, 1)
    t.notOk('key' in listed.body.keys[0], 'a listing never shows the key')
    const rotated = await call('POST', `/api/v1/api-keys/${created.body.id}/rotate`, { headers: bearer })
    t.equal(rotated.status, 200)
    t.not(rotated.body.key, created.body.key)
    tick()
    t.equal(
      (await call('GET', '/api/v1/solana/simulations', { headers: { 'x-api-key': created.body.key } })).status,
      200,
      'the old key works 24 h more',
    )
    t.equal(
      (await call('GET', '/api/v1/solana/simulations', { headers: { 'x-api-key': rotated.body.key } })).status,
      200,
      'the new key works',
    )
    const revoked = await call('DELETE', `/api/v1/api-keys/${created.body.id}`, { headers: bearer })
    t.equal(revoked.status, 200)
    assertError(
      t,
      await call('GET', '/api/v1/solana/simulations', { headers: { 'x-api-key': rotated.body.key } }),
      401,
      'unauthorized',
      'a revoked key',
    )
    assertError(
      t,
      await call('DELETE', '/api/v1/api-keys/00000000-0000-0000-0000-000000000000', { headers: bearer }),
      404,
      'not_found',
      'revoke an unknown key',
    )
    tick()
    const deleted = await call('DELETE', '/auth/account', { headers: bearer })
    t.equal(deleted.status, 200)
    t.type(deleted.body.message, 'string')
    assertError(t, await call('GET', '/auth/me', { headers: bearer }), 401, 'unauthorized', 'the token of a deleted account')
  })

  t.test('simulate, history, statistics, program blocks', async (t) => {
    const user = await signUp()
    const key = { 'x-api-key': user.apiKey }
    const first = await call('POST', '/api/v1/solana/tx/simulate', {
      body: { transaction },
      headers: { ...key, 'x-request-id': 'client-chosen-id-1' },
    })
    t.equal(first.status, 200)
    t.equal(first.body.success, true)
    t.equal(first.body.decision, 'approve')
    t.equal(first.headers.get('x-request-id'), 'client-chosen-id-1', 'an incoming X-Request-Id is honoured')
    t.equal(first.headers.get('ratelimit-limit'), '10', 'RateLimit headers on a charged answer')
    const unsafeId = await call('GET', '/api/v1/plans', { headers: { 'x-request-id': 'two words' } })
    t.match(unsafeId.headers.get('x-request-id'), /^[0-9a-f-]{36}$/, 'an X-Request-Id unsafe to echo is replaced by a fresh one')
    // The result cache keeps a request from its second time: the third comes from it.
    t.equal((await call('POST', '/api/v1/solana/tx/simulate', { body: { transaction }, headers: key })).body.cached, false)
    const again = await call('POST', '/api/v1/solana/tx/simulate', { body: { transaction }, headers: key })
    t.equal(again.body.cached, true, 'the same request in the same slot comes from the result cache')
    t.same(
      { ...again.body, cached: undefined, latency_ms: undefined },
      { ...first.body, cached: undefined, latency_ms: undefined },
      'with the same answer',
    )

    assertError(t, await call('POST', '/api/v1/solana/tx/simulate', { body: { transaction } }), 401, 'unauthorized', 'no credential')
    assertError(
      t,
      await call('POST', '/api/v1/solana/tx/simulate', { body: { transaction: 'AAAA' }, headers: key }),
      422,
      'invalid_transaction',
      'bytes that are no transaction',
    )
    assertError(
      t,
      await call('POST', '/api/v1/solana/tx/simulate', { body: { transaction, timeout_ms: 5 }, headers: key }),
      422,
      'validation_error',
      'timeout_ms under 50',
    )
    assertError(
      t,
      await call('POST', '/api/v1/solana/tx/simulate', { raw: '{"transaction":', headers: key }),
      400,
      'invalid_json',
      'malformed JSON',
    )
    assertError(
      t,
      await call('POST', '/api/v1/solana/tx/simulate', { raw: JSON.stringify({ transaction: 'A'.repeat(1_100_000) }), headers: key }),
      413,
      'payload_too_large',
      'a body over the limit',
    )
    tick()

    const history = await call('GET', '/api/v1/solana/simulations?limit=10', { headers: key })
    t.equal(history.status, 200)
    t.ok(history.body.simulations.length >= 1, 'the simulations are in the history')
    t.ok('next_cursor' in history.body)
    assertError(t, await call('GET', '/api/v1/solana/simulations?limit=500', { headers: key }), 422, 'validation_error', 'limit over 200')
    const stats = await call('GET', '/api/v1/solana/simulations/stats', { headers: { authorization: `Bearer ${user.token}` } })
    t.equal(stats.status, 200)
    t.type(stats.body.total_simulations, 'number')

    const put = await call('PUT', '/api/v1/solana/program-blocks', {
      body: { program_ids: ['11111111111111111111111111111111'] },
      headers: key,
    })
    t.same(put.body, { program_ids: ['11111111111111111111111111111111'] })
    const blocked = await call('POST', '/api/v1/solana/tx/simulate', { body: { transaction }, headers: key })
    t.equal(blocked.body.decision, 'block', 'your program blocks reach your verdict at once (not a cached answer)')
    t.same((await call('GET', '/api/v1/solana/program-blocks', { headers: key })).body, {
      program_ids: ['11111111111111111111111111111111'],
    })
    t.equal((await call('DELETE', '/api/v1/solana/program-blocks/11111111111111111111111111111111', { headers: key })).status, 200)
    assertError(
      t,
      await call('DELETE', '/api/v1/solana/program-blocks/11111111111111111111111111111111', { headers: key }),
      404,
      'not_found',
      'a program not on the list',
    )
    tick()
  })

  t.test('platform routes, unknown routes, the OpenAPI document', async (t) => {
    t.same((await call('GET', '/api/v1/plans')).body, {
      model: 'pay_as_you_go',
      analysis_free_tier: 1000,
      analysis_rate: 0.002,
      billing_enabled: false,
    })
    const status = await call('GET', '/api/v1/status')
    t.equal(status.status, 200)
    t.match(status.body.status, /^(operational|degraded|down)$/)
    t.equal((await call('GET', '/health')).status, 200)
    const openapi = await call('GET', '/openapi.json')
    t.equal(openapi.status, 200)
    t.equal(openapi.body.openapi, '3.1.0')
    t.ok(openapi.body.paths['/api/v1/solana/tx/simulate-batch']?.post, 'the document has the batch route')
    assertError(t, await call('GET', '/api/v1/nothing-here'), 404, 'not_found', 'an unknown route')
    const wrongMethod = await call('GET', '/api/v1/solana/tx/simulate')
    assertError(t, wrongMethod, 405, 'method_not_allowed', 'GET on a POST route')
    t.equal(wrongMethod.headers.get('allow'), 'POST')
  })

  t.test('execute, send, submit, tips and tracking check their callers and bodies; billing answers 503 without a Stripe key', async (t) => {
    const user = await signUp()
    const key = { 'x-api-key': user.apiKey }
    const bearer = { authorization: `Bearer ${user.token}` }
    assertError(
      t,
      await call('POST', '/api/v1/solana/tx/send', { body: { transaction, max_retries: 6 }, headers: key }),
      422,
      'validation_error',
      'send with max_retries over 5',
    )
    assertError(
      t,
      await call('POST', '/api/v1/solana/tx/execute', { body: { transaction, wait_confirmation: 'yes' }, headers: key }),
      422,
      'validation_error',
      'execute with a wait_confirmation that is not a boolean',
    )
    assertError(
      t,
      await call('GET', `/api/v1/solana/transactions/${'1'.repeat(87)}`, { headers: key }),
      404,
      'not_found',
      'the tracking of a signature nobody sent',
    )
    assertError(
      t,
      await call('GET', '/api/v1/solana/transactions/not-a-signature', { headers: bearer }),
      422,
      'validation_error',
      'a bad signature',
    )
    assertError(
      t,
      await call('POST', '/api/v1/solana/tx/submit', { body: { transaction, strategy: 'jito' }, headers: key }),
      422,
      'validation_error',
      'submit with an unknown strategy',
    )
    assertError(
      t,
      await call('POST', '/api/v1/solana/tx/submit', { body: { transaction, strategy: 'direct' } }),
      401,
      'unauthorized',
      'submit without a credential',
    )
    const tips = await call('GET', '/api/v1/solana/tips', { headers: bearer })
    t.equal(tips.status, 200, 'tips')
    t.match(tips.body, { slots: Number, sample_count: Number, floor_lamports: Number, tip_accounts: Array }, 'the tip floor')
    assertError(t, await call('GET', '/api/v1/solana/tips'), 401, 'unauthorized', 'tips without a credential')
    assertError(
      t,
      await call('POST', '/api/v1/solana/tx/execute', { body: { transaction } }),
      401,
      'unauthorized',
      'execute without a credential',
    )
    tick()
    for (const [method, path] of [
      ['GET', '/api/v1/billing/usage'],
      ['GET', '/api/v1/billing/subscription'],
      ['POST', '/api/v1/billing/checkout'],
      ['POST', '/api/v1/billing/portal'],
    ] as const) {
      assertError(t, await call(method, path, { headers: bearer }), 503, 'billing_unavailable', `${method} ${path}`)
      assertError(t, await call(method, path, { headers: key }), 401, 'unauthorized', `${method} ${path} with an API key (bearer only)`)
    }
    tick()
  })

  t.test('429 under a burst, with a correct Retry-After', async (t) => {
    const user = await signUp()
    // The clock stands still: no token comes back during the burst. signUp's key creation and
    // profile read spent 2 of the 10, and its tick refilled them.
    const answers: Answer[] = []
    for (let i = 0; i < 12; i++)
      answers.push(await call('POST', '/api/v1/solana/tx/simulate', { body: { transaction }, headers: { 'x-api-key': user.apiKey } }))
    t.same(
      answers.map((answer) => answer.status),
      [200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 429, 429],
      'ten pass, then 429',
    )
    const refused = answers[10] as Answer
    assertError(t, refused, 429, 'rate_limited', 'the 11th request in the same instant')
    t.equal(refused.headers.get('retry-after'), '1', 'one token comes back in 0.1 s: Retry-After rounds up to 1')
    t.equal(refused.headers.get('ratelimit-remaining'), '0')
    t.equal(refused.headers.get('ratelimit-policy'), '10;w=1')
    tick(1)
    t.equal(
      (await call('POST', '/api/v1/solana/tx/simulate', { body: { transaction }, headers: { 'x-api-key': user.apiKey } })).status,
      200,
      'after Retry-After the call passes',
    )
  })

  t.test('quota: 1,000 simulations a day, reset at 00:00 UTC', async (t) => {
    const user = await signUp()
    const withCard = await signUp()
    await service.users.userService.setCardOnFile(withCard.userId, true)
    service.clock.nowMs = Date.UTC(2026, 10, 25, 23, 30)
    const batch = (caller: Caller, count: number) =>
      call('POST', '/api/v1/solana/tx/simulate-batch', {
        body: { transactions: Array.from({ length: count }, () => transaction) },
        headers: { 'x-api-key': caller.apiKey },
      })
    for (const caller of [user, withCard]) {
      for (let i = 0; i < 20; i++) {
        tick()
        const answer = await batch(caller, 50)
        if (answer.status !== 200) t.fail(`batch ${i + 1}: ${answer.status}`, { body: answer.body })
      }
    }
    tick()
    const refused = await call('POST', '/api/v1/solana/tx/simulate', { body: { transaction }, headers: { 'x-api-key': user.apiKey } })
    assertError(t, refused, 429, 'quota_exceeded', 'the 1,001st simulation of the day without a card')
    const midnight = Math.floor(service.clock.nowMs / DAY_MS) * DAY_MS + DAY_MS
    t.equal(
      refused.headers.get('retry-after'),
      String(Math.ceil((midnight - service.clock.nowMs) / 1_000)),
      'Retry-After runs to 00:00 UTC',
    )
    tick()
    assertError(t, await batch(user, 2), 429, 'quota_exceeded', 'a batch past the quota')
    t.equal(
      (await call('GET', '/api/v1/solana/simulations?limit=1', { headers: { 'x-api-key': user.apiKey } })).status,
      200,
      'routes that do not simulate still answer',
    )
    const metered = await call('POST', '/api/v1/solana/tx/simulate', { body: { transaction }, headers: { 'x-api-key': withCard.apiKey } })
    t.equal(metered.status, 200, 'with a card on file the 1,001st passes (metered)')
    t.equal(metered.headers.get('ratelimit-policy'), '100;w=1;burst=250', 'and the card plan rate applies')

    service.clock.nowMs = midnight
    const nextDay = await call('POST', '/api/v1/solana/tx/simulate', { body: { transaction }, headers: { 'x-api-key': user.apiKey } })
    t.equal(nextDay.status, 200, 'at 00:00 UTC the quota is back')
    tick()
  })

  t.test('a batch of 50 with bad items', async (t) => {
    const user = await signUp()
    const transactions = Array.from({ length: 50 }, (_, i) => (i % 7 === 0 ? 'not-base64!' : i % 11 === 0 ? 'AAAA' : transaction))
    const answer = await call('POST', '/api/v1/solana/tx/simulate-batch', { body: { transactions }, headers: { 'x-api-key': user.apiKey } })
    t.equal(answer.status, 200)
    t.equal(answer.body.total, 50)
    const bad = transactions.filter((item) => item !== transaction).length
    t.equal(answer.body.failed, bad)
    t.equal(answer.body.succeeded, 50 - bad)
    t.ok(
      answer.body.results.every((item: { index: number }, i: number) => item.index === i),
      'input order',
    )
    t.ok(
      answer.body.results.every((item: { error?: { code: string }; success?: boolean }, i: number) =>
        transactions[i] === transaction ? item.success === true : item.error?.code === 'invalid_transaction',
      ),
      'each bad item fails its own slot only',
    )
    assertError(
      t,
      await call('POST', '/api/v1/solana/tx/simulate-batch', {
        body: { transactions: Array.from({ length: 51 }, () => transaction) },
        headers: { 'x-api-key': user.apiKey },
      }),
      422,
      'validation_error',
      '51 items',
    )
    tick()
  })

  t.test('WebSocket: a client sends 100 requests without reading, then reads every answer', async (t) => {
    const user = await signUp()
    // 100 messages at once need the card plan's burst of 250.
    await service.users.userService.setCardOnFile(user.userId, true)
    const socket = new WebSocket(`${service.wsUrl}/api/v1/solana/stream`, { headers: { 'x-api-key': user.apiKey } })
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve())
      socket.once('error', reject)
    })
    t.teardown(() => socket.terminate())
    const answers = new Map<unknown, { success?: boolean; error?: { code: string } }>()
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as { id: unknown }
      answers.set(message.id, message as never)
    })
    const tcp = (socket as unknown as { _socket: { pause(): void; resume(): void } })._socket
    tcp.pause()
    for (let id = 0; id < 100; id++) socket.send(JSON.stringify({ id, transaction, vectors: ['simulation'] }))
    await new Promise((resolve) => setTimeout(resolve, 500))
    t.equal(answers.size, 0, 'nothing read while the client does not read')
    tcp.resume()
    const deadline = Date.now() + 30_000
    while (answers.size < 100 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20))
    t.equal(answers.size, 100, 'every answer arrives once the client reads')
    t.ok(
      [...answers.values()].every((answer) => answer.success === true),
      'all simulated',
    )
    socket.send('{"id": "bad", ')
    const error = await new Promise<{ id: unknown; error?: { code: string } }>((resolve) =>
      socket.once('message', (data) => resolve(JSON.parse(String(data)))),
    )
    t.equal(error.error?.code, 'invalid_json', 'an error frame, and the socket stays open')
    t.equal(socket.readyState, WebSocket.OPEN)

    const anonymous = new WebSocket(`${service.wsUrl}/api/v1/solana/stream`)
    const refusedStatus = await new Promise<number | undefined>((resolve) => {
      anonymous.once('unexpected-response', (_request, response) => resolve(response.statusCode))
      anonymous.once('open', () => resolve(undefined))
      anonymous.once('error', () => resolve(undefined))
    })
    anonymous.terminate()
    t.equal(refusedStatus, 401, 'a handshake without a credential is refused with 401')
    tick()
  })

  t.test('gRPC direct with x-api-key: same answer, same history, same limits', async (t) => {
    const user = await signUp()
    const engine = createGrpcEngineClient(service.grpcAddress, { apiKey: user.apiKey })
    const anonymous = createGrpcEngineClient(service.grpcAddress)
    t.teardown(async () => {
      await engine.close()
      await anonymous.close()
    })
    const answer = await engine.simulate(transactionBytes, { timeoutMs: 800 })
    t.equal(answer.success, true)
    t.equal(answer.decision, 'approve')
    t.ok(
      isServiceError(await anonymous.simulate(transactionBytes, {}).catch((error: unknown) => error), 'unauthorized'),
      'no key: UNAUTHENTICATED',
    )
    await service.callers.history.flush()
    const history = await call('GET', '/api/v1/solana/simulations', { headers: { 'x-api-key': user.apiKey } })
    t.equal(history.body.simulations.length, 1, 'the gRPC call is in the REST history')
    for (let i = 0; i < 8; i++) await engine.simulate(transactionBytes, {}).catch(() => undefined)
    const limited = await engine.simulate(transactionBytes, {}).catch((error: unknown) => error)
    t.ok(isServiceError(limited, 'rate_limited'), 'the same bucket: rate_limited past it')
    t.equal(isServiceError(limited) ? limited.headers?.['retry-after'] : undefined, '1')
  })

  t.test('login: five wrong passwords lock an e-mail for a minute, whether or not it has an account', async (t) => {
    const user = await signUp()
    const unknown = `e2e-nobody-${process.pid}-${Date.now()}@example.com`
    for (const email of [user.email, unknown]) {
      const answers: Answer[] = []
      for (let i = 0; i < 6; i++) answers.push(await call('POST', '/auth/login', { body: { email, password: 'wrong password!' } }))
      t.same(
        answers.map((answer) => answer.status),
        [401, 401, 401, 401, 401, 429],
        email === unknown ? 'an unknown e-mail' : 'an account',
      )
      assertError(t, answers[5] as Answer, 429, 'rate_limited', 'the 6th wrong password')
      t.equal((answers[5] as Answer).headers.get('retry-after'), '60')
    }
    assertError(
      t,
      await call('POST', '/auth/login', { body: { email: user.email, password: user.password } }),
      429,
      'rate_limited',
      'the right password, while locked',
    )
    tick(60)
    t.equal(
      (await call('POST', '/auth/login', { body: { email: user.email, password: user.password } })).status,
      200,
      'a minute later the right password works',
    )
  })
})
