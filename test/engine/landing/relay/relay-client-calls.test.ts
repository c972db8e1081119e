// The relay client against a relay over a real socket: what it sends, what it reads back, and how
// each kind of failure comes out (rate limit, the relay's refusal, an outage, a garbage answer).
import t from 'tap'
import { createServer } from 'node:net'
import { createRelayClient, deriveBundleId, MAX_RELAY_RESPONSE_BYTES } from '../../../../engine/landing/relay/relay-client.js'
import { isRelayRateLimited, isRelayRpcError } from '../../../../engine/landing/relay/relay-errors.js'
import { isServiceError } from '../../../../lib/errors.js'
import { JITO_TIP_ACCOUNTS, startStandInRelay, type RawAnswer } from '../../../helpers/stand-in-relay.js'
import { createSignedTransactions, getFirstSignature } from './signed-transactions.js'

const FAST = 1_000

t.test('sendBundle: the bundle goes to /api/v1/bundles with the auth header and comes back as Jito derives its id', async (t) => {
  const relay = await startStandInRelay(t, { ratePerSecond: FAST })
  const client = createRelayClient({ url: relay.url, auth: 'relay-uuid-1', requestTimeoutMs: 2_000 })
  const transactions = await createSignedTransactions(3)
  const bundleId = await client.sendBundle(transactions)
  t.equal(bundleId, deriveBundleId(transactions.map(getFirstSignature)), 'the id is sha256 of the first signatures joined by ","')
  const [call] = relay.calls
  t.equal(call?.path, '/api/v1/bundles')
  t.same(call?.params, [transactions, { encoding: 'base64' }])
  t.equal(call?.headers['x-jito-auth'], 'relay-uuid-1')
  t.equal(client.callsByMethod.get('sendBundle'), 1)

  const anonymous = createRelayClient({ url: relay.url, requestTimeoutMs: 2_000 })
  await anonymous.getTipAccounts()
  t.notOk('x-jito-auth' in relay.calls[1]!.headers, 'no auth configured: no header')
})

t.test('deriveBundleId is the hex sha256 of the signatures joined with ","', async (t) => {
  // sha256("a,b"), computed elsewhere (printf 'a,b' | sha256sum).
  t.equal(deriveBundleId(['a', 'b']), '1eb7c54d52831bbfe8942af0b1c56b7409523a59ed6ca99c1174fef7eb32c1b5')
  t.not(deriveBundleId(['a', 'b']), deriveBundleId(['b', 'a']), 'order matters')
})

t.test('sendTransaction: bundleOnly goes in the query and the bundle id comes from x-bundle-id', async (t) => {
  const relay = await startStandInRelay(t, { ratePerSecond: FAST })
  const client = createRelayClient({ url: relay.url, requestTimeoutMs: 2_000 })
  const [first, second] = await createSignedTransactions(2)
  const bundled = await client.sendTransaction(first!, { bundleOnly: true })
  t.same(bundled, { signature: getFirstSignature(first!), bundleId: deriveBundleId([getFirstSignature(first!)]) })
  t.equal(relay.calls[0]!.path, '/api/v1/transactions')
  t.equal(relay.calls[0]!.query.get('bundleOnly'), 'true')
  t.same(relay.calls[0]!.params, [first, { encoding: 'base64' }])
  const plain = await client.sendTransaction(second!, { bundleOnly: false })
  t.same(plain, { signature: getFirstSignature(second!), bundleId: null })
  t.equal(relay.calls[1]!.query.has('bundleOnly'), false)
})

t.test('statuses: in-flight states and landed statuses read into the engine’s shapes', async (t) => {
  const relay = await startStandInRelay(t, { ratePerSecond: FAST })
  const client = createRelayClient({ url: relay.url, requestTimeoutMs: 2_000 })
  const transactions = await createSignedTransactions(2)
  const landed = await client.sendBundle([transactions[0]!])
  const pending = await client.sendBundle([transactions[1]!])
  const unknown = 'f'.repeat(64)
  relay.land(landed, 321)
  const inflight = await client.getInflightBundleStatuses([landed, pending, unknown])
  t.same(inflight, [
    { bundleId: landed, status: 'Landed', landedSlot: 321 },
    { bundleId: pending, status: 'Pending', landedSlot: null },
    { bundleId: unknown, status: 'Invalid', landedSlot: null },
  ])
  const statuses = await client.getBundleStatuses([unknown, landed, pending])
  t.same(statuses, [
    null,
    {
      bundleId: landed,
      transactions: [getFirstSignature(transactions[0]!)],
      slot: 321,
      confirmationStatus: 'confirmed',
      err: { Ok: null },
    },
    null,
  ])
  t.same(relay.calls.at(-1)!.params, [[unknown, landed, pending]])
  t.same(await client.getTipAccounts(), JITO_TIP_ACCOUNTS)
  t.same(Object.fromEntries(client.callsByMethod), { sendBundle: 2, getInflightBundleStatuses: 1, getBundleStatuses: 1, getTipAccounts: 1 })
})

