/**
 * The TypeScript SDK against the real service process (`main.ts` on embedded defaults, its own
 * localnet landing transactions): every REST call of PreflightClient, transactions given as kit
 * objects, web3.js objects, bytes and base64, a landed execute followed by waitForOutcome, the
 * token refresh done for the caller, retries honouring Retry-After, timeouts and AbortSignal, and
 * the errors as PreflightError by code (422, 401, 404, 429 with Retry-After, 503, network), and
 * the gRPC entry point on the engine's port.
 * One service process serves every subtest.
 */
import { randomBytes } from 'node:crypto'
import { createServer } from 'node:http'
import { once } from 'node:events'
import { createServer as createNetServer, type AddressInfo } from 'node:net'
import { VersionedTransaction } from '@solana/web3.js'
import t from 'tap'
import {
  PreflightClient,
  PreflightError,
  isPreflightError,
  verifyWebhookSignature,
  type AuthTokens,
} from '../../../sdk/typescript/src/index.js'
import { createGrpcClient } from '../../../sdk/typescript/src/grpc/index.js'
import { createServiceProcessSetup, startServiceProcess } from '../../helpers/service-process.js'
import { createSdkWallet } from '../../helpers/sdk-wallet.js'
import { waitUntil } from '../../helpers/wait-until.js'

const PASSWORD = 'correct horse battery staple'
const newEmail = (what: string) => `sdk-${what}-${process.pid}-${randomBytes(3).toString('hex')}@example.com`

/** Rejects with the PreflightError `promise` fails with (a failed assertion when it resolves). */
async function getError(promise: Promise<unknown>): Promise<PreflightError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof PreflightError) return error
    throw error
  }
  throw new Error('expected a PreflightError, the call succeeded')
}

// A boot and some thirty real calls, a few of which wait for Retry-After or a landing.
t.setTimeout(120_000)

