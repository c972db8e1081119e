// What the relay refuses, over real HTTP: bad bundles (-32602, nothing queued), bad JSON-RPC, other
// paths and verbs, oversized bodies.
import { address, getBase58Decoder } from '@solana/kit'
import t from 'tap'
import { createDemoWalletSigners } from '../../localnet/seed/demo-state.js'
import { startTestLocalnet } from '../helpers/localnet-start.js'
import { buildTransfer, toBase64 } from '../helpers/localnet-transactions.js'
import { callRelay, postRelay } from '../helpers/relay-client.js'

const RECIPIENT = address('7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU')
const base58 = getBase58Decoder()

t.test('a bad bundle is refused with -32602 and nothing is queued', async (t) => {
  const localnet = await startTestLocalnet(t, { LOCALNET_RELAY_RATE_LIMIT: '0', LOCALNET_RELAY_READ_RATE_LIMIT: '0' })
  const [alice] = await createDemoWalletSigners()
  const blockhash = localnet.chain.getLatestBlockhash().blockhash
  const transfers = await Promise.all(
    [1n, 2n, 3n, 4n, 5n, 6n].map((i) => buildTransfer({ from: alice!, to: RECIPIENT, lamports: 1_000_000n * i, blockhash })),
  )
  const unsigned = await buildTransfer({ from: alice!, to: RECIPIENT, lamports: 1n, blockhash, sign: false })
  const tampered = Uint8Array.from(transfers[0]!)
  // The low byte of the transfer's lamports (a v0 message ends with the amount, then 0 lookups).
  tampered[tampered.length - 9]! ^= 1
  const signed = toBase64(transfers[0]!)

  const cases: Array<[string, unknown[], RegExp]> = [
    ['6 transactions', [transfers.map(toBase64), { encoding: 'base64' }], /1 to 5 transactions, got 6/],
    ['no transaction', [[], { encoding: 'base64' }], /1 to 5 transactions, got 0/],
    ['no params', [], /expected an array of encoded transactions/],
    ['not an array', ['abc', { encoding: 'base64' }], /1 to 5 transactions, got no array/],
    [
      'an unsigned transaction',
      [[signed, toBase64(unsigned)], { encoding: 'base64' }],
      /transaction 1 of the bundle: signature verification failed/,
    ],
    ['a changed message', [[toBase64(tampered)], { encoding: 'base64' }], /transaction 0 of the bundle: signature verification failed/],
    [
      'undecodable bytes',
      [[signed, toBase64(new Uint8Array([1, 2, 3]))], { encoding: 'base64' }],
      /transaction 1 of the bundle is not a transaction/,
    ],
    ['not base64', [['!!!!'], { encoding: 'base64' }], /transaction 0 of the bundle: invalid base64/],
    ['base64 read as base58', [[signed]], /transaction 0 of the bundle: invalid base58/],
    ['an unknown encoding', [[signed], { encoding: 'json' }], /unsupported encoding: json/],
  ]
  for (const [what, params, message] of cases) {
    const answer = await callRelay(localnet.relayUrl, 'sendBundle', params)
    t.equal(answer.status, 200, `${what}: HTTP 200`)
    t.equal(answer.body.error?.code, -32602, `${what}: -32602`)
    t.match(answer.body.error?.message, message, `${what}: says what is wrong`)
  }
  const tooManyIds = await callRelay(localnet.relayUrl, 'getInflightBundleStatuses', [['a', 'b', 'c', 'd', 'e', 'f']])
  t.match(tooManyIds.body.error, { code: -32602, message: /1 to 5 bundle ids, got 6/ }, 'more than 5 ids')
  t.match((await callRelay(localnet.relayUrl, 'getBundleStatuses', [[]])).body.error, { code: -32602 }, 'no id')
  t.match((await callRelay(localnet.relayUrl, 'getBundleStatuses', [[1]])).body.error, { code: -32602, message: /not a string/ })
  const unsignedSend = await callRelay(localnet.relayUrl, 'sendTransaction', [toBase64(unsigned), { encoding: 'base64' }])
  t.match(unsignedSend.body.error, { code: -32602, message: /signature verification failed/ }, 'sendTransaction checks signatures too')

  t.equal(localnet.relay.getCounts().bundles.queued, 0, 'nothing queued')
  localnet.chain.advanceSlot()
  t.same(
    (await localnet.call('getSignatureStatuses', [[base58.decode(transfers[0]!.subarray(1, 65))]])).result.value,
    [null],
    'nothing landed at the next slot',
  )
  t.same(localnet.sends.getCounts().received, 0, 'nothing reached the chain')
})

