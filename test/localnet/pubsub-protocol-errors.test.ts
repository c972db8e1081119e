// The PubSub server's JSON-RPC errors (Agave's codes and messages) and its bounds: subscriptions
// per connection, frame size, connections, a client that stops reading, notifications held.
import { address, generateKeyPairSigner } from '@solana/kit'
import t from 'tap'
import { WebSocket } from 'ws'
import { createDemoWalletSigners } from '../../localnet/seed/demo-state.js'
import { startTestLocalnet } from '../helpers/localnet-start.js'
import { buildTransfer, toBase64 } from '../helpers/localnet-transactions.js'
import { openPubSubClient } from '../helpers/pubsub-client.js'

const RECIPIENT = address('7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU')
const SYSTEM_PROGRAM = '11111111111111111111111111111111'

t.test('malformed frames, unknown methods and bad params answer JSON-RPC errors; the connection stays usable', async (t) => {
  const localnet = await startTestLocalnet(t)
  const client = await openPubSubClient(t, localnet.wsUrl)
  t.same(await client.sendRaw('{not json'), { jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' }, id: null })
  t.same(await client.sendRaw('{"jsonrpc":"2.0","id":7}'), { jsonrpc: '2.0', error: { code: -32600, message: 'Invalid request' }, id: 7 })
  t.same(await client.request('getBalance', [RECIPIENT]), { jsonrpc: '2.0', error: { code: -32601, message: 'Method not found' }, id: 1 })
  const errors: Array<[string, unknown[], string]> = [
    ['accountSubscribe', ['not-a-key'], 'Invalid Request: Invalid pubkey provided'],
    ['accountSubscribe', [], 'Invalid params: invalid length 0, expected a pubkey.'],
    [
      'accountSubscribe',
      [RECIPIENT, { encoding: 'base64+zstd' }],
      'Invalid params: encoding base64+zstd is not supported by localnet; use base64.',
    ],
    [
      'accountSubscribe',
      [RECIPIENT, { commitment: 'max' }],
      'Invalid params: unknown variant `max`, expected one of `processed`, `confirmed`, `finalized`.',
    ],
    ['signatureSubscribe', ['abc'], 'Invalid Request: Invalid signature provided'],
    ['logsSubscribe', [{ mentions: [RECIPIENT, SYSTEM_PROGRAM] }], 'Invalid Request: Only 1 address supported'],
    ['logsSubscribe', ['some'], 'Invalid params: unknown variant `some`, expected one of `all`, `allWithVotes`, `mentions`.'],
    [
      'programSubscribe',
      [SYSTEM_PROGRAM, { filters: [{ dataSize: 1 }, { dataSize: 1 }, { dataSize: 1 }, { dataSize: 1 }, { dataSize: 1 }] }],
      'Too many filters provided; max 4',
    ],
    ['slotUnsubscribe', [12345], 'Invalid subscription id.'],
    ['slotUnsubscribe', ['x'], 'Invalid params: invalid type: "x", expected u64.'],
  ]
  for (const [method, params, message] of errors) {
    const answer = await client.request(method, params)
    t.same(answer.error, { code: -32602, message }, `${method} ${JSON.stringify(params)}`)
  }
  const other = await openPubSubClient(t, localnet.wsUrl)
  const theirs = await other.subscribe('slotSubscribe')
  t.same(
    (await client.request('slotUnsubscribe', [theirs])).error?.message,
    'Invalid subscription id.',
    "another connection's id is not this one's",
  )
  const batch = await client.sendRaw(
    JSON.stringify([
      { jsonrpc: '2.0', id: 'a', method: 'slotSubscribe' },
      { jsonrpc: '2.0', id: 'b', method: 'nope' },
    ]),
  )
  t.match(
    batch,
    [
      { id: 'a', result: Number },
      { id: 'b', error: { code: -32601 } },
    ],
    'a batch answers each call',
  )
  t.type(await client.subscribe('slotSubscribe'), 'number', 'still serving after all of it')
})

t.test('at most maxSubscriptionsPerConnection subscriptions; an unsubscribe makes room', async (t) => {
  const localnet = await startTestLocalnet(t, {}, { autoAdvance: false, pubsubLimits: { maxSubscriptionsPerConnection: 2 } })
  const client = await openPubSubClient(t, localnet.wsUrl)
  const first = await client.subscribe('slotSubscribe')
  await client.subscribe('rootSubscribe')
  const refused = await client.request('logsSubscribe', ['all'])
  t.same(refused.error, { code: -32603, message: 'Internal Error: Subscription refused. Node subscription limit reached' })
  const other = await openPubSubClient(t, localnet.wsUrl)
  t.type(await other.subscribe('slotSubscribe'), 'number', 'the bound is per connection')
  await client.request('slotUnsubscribe', [first])
  t.type(await client.subscribe('logsSubscribe', ['all']), 'number', 'room again after an unsubscribe')
})

t.test('a frame over maxMessageBytes closes the connection with 1009', async (t) => {
  const localnet = await startTestLocalnet(t, {}, { autoAdvance: false, pubsubLimits: { maxMessageBytes: 1024 } })
  const client = await openPubSubClient(t, localnet.wsUrl)
  t.type(await client.subscribe('accountSubscribe', [RECIPIENT, { pad: 'x'.repeat(800) }]), 'number', 'under the bound: served')
  client.socket.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'slotSubscribe', params: ['x'.repeat(2000)] }))
  t.equal((await client.closed).code, 1009)
})