t.test('PreflightClient against the running service', async (t) => {
  const setup = await createServiceProcessSetup(t, { WEBHOOK_ALLOW_PRIVATE_URLS: '1', WEBHOOK_RETRY_BASE_MS: '200' })
  const running = await startServiceProcess(t, setup)
  if (!running) return
  const baseUrl = setup.restUrl
  const rpcUrl = `http://127.0.0.1:${setup.ports.rpc}`

  const stored: AuthTokens[] = []
  const account = new PreflightClient({ baseUrl, onTokens: (tokens) => stored.push(tokens) })
  const email = newEmail('owner')
  await account.auth.register(email, PASSWORD)
  const issued = await account.apiKeys.create({ name: 'sdk test' })
  const client = new PreflightClient({ baseUrl, apiKey: issued.key })
  const wallet = await createSdkWallet(rpcUrl)

  t.test('accounts: register, me, login, API keys; the refresh done for the caller', async (t) => {
    t.equal(stored.length, 1, 'onTokens heard the registration’s pair')
    t.match(await account.auth.me(), { email, role: 'user' })
    const keys = await account.apiKeys.list()
    t.same(
      keys.map((key) => key.id),
      [issued.id],
      'the key is listed',
    )
    t.notOk('key' in (keys[0] as object), 'never the key itself in a listing')
    const rotated = await account.apiKeys.rotate(issued.id)
    t.equal(rotated.id, issued.id, 'rotate keeps the id')
    t.not(rotated.key, issued.key, 'a new secret')
    const spare = await account.apiKeys.create({ name: 'spare' })
    t.same(await account.apiKeys.revoke(spare.id), { id: spare.id, revoked: true })

    const login = new PreflightClient({ baseUrl })
    const tokens = await login.auth.login(email, PASSWORD)
    // An access token the service refuses, with a good refresh token: the client refreshes and retries.
    const refreshed: AuthTokens[] = []
    const resumed = new PreflightClient({
      baseUrl,
      token: 'not-a-jwt',
      refreshToken: tokens.refresh_token,
      onTokens: (pair) => refreshed.push(pair),
    })
    t.match(await resumed.auth.me(), { email }, 'the 401 was followed by a refresh and the call again')
    t.equal(refreshed.length, 1, 'one refresh, and its pair handed to onTokens')
    t.not(refreshed[0]?.refresh_token, tokens.refresh_token, 'the refresh token rotated')
    const leaving = new PreflightClient({ baseUrl })
    const leavingTokens = await leaving.auth.register(newEmail('leaving'), PASSWORD)
    t.match(await leaving.auth.deleteAccount(), { message: String })
    // The 401 sends the client to refresh, which the deleted account's refresh token cannot: log in again.
    t.match(
      await getError(leaving.auth.me()),
      { code: 'invalid_refresh_token', status: 401 },
      'a deleted account’s credentials stop working',
    )
    t.match(
      await getError(new PreflightClient({ baseUrl, token: leavingTokens.token }).auth.me()),
      {
        code: 'unauthorized',
        status: 401,
      },
      'without a refresh token: the 401 itself',
    )
    const renewed = await resumed.auth.refresh()
    t.equal(renewed.refresh_token, refreshed[1]?.refresh_token, 'auth.refresh() answers the new pair, as onTokens hears it')
    t.match(
      await getError(new PreflightClient({ baseUrl, refreshToken: tokens.refresh_token }).auth.refresh()),
      {
        code: 'invalid_refresh_token',
        status: 401,
      },
      'a spent refresh token (its family is revoked)',
    )
  })

  t.test('auth.logout(): the refresh token’s family revoked on the service, the pair forgotten', async (t) => {
    const requests: string[] = []
    const countingFetch: typeof fetch = (input, init) => {
      requests.push(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`)
      return fetch(input, init)
    }
    const outgoing = new PreflightClient({ baseUrl, fetch: countingFetch })
    const first = await outgoing.auth.login(email, PASSWORD)
    const rotated = await outgoing.auth.refresh()
    t.equal(await outgoing.auth.logout(), undefined, 'logout resolves')
    t.equal(requests.at(-1), 'POST /auth/logout', 'it told the service')
    t.match(await getError(outgoing.auth.me()), { code: 'unauthorized', status: 401 }, 'the client holds no token any more')
    t.match(await getError(outgoing.auth.refresh()), { code: 'invalid_input' }, 'nor a refresh token')
    const sent = requests.length
    await outgoing.auth.logout()
    t.equal(requests.length, sent, 'without a refresh token, logout only forgets: no request')
    for (const [label, refreshToken] of [
      ['the token it held', rotated.refresh_token],
      ['the token that one was rotated from', first.refresh_token],
    ]) {
      t.match(
        await getError(new PreflightClient({ baseUrl, refreshToken }).auth.refresh()),
        { code: 'invalid_refresh_token', status: 401 },
        `${label} no longer refreshes`,
      )
    }
    t.match(
      await new PreflightClient({ baseUrl, token: rotated.token }).auth.me(),
      { email },
      'the access token lives on until it expires (stateless)',
    )
    const unknown = new PreflightClient({ baseUrl, refreshToken: `pfr_${randomBytes(32).toString('base64url')}` })
    t.equal(await unknown.auth.logout(), undefined, 'an unknown refresh token logs out alike')
  })

  t.test('simulate: base64, bytes, a kit Transaction, a web3.js VersionedTransaction', async (t) => {
    const kitTransaction = await wallet.transfer(1_000_000n)
    const base64 = await wallet.transferBase64(1_000_000n)
    const web3Transaction = VersionedTransaction.deserialize(Buffer.from(base64, 'base64'))
    for (const [what, transaction] of [
      ['kit', kitTransaction],
      ['base64', base64],
      ['bytes', new Uint8Array(Buffer.from(base64, 'base64'))],
      ['web3.js', web3Transaction],
    ] as const) {
      const result = await client.simulate(transaction, { vectors: ['simulation', 'program'], policy: 'strict' })
      t.match(result, { success: true, decision: 'approve', compute_units: 150 }, what)
    }
    const result = await client.simulate(kitTransaction)
    t.ok(
      result.summary[0]?.lines.some((line) => line.startsWith('You send 0.001 SOL')),
      'the summary sentences',
    )
    t.equal(result.fee_details?.total_fee_lamports, 5000, 'the fee')

    const batch = await client.simulateBatch([kitTransaction, 'AAAA'], { vectors: ['simulation'] })
    t.match(batch, { total: 2, succeeded: 1, failed: 1 })
    t.match(batch.results[1], { index: 1, error: { code: 'invalid_transaction' } }, 'an item’s error stays in its place')
  })

  t.test('execute lands, and waitForOutcome reads the outcome', async (t) => {
    const signed = await wallet.transfer(1_000_000n, { signed: true })
    const executed = await client.execute(signed, { max_risk_level: 'high' })
    t.match(executed, { action: 'submitted', route: 'direct_rpc', signature: /^\w{64,88}$/ })
    const record = await client.waitForOutcome(executed.signature as string, { timeoutMs: 30_000 })
    t.match(record, { kind: 'execute', status: /^(confirmed|finalized)$/, outcome: { matched: true, differences: [] } })
    const again = await client.execute(signed, 'default')
    t.equal(again.signature, executed.signature, 'the same signed bytes again: the same record (no second send)')

    const sent = await client.send(await wallet.transfer(1_000_000n, { signed: true }), { wait_confirmation: true })
    t.match(sent, { route: 'direct_rpc', confirmation: /^(confirmed|finalized)$/ })
    t.match(await client.getTransaction(sent.signature), { kind: 'send', prediction: null })
    const submitted = await client.submit(await wallet.transfer(1_000_000n, { signed: true }), {
      strategy: 'direct',
      wait_confirmation: true,
    })
    t.match(submitted, { strategy: 'direct', route: 'direct_rpc', billable: false, confirmation: /^(confirmed|finalized)$/ })
  })

  t.test('tips, approvals, history pages, stats, program blocks, plans, status', async (t) => {
    t.match(await client.tips(), { slots: 150, tip_accounts: Array })
    t.match(await client.approvals(wallet.payer.address), { wallet: wallet.payer.address, approvals: [], revoke_transaction: null })
    const records = []
    for await (const record of client.history({ limit: 2 })) records.push(record)
    t.ok(records.length >= 8, `every record over pages of 2: ${records.length}`)
    t.equal(new Set(records.map((record) => record.id)).size, records.length, 'none twice')
    t.ok(records.some((record) => record.kind === 'execute'))
    const stats = await client.stats()
    t.match(stats, { total_simulations: Number })
    t.equal(stats.daily.length, 14, 'fourteen days by default')
    const lastThree = (await client.stats({ days: 3 })).daily
    t.same(
      lastThree.map((day) => day.date),
      stats.daily.slice(-3).map((day) => day.date),
      'days: 3, the last three',
    )
    const program = 'Stake11111111111111111111111111111111111111'
    t.same(await client.programBlocks.set([program]), [program])
    t.same(await client.programBlocks.list(), [program])
    t.same(await client.programBlocks.remove(program), [])
    t.match(await client.plans(), { model: 'pay_as_you_go', billing_enabled: false })
    t.match(await client.status(), { status: String })
    t.match(await client.health(), { status: 'ok' })
    t.match(await client.openapi(), { openapi: /^3\.1/, info: { version: String } })
  })

  t.test('webhooks: create, test delivery verified by verifyWebhookSignature, rotate, delete', async (t) => {
    const received: Array<{ body: string; signature: string }> = []
    const receiver = createServer((request, response) => {
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', () => {
        received.push({ body: Buffer.concat(chunks).toString('utf8'), signature: String(request.headers['x-preflight-signature']) })
        response.writeHead(204).end()
      })
    })
    receiver.listen(0, '127.0.0.1')
    await once(receiver, 'listening')
    t.teardown(() => receiver.close())
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`
    const endpoint = await client.webhooks.create({ url, events: ['transaction.landed'] })
    t.match(endpoint.secret, /^whsec_/)
    t.same(
      (await client.webhooks.list()).map((item) => item.id),
      [endpoint.id],
    )
    const delivery = await client.webhooks.test(endpoint.id)
    await waitUntil(() => received.length > 0, 15_000)
    const [{ body, signature } = { body: '', signature: '' }] = received
    t.ok(await verifyWebhookSignature(body, signature, endpoint.secret), 'the delivery verifies with the endpoint’s secret')
    t.notOk(await verifyWebhookSignature(body + ' ', signature, endpoint.secret), 'a changed body does not')
    t.notOk(await verifyWebhookSignature(body, signature, endpoint.secret, { nowMs: Date.now() + 600_000 }), 'nor an old signature')
    t.ok((await client.webhooks.deliveries(endpoint.id)).some((item) => item.id === delivery.id))
    const redelivered = await client.webhooks.redeliver(endpoint.id, delivery.id)
    t.equal(redelivered.event_id, delivery.event_id, 'redeliver queues the same event again')
    const rotated = await client.webhooks.rotateSecret(endpoint.id)
    t.not(rotated.secret, endpoint.secret)
    t.same(await client.webhooks.delete(endpoint.id), { id: endpoint.id, deleted: true })
  })

  t.test('errors are PreflightErrors by code', async (t) => {
    const invalid = await getError(client.simulate('not base64!'))
    t.match(invalid, { code: 'invalid_transaction', status: 422, requestId: /\S/ })
    t.match(await getError(client.simulate(await wallet.transfer(1n), { timeout_ms: 5 })), { code: 'validation_error', status: 422 })
    t.match(await getError(new PreflightClient({ baseUrl, apiKey: 'pf_live_nope' }).tips()), { code: 'unauthorized', status: 401 })
    t.match(await getError(client.getTransaction('1'.repeat(64))), { code: 'not_found', status: 404 })
    t.ok(isPreflightError(await getError(client.getTransaction('1'.repeat(64))), 'not_found'), 'the guard matches by code')
    // No Stripe key on this service: billing is 503 billing_unavailable (not retried: nothing says it will come back).
    t.match(await getError(account.billing.usage()), { code: 'billing_unavailable', status: 503 })
    t.match(await getError(account.billing.subscription()), { code: 'billing_unavailable', status: 503 })
    t.match(await getError(account.billing.checkout()), { code: 'billing_unavailable', status: 503 })
    t.match(await getError(account.billing.portal()), { code: 'billing_unavailable', status: 503 })

    // Five wrong passwords lock the e-mail: the sixth is 429 with a Retry-After too long to wait for.
    const locked = newEmail('locked')
    const guesser = new PreflightClient({ baseUrl })
    await guesser.auth.register(locked, PASSWORD)
    for (let i = 0; i < 5; i++)
      t.match(await getError(guesser.auth.login(locked, 'wrong password')), { code: 'invalid_credentials', status: 401 })
    const limited = await getError(guesser.auth.login(locked, 'wrong password'))
    t.match(limited, { code: 'rate_limited', status: 429 })
    t.ok(limited.retryAfter !== null && limited.retryAfter > 10, `Retry-After read: ${limited.retryAfter} s`)
  })

  t.test('the rate limit: retried after Retry-After, or reported with it', async (t) => {
    const burst = new PreflightClient({ baseUrl, apiKey: issued.key, retry: { maxRetries: 0 } })
    // The bucket holds 10 and refills 10 a second: 25 at once overflow it.
    const outcomes = await Promise.allSettled(Array.from({ length: 25 }, () => burst.tips()))
    const refused = outcomes
      .filter((outcome) => outcome.status === 'rejected')
      .map((outcome) => (outcome as PromiseRejectedResult).reason as PreflightError)
    t.ok(refused.length > 0, `some refused without retries: ${refused.length}`)
    t.ok(
      refused.every((error) => error.code === 'rate_limited' && error.status === 429 && error.retryAfter === 1),
      'each 429 rate_limited with Retry-After: 1',
    )
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    const patient = new PreflightClient({ baseUrl, apiKey: issued.key, retry: { maxRetries: 4 } })
    const answers = await Promise.all(Array.from({ length: 25 }, () => patient.tips()))
    t.equal(answers.length, 25, 'with retries every call is answered, after the Retry-After it was told')
  })

  t.test('solana-preflight/grpc: the engine’s port with the API key', async (t) => {
    const grpc = await createGrpcClient({ address: `127.0.0.1:${setup.ports.grpc}`, apiKey: issued.key })
    t.teardown(() => grpc.close())
    const simulated = await grpc.simulate(await wallet.transfer(1_000_000n), { policy: 'strict' })
    t.match(simulated, { success: true, decision: 'approve' })
    t.match(await grpc.tips(), { slots: 150 })
    t.match(await grpc.approvals(wallet.payer.address), { wallet: wallet.payer.address })
    const refused = await createGrpcClient({ address: `127.0.0.1:${setup.ports.grpc}`, apiKey: 'pf_live_nope' })
    t.teardown(() => refused.close())
    t.match(await getError(refused.tips()), { code: 'unauthorized' }, 'the error-code trailer as a PreflightError')
    t.match(await getError(grpc.getTransaction('1'.repeat(64))), { code: 'not_found' })
  })

  t.test('timeouts, AbortSignal, an unreachable service', async (t) => {
    // A server that accepts connections and never answers.
    const silent = createNetServer(() => undefined)
    silent.listen(0, '127.0.0.1')
    await once(silent, 'listening')
    t.teardown(() => silent.close())
    const hanging = new PreflightClient({
      baseUrl: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`,
      apiKey: issued.key,
      retry: { maxRetries: 0 },
    })
    const transaction = await wallet.transfer(1n)
    t.match(await getError(hanging.simulate(transaction, {}, { timeoutMs: 200 })), { code: 'timeout', status: 0 })
    const controller = new AbortController()
    const pending = hanging.simulate(transaction, {}, { signal: controller.signal })
    setTimeout(() => controller.abort(), 50)
    t.match(await getError(pending), { code: 'aborted' })
    const nowhere = new PreflightClient({ baseUrl: 'http://127.0.0.1:9', apiKey: issued.key, retry: { maxRetries: 1, baseDelayMs: 10 } })
    t.match(await getError(nowhere.tips()), { code: 'network_error' })
  })
})