t.test('a 429 is RelayRateLimitedError; the relay’s JSON-RPC error is RelayRpcError with its code', async (t) => {
  const relay = await startStandInRelay(t, { ratePerSecond: 1 })
  const client = createRelayClient({ url: relay.url, requestTimeoutMs: 2_000 })
  await client.getTipAccounts()
  const limited = await client.getTipAccounts().catch((e: unknown) => e)
  t.ok(isRelayRateLimited(limited), 'the second call in a second is rate-limited')
  t.equal(relay.calls[1]!.status, 429)

  const refusing = await startStandInRelay(t, { ratePerSecond: FAST })
  const other = createRelayClient({ url: refusing.url, requestTimeoutMs: 2_000 })
  const refused = await other.getInflightBundleStatuses(['1', '2', '3', '4', '5', '6']).catch((e: unknown) => e)
  t.ok(isRelayRpcError(refused), 'six ids: the relay refuses')
  t.equal((refused as { code: number }).code, -32602)
  t.notOk(isServiceError(refused), 'a refusal is not an outage')
})

t.test('Jito’s rate-limit code in a 200 answer is a rate limit too', async (t) => {
  const body = JSON.stringify({ jsonrpc: '2.0', error: { code: -32097, message: 'Rate limit exceeded' }, id: 1 })
  const relay = await startStandInRelay(t, { ratePerSecond: FAST, answer: () => ({ status: 200, body }) })
  const client = createRelayClient({ url: relay.url, requestTimeoutMs: 2_000 })
  t.ok(isRelayRateLimited(await client.sendBundle(['AA==']).catch((e: unknown) => e)))
})

/** A URL on which nothing listens: a port the OS handed out and took back. */
async function getDeadUrl(): Promise<string> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return `http://127.0.0.1:${port}`
}

t.test('an unreachable relay is relay_unavailable naming its host, never its URL or key', async (t) => {
  const dead = await getDeadUrl()
  const client = createRelayClient({ url: `${dead}/?api-key=secret-key`, auth: 'secret-auth', requestTimeoutMs: 2_000 })
  const error = await client.sendBundle(['AA==']).catch((e: unknown) => e)
  t.ok(isServiceError(error, 'relay_unavailable'))
  const message = (error as Error).message
  t.match(message, new URL(dead).host, 'names the host and port')
  t.match(message, /sendBundle/)
  t.notMatch(message, /http:|secret/, 'no URL, no key')
})

t.test('a base URL’s query (a key) is kept on every call', async (t) => {
  const relay = await startStandInRelay(t, { ratePerSecond: FAST })
  const client = createRelayClient({ url: `${relay.url}/?api-key=k1`, requestTimeoutMs: 2_000 })
  await client.getTipAccounts()
  await client.sendTransaction((await createSignedTransactions(1))[0]!, { bundleOnly: true })
  t.same(
    relay.calls.map((call) => [call.path, call.query.toString()]),
    [
      ['/api/v1/bundles', 'api-key=k1'],
      ['/api/v1/transactions', 'api-key=k1&bundleOnly=true'],
    ],
  )
})

t.test('a bundle id of another relay passes: a uuid, and 200 printable characters', async (t) => {
  for (const id of ['6f1c2b8e-3d4a-4f5b-9c6d-7e8f9a0b1c2d', '~'.repeat(200)]) {
    const relay = await startStandInRelay(t, {
      ratePerSecond: FAST,
      answer: () => ({ status: 200, body: JSON.stringify({ jsonrpc: '2.0', result: id, id: 1 }) }),
    })
    t.equal(await createRelayClient({ url: relay.url, requestTimeoutMs: 2_000 }).sendBundle(['AA==']), id)
  }
})