t.test('past maxConnections a new connection is closed with 1013', async (t) => {
  const localnet = await startTestLocalnet(t, {}, { autoAdvance: false, pubsubLimits: { maxConnections: 1 } })
  const first = await openPubSubClient(t, localnet.wsUrl)
  const second = await openPubSubClient(t, localnet.wsUrl)
  t.same(await second.closed, { code: 1013, reason: 'too many connections' })
  t.type(await first.subscribe('slotSubscribe'), 'number', 'the first is served')
  first.socket.close()
  await first.closed
  const third = await openPubSubClient(t, localnet.wsUrl)
  t.type(await third.subscribe('slotSubscribe'), 'number', 'a freed place is taken again')
})

t.test('a client that stops reading is closed with 1008 once its unsent bytes pass maxBufferedBytes', async (t) => {
  const localnet = await startTestLocalnet(t, {}, { autoAdvance: false, pubsubLimits: { maxBufferedBytes: 256 * 1024 } })
  const client = await openPubSubClient(t, localnet.wsUrl)
  const id = await client.subscribe('accountSubscribe', [RECIPIENT, { commitment: 'processed', encoding: 'base64' }])
  client.socket.pause()
  const account = {
    lamports: 10_000_000_000n,
    data: new Uint8Array(100_000),
    owner: address(SYSTEM_PROGRAM),
    executable: false,
    rentEpoch: 0n,
  }
  // 300 notifications of ~133 KB (40 MB): more than the kernel's socket buffers hold.
  const writes = 300
  for (let i = 0; i < writes; i++) {
    account.data[0] = i % 256
    localnet.chain.setAccount(RECIPIENT, { ...account, data: Uint8Array.from(account.data) })
  }
  client.socket.resume()
  t.same(await client.closed, { code: 1008, reason: 'send buffer full' })
  t.ok(client.notifications(id).length < writes, `stopped sending (${client.notifications(id).length} of ${writes} sent)`)
  const fresh = await openPubSubClient(t, localnet.wsUrl)
  t.type(await fresh.subscribe('slotSubscribe'), 'number', 'the server serves others on')
})

t.test('a connection with more than maxHeldNotifications waiting for their commitment is closed with 1008', async (t) => {
  const localnet = await startTestLocalnet(t, {}, { autoAdvance: false, pubsubLimits: { maxHeldNotifications: 2 } })
  const client = await openPubSubClient(t, localnet.wsUrl)
  // Three accounts: writes of one account in one slot replace each other while held, so each counts once.
  const recipients = [RECIPIENT, ...(await Promise.all([1, 2].map(async () => (await generateKeyPairSigner()).address)))]
  for (const recipient of recipients) await client.subscribe('accountSubscribe', [recipient, { commitment: 'confirmed' }])
  const [alice] = await createDemoWalletSigners()
  for (const recipient of recipients) {
    const bytes = await buildTransfer({
      from: alice,
      to: recipient,
      lamports: 1_000_000n,
      blockhash: localnet.chain.getLatestBlockhash().blockhash,
    })
    await localnet.call('sendTransaction', [toBase64(bytes), { encoding: 'base64' }])
  }
  t.same(await client.closed, { code: 1008, reason: 'too many notifications held' })
})

t.test('closing localnet closes its PubSub clients with 1001', async (t) => {
  const localnet = await startTestLocalnet(t)
  const client = await openPubSubClient(t, localnet.wsUrl)
  await client.subscribe('slotSubscribe')
  await localnet.close()
  t.same(await client.closed, { code: 1001, reason: 'localnet closing' })
  const refused = new WebSocket(localnet.wsUrl)
  const error = await new Promise<Error>((resolve) => refused.once('error', resolve))
  t.match(error.message, /ECONNREFUSED/, 'the port is released')
})