t.test('JSON-RPC and HTTP errors', async (t) => {
  const localnet = await startTestLocalnet(
    t,
    { LOCALNET_RELAY_RATE_LIMIT: '0', LOCALNET_RELAY_READ_RATE_LIMIT: '0' },
    { autoAdvance: false, maxBodyBytes: 4096 },
  )
  const parse = await postRelay(localnet.relayUrl, '/api/v1/bundles', '{"jsonrpc":"2.0",')
  t.equal(parse.status, 200, 'a parse error is answered with HTTP 200, as localnet RPC does')
  t.same(parse.body, { jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' }, id: null })
  const invalid = await postRelay(localnet.relayUrl, '/api/v1/bundles', { jsonrpc: '1.0', id: 7, method: 'getTipAccounts' })
  t.same(invalid.body, { jsonrpc: '2.0', error: { code: -32600, message: 'Invalid request' }, id: 7 })
  const batch = await postRelay(localnet.relayUrl, '/api/v1/bundles', [{ jsonrpc: '2.0', id: 1, method: 'getTipAccounts' }])
  t.equal(batch.body.error?.code, -32600, 'batches are not taken')
  const unknown = await callRelay(localnet.relayUrl, 'getBalance', [RECIPIENT], { id: 9 })
  t.same(unknown.body, { jsonrpc: '2.0', error: { code: -32601, message: 'Method not found' }, id: 9 })
  const wrongPath = await callRelay(localnet.relayUrl, 'sendBundle', [[]], { path: '/api/v1/transactions' })
  t.equal(wrongPath.body.error?.code, -32601, 'a method on a path that does not take it')
  const perMethod = await callRelay(localnet.relayUrl, 'sendBundle', [[]], { path: '/api/v1/getTipAccounts' })
  t.equal(perMethod.body.error?.code, -32601, 'a per-method path takes only its method')
  const tipsWithParams = await callRelay(localnet.relayUrl, 'getTipAccounts', [1])
  t.equal(tipsWithParams.body.error?.code, -32602)

  const notFound = await callRelay(localnet.relayUrl, 'getTipAccounts', [], { path: '/api/v1/nothing' })
  t.equal(notFound.status, 404, 'another path: 404')
  t.equal(notFound.body.error?.code, -32601)
  t.equal((await callRelay(localnet.relayUrl, 'getTipAccounts', [], { path: '/' })).status, 404, 'the root is not a relay path')
  const get = await fetch(`${localnet.relayUrl}/api/v1/bundles`)
  t.equal(get.status, 405, 'GET: 405')
  t.equal(get.headers.get('allow'), 'POST')
  await get.text()

  const large = await postRelay(
    localnet.relayUrl,
    '/api/v1/bundles',
    JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'x', pad: 'a'.repeat(5000) }),
  )
  t.equal(large.status, 413, 'a body over the limit: 413')
  t.equal(large.body.error?.code, -32600)
  t.equal((await callRelay(localnet.relayUrl, 'getTipAccounts')).status, 200, 'and the relay still serves')
  t.same(
    localnet.relay.getCounts().methods,
    { '': 3, getTipAccounts: 3, sendBundle: 2 },
    'accepted calls by method; unknown methods and unreadable bodies under ""',
  )
})