t.test('garbage answers, 5xx and a silent relay are relay_unavailable, not a crash', async (t) => {
  const garbage: Array<[string, RawAnswer, (client: ReturnType<typeof createRelayClient>) => Promise<unknown>]> = [
    ['not JSON', { status: 200, body: 'hello' }, (c) => c.sendBundle(['AA=='])],
    ['a number for a bundle id', { status: 200, body: '{"jsonrpc":"2.0","result":42,"id":1}' }, (c) => c.sendBundle(['AA=='])],
    // A bundle id is answered to the caller, tracked and kept in history: one no store takes is no answer.
    [
      'a bundle id with a control character',
      { status: 200, body: '{"jsonrpc":"2.0","result":"ab\\u0000cd","id":1}' },
      (c) => c.sendBundle(['AA==']),
    ],
    ['a bundle id with a space', { status: 200, body: '{"jsonrpc":"2.0","result":"ab cd","id":1}' }, (c) => c.sendBundle(['AA=='])],
    ['an empty bundle id', { status: 200, body: '{"jsonrpc":"2.0","result":"","id":1}' }, (c) => c.sendBundle(['AA=='])],
    [
      'a bundle id of 201 characters',
      { status: 200, body: `{"jsonrpc":"2.0","result":"${'a'.repeat(201)}","id":1}` },
      (c) => c.sendBundle(['AA==']),
    ],
    [
      'a signature that is not base58',
      { status: 200, body: '{"jsonrpc":"2.0","result":"not a signature","id":1}' },
      (c) => c.sendTransaction('AA==', { bundleOnly: false }),
    ],
    [
      'an x-bundle-id header of 201 characters',
      { status: 200, body: `{"jsonrpc":"2.0","result":"${'1'.repeat(88)}","id":1}`, headers: { 'x-bundle-id': 'b'.repeat(201) } },
      (c) => c.sendTransaction('AA==', { bundleOnly: true }),
    ],
    // A bundle's error is stored as jsonb when the bundle is dropped: one jsonb refuses, or 3 KB of it, is no answer.
    ...['{"Err":{"Custom":"a\\u0000b"}}', '{"Err":"\\ud800"}', `{"Err":{"InstructionError":[0,"${'x'.repeat(3_000)}"]}}`].map(
      (err, index): (typeof garbage)[number] => [
        `a bundle error tracking cannot store (${index})`,
        {
          status: 200,
          body: `{"jsonrpc":"2.0","result":{"context":{"slot":1},"value":[{"bundle_id":"a","transactions":[],"slot":1,"err":${err}}]},"id":1}`,
        },
        (c) => c.getBundleStatuses(['a']),
      ],
    ),
    ['no result', { status: 200, body: '{"jsonrpc":"2.0","id":1}' }, (c) => c.getTipAccounts()],
    ['tip accounts that are not addresses', { status: 200, body: '{"jsonrpc":"2.0","result":["x"],"id":1}' }, (c) => c.getTipAccounts()],
    [
      'an unknown in-flight state',
      {
        status: 200,
        body: '{"jsonrpc":"2.0","result":{"context":{"slot":1},"value":[{"bundle_id":"a","status":"Lost","landed_slot":null}]},"id":1}',
      },
      (c) => c.getInflightBundleStatuses(['a']),
    ],
    [
      'statuses without a context',
      { status: 200, body: '{"jsonrpc":"2.0","result":{"value":[]},"id":1}' },
      (c) => c.getBundleStatuses(['a']),
    ],
    ['HTTP 502', { status: 502, body: 'bad gateway' }, (c) => c.getTipAccounts()],
    ['HTTP 401 without a JSON-RPC error', { status: 401, body: 'no' }, (c) => c.getTipAccounts()],
  ]
  for (const [what, answer, call] of garbage) {
    const relay = await startStandInRelay(t, { ratePerSecond: FAST, answer: () => answer })
    const error = await call(createRelayClient({ url: relay.url, requestTimeoutMs: 2_000 })).catch((e: unknown) => e)
    t.ok(isServiceError(error, 'relay_unavailable'), what)
    t.match((error as Error).message, new URL(relay.url).host, `${what}: names the host`)
  }
  const slow = await startStandInRelay(t, { ratePerSecond: FAST, delayMs: 2_000 })
  const timedOut = await createRelayClient({ url: slow.url, requestTimeoutMs: 100 })
    .getTipAccounts()
    .catch((e: unknown) => e)
  t.ok(isServiceError(timedOut, 'relay_unavailable'))
  t.match((timedOut as Error).message, /did not answer getTipAccounts within 100 ms/)
})

t.test('an answer past 1 MiB is relay_unavailable, read no further (declared or streamed without end)', async (t) => {
  const { createServer: createHttpServer } = await import('node:http')
  let streamedBytes = 0
  const server = createHttpServer((request, response) => {
    if (request.url?.startsWith('/declared')) {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(MAX_RELAY_RESPONSE_BYTES + 1) })
      response.end()
      return
    }
    // No length, and no end: only the reader's cap stops it.
    response.writeHead(200, { 'content-type': 'application/json' })
    const chunk = Buffer.alloc(64 * 1024, 0x20)
    const pump = () => {
      while (!response.destroyed && response.write(chunk)) streamedBytes += chunk.length
      if (!response.destroyed) response.once('drain', pump)
    }
    response.write('{"jsonrpc":"2.0","id":1,"result":"')
    pump()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())))
  server.on('connection', (socket) => t.teardown(() => socket.destroy()))
  const { port } = server.address() as { port: number }
  for (const path of ['declared', 'streamed']) {
    const client = createRelayClient({ url: `http://127.0.0.1:${port}/${path}`, requestTimeoutMs: 10_000 })
    const error = await client.getTipAccounts().catch((e: unknown) => e)
    t.ok(isServiceError(error) && error.code === 'relay_unavailable', `${path}: relay_unavailable`, { error })
    t.match((error as Error).message, /more than 1048576 bytes/, `${path}: says why`)
  }
  t.ok(streamedBytes < 64 * MAX_RELAY_RESPONSE_BYTES, 'the endless answer was not read to the end')
})
