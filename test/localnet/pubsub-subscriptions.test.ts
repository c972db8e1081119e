// Every PubSub subscription kind over a real socket, fed by real transactions on localnet, in
// Agave's message shapes (commitment `processed`, so each arrives as the event happens).
import { address, getBase58Decoder } from '@solana/kit'
import t from 'tap'
import { createDemoWalletSigners, DEMO_MINT, DEMO_TOKEN_ACCOUNTS, DEMO_WALLETS } from '../../localnet/seed/demo-state.js'
import { startTestLocalnet, type TestLocalnet } from '../helpers/localnet-start.js'
import { buildTransfer, toBase64 } from '../helpers/localnet-transactions.js'
import { openPubSubClient } from '../helpers/pubsub-client.js'

const RECIPIENT = address('7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU')
const SYSTEM_PROGRAM = '11111111111111111111111111111111'
const processed = { commitment: 'processed' }

async function sendTransfer(localnet: TestLocalnet, lamports = 1_000_000n): Promise<string> {
  const [alice] = await createDemoWalletSigners()
  const bytes = await buildTransfer({ from: alice, to: RECIPIENT, lamports, blockhash: localnet.chain.getLatestBlockhash().blockhash })
  const sent = await localnet.call('sendTransaction', [toBase64(bytes), { encoding: 'base64' }])
  if (typeof sent.result !== 'string') throw new Error(JSON.stringify(sent))
  return sent.result
}

t.test('the WebSocket URL: ws://, its own free port when the RPC port is free', async (t) => {
  const localnet = await startTestLocalnet(t)
  t.match(localnet.wsUrl, /^ws:\/\/127\.0\.0\.1:\d+$/)
  t.not(new URL(localnet.wsUrl).port, new URL(localnet.rpcUrl).port)
  const res = await fetch(localnet.wsUrl.replace('ws:', 'http:'))
  t.equal(res.status, 426, 'a plain HTTP request is told to upgrade')
})

t.test('slotSubscribe: {parent, root, slot} for each new block; rootSubscribe: each rooted slot', async (t) => {
  const localnet = await startTestLocalnet(t, { LOCALNET_FINALITY_SLOTS: '2' })
  const client = await openPubSubClient(t, localnet.wsUrl)
  const slots = await client.subscribe('slotSubscribe')
  const roots = await client.subscribe('rootSubscribe')
  t.not(slots, roots, 'each subscription its own id')
  const start = localnet.chain.getSlot()
  localnet.chain.advanceSlot(3)
  const notifications = await client.waitForNotifications(slots, 3)
  t.same(
    notifications.map((n) => n.params.result),
    [
      { parent: Number(start), root: Number(start) - 2, slot: Number(start) + 1 },
      { parent: Number(start) + 1, root: Number(start), slot: Number(start) + 2 },
      { parent: Number(start) + 2, root: Number(start) + 1, slot: Number(start) + 3 },
    ],
  )
  t.same(notifications[0], {
    jsonrpc: '2.0',
    method: 'slotNotification',
    params: { result: notifications[0]?.params.result, subscription: slots },
  })
  const rootNotifications = await client.waitForNotifications(roots, 2)
  t.same(
    rootNotifications.map((n) => [n.method, n.params.result]),
    [
      ['rootNotification', Number(start)],
      ['rootNotification', Number(start) + 1],
    ],
    'the slots finalized as blocks 2 slots on open',
  )
})

t.test('accountSubscribe: the account as getAccountInfo answers it, in the encoding asked', async (t) => {
  const localnet = await startTestLocalnet(t)
  const client = await openPubSubClient(t, localnet.wsUrl)
  const base64 = await client.subscribe('accountSubscribe', [RECIPIENT, { ...processed, encoding: 'base64' }])
  const legacy = await client.subscribe('accountSubscribe', [RECIPIENT, processed])
  await sendTransfer(localnet, 2_000_000n)
  const [notification] = await client.waitForNotifications(base64)
  const info = await localnet.call('getAccountInfo', [RECIPIENT, { ...processed, encoding: 'base64' }])
  t.same(notification, {
    jsonrpc: '2.0',
    method: 'accountNotification',
    params: { result: { context: { slot: Number(localnet.chain.getSlot()) }, value: info.result.value }, subscription: base64 },
  })
  t.equal(notification?.params.result.value.lamports, 2_000_000)
  const [plain] = await client.waitForNotifications(legacy)
  t.equal(plain?.params.result.value.data, '', 'the default encoding is legacy binary (a bare base58 string)')
})

t.test('accountSubscribe jsonParsed: a token account as Agave parses it; anything else in base64', async (t) => {
  const localnet = await startTestLocalnet(t)
  const client = await openPubSubClient(t, localnet.wsUrl)
  const token = await client.subscribe('accountSubscribe', [DEMO_TOKEN_ACCOUNTS[0], { ...processed, encoding: 'jsonParsed' }])
  const wallet = await client.subscribe('accountSubscribe', [DEMO_WALLETS[1], { ...processed, encoding: 'jsonParsed' }])
  const tokenAccount = localnet.chain.getAccount(DEMO_TOKEN_ACCOUNTS[0])
  const walletAccount = localnet.chain.getAccount(DEMO_WALLETS[1])
  if (!tokenAccount || !walletAccount) throw new Error('demo state missing')
  localnet.chain.setAccount(DEMO_TOKEN_ACCOUNTS[0], tokenAccount)
  localnet.chain.setAccount(DEMO_WALLETS[1], walletAccount)
  const [parsed] = await client.waitForNotifications(token)
  t.equal(parsed?.params.result.value.data.program, 'spl-token')
  t.equal(parsed?.params.result.value.data.parsed.type, 'account')
  t.equal(parsed?.params.result.value.data.parsed.info.mint, DEMO_MINT)
  t.equal(parsed?.params.result.value.data.parsed.info.owner, DEMO_WALLETS[0])
  t.same(parsed?.params.result.value.data.parsed.info.tokenAmount.decimals, 6)
  const [fallback] = await client.waitForNotifications(wallet)
  t.same(fallback?.params.result.value.data, ['', 'base64'], 'not parsable: base64, as Agave falls back')
})

t.test('programSubscribe: {pubkey, account} of each account the program owns that passes the filters', async (t) => {
  const localnet = await startTestLocalnet(t)
  const client = await openPubSubClient(t, localnet.wsUrl)
  const empty = await client.subscribe('programSubscribe', [
    SYSTEM_PROGRAM,
    { ...processed, encoding: 'base64', filters: [{ dataSize: 0 }] },
  ])
  const sized = await client.subscribe('programSubscribe', [SYSTEM_PROGRAM, { ...processed, filters: [{ dataSize: 1 }] }])
  const slots = await client.subscribe('slotSubscribe')
  await sendTransfer(localnet)
  const notifications = await client.waitForNotifications(empty, 2)
  const pubkeys = notifications.map((n) => n.params.result.value.pubkey).sort()
  t.same(pubkeys, [DEMO_WALLETS[0], RECIPIENT].sort(), 'the payer and the recipient, both written')
  const recipient = notifications.find((n) => n.params.result.value.pubkey === RECIPIENT)
  t.same(recipient?.method, 'programNotification')
  t.same(
    recipient?.params.result.value.account,
    (await localnet.call('getAccountInfo', [RECIPIENT, { ...processed, encoding: 'base64' }])).result.value,
  )
  // The block after: anything the transfer caused has been sent before its slot notification.
  localnet.chain.advanceSlot()
  await client.waitForNotifications(slots)
  t.same(client.notifications(sized), [], 'a dataSize the accounts do not have matches none')
})

t.test('logsSubscribe: all, allWithVotes and mentions, with signature, err and logs', async (t) => {
  const localnet = await startTestLocalnet(t)
  const client = await openPubSubClient(t, localnet.wsUrl)
  const all = await client.subscribe('logsSubscribe', ['all', processed])
  const withVotes = await client.subscribe('logsSubscribe', ['allWithVotes', processed])
  const mentions = await client.subscribe('logsSubscribe', [{ mentions: [RECIPIENT] }, processed])
  const elsewhere = await client.subscribe('logsSubscribe', [{ mentions: [DEMO_WALLETS[2]] }, processed])
  const signature = await sendTransfer(localnet)
  const [notification] = await client.waitForNotifications(all)
  t.same(notification, {
    jsonrpc: '2.0',
    method: 'logsNotification',
    params: {
      result: {
        context: { slot: Number(localnet.chain.getSlot()) },
        value: { signature, err: null, logs: [`Program ${SYSTEM_PROGRAM} invoke [1]`, `Program ${SYSTEM_PROGRAM} success`] },
      },
      subscription: all,
    },
  })
  t.equal((await client.waitForNotifications(withVotes))[0]?.params.result.value.signature, signature)
  t.equal((await client.waitForNotifications(mentions))[0]?.params.result.value.signature, signature)
  t.same(client.notifications(elsewhere), [], 'a transaction that does not name the address is not sent')
})

t.test('signatureSubscribe: receivedSignature when asked, then {err}, then the subscription is gone', async (t) => {
  const localnet = await startTestLocalnet(t)
  const client = await openPubSubClient(t, localnet.wsUrl)
  const [alice] = await createDemoWalletSigners()
  const bytes = await buildTransfer({
    from: alice,
    to: RECIPIENT,
    lamports: 1_000_000n,
    blockhash: localnet.chain.getLatestBlockhash().blockhash,
  })
  const signature = getBase58Decoder().decode(bytes.subarray(1, 65))
  const id = await client.subscribe('signatureSubscribe', [signature, { ...processed, enableReceivedNotification: true }])
  await localnet.call('sendTransaction', [toBase64(bytes), { encoding: 'base64' }])
  const notifications = await client.waitForNotifications(id, 2)
  const slot = Number(localnet.chain.getSlot())
  t.same(
    notifications.map((n) => n.params),
    [
      { result: { context: { slot }, value: 'receivedSignature' }, subscription: id },
      { result: { context: { slot }, value: { err: null } }, subscription: id },
    ],
  )
  t.equal(notifications[1]?.method, 'signatureNotification')
  const unsubscribe = await client.request('signatureUnsubscribe', [id])
  t.same(unsubscribe.error, { code: -32602, message: 'Invalid subscription id.' }, 'auto-unsubscribed after its notification')
})

t.test('signatureSubscribe: a failed transaction notifies its err; one that landed before the subscribe is notified too', async (t) => {
  const localnet = await startTestLocalnet(t)
  const client = await openPubSubClient(t, localnet.wsUrl)
  const [alice] = await createDemoWalletSigners()
  const failing = await buildTransfer({
    from: alice,
    to: RECIPIENT,
    lamports: 10n ** 15n,
    blockhash: localnet.chain.getLatestBlockhash().blockhash,
  })
  const signature = getBase58Decoder().decode(failing.subarray(1, 65))
  const id = await client.subscribe('signatureSubscribe', [signature, processed])
  await localnet.call('sendTransaction', [toBase64(failing), { encoding: 'base64', skipPreflight: true }])
  const [failed] = await client.waitForNotifications(id)
  t.same(failed?.params.result.value, { err: { InstructionError: [0, { Custom: 1 }] } })

  const airdrop = await localnet.call('requestAirdrop', [RECIPIENT, 1_000])
  const late = await client.subscribe('signatureSubscribe', [airdrop.result, processed])
  const [landed] = await client.waitForNotifications(late)
  t.same(landed?.params.result, { context: { slot: Number(localnet.chain.getSlot()) }, value: { err: null } })
})

t.test('unsubscribes answer true and stop the notifications; any kind of unsubscribe ends any id', async (t) => {
  const localnet = await startTestLocalnet(t)
  const client = await openPubSubClient(t, localnet.wsUrl)
  const ids = {
    account: await client.subscribe('accountSubscribe', [RECIPIENT, processed]),
    program: await client.subscribe('programSubscribe', [SYSTEM_PROGRAM, processed]),
    logs: await client.subscribe('logsSubscribe', ['all', processed]),
    slot: await client.subscribe('slotSubscribe'),
    root: await client.subscribe('rootSubscribe'),
  }
  for (const kind of ['account', 'program', 'logs', 'slot', 'root'] as const) {
    t.same((await client.request(`${kind}Unsubscribe`, [ids[kind]])).result, true, `${kind}Unsubscribe answers true`)
  }
  const watcher = await openPubSubClient(t, localnet.wsUrl)
  const watch = await watcher.subscribe('logsSubscribe', ['all', processed])
  const cross = await client.subscribe('slotSubscribe')
  t.same((await client.request('accountUnsubscribe', [cross])).result, true, 'a slot subscription ended by accountUnsubscribe')
  await sendTransfer(localnet)
  localnet.chain.advanceSlot()
  await watcher.waitForNotifications(watch)
  const slotsSeen = await watcher.subscribe('slotSubscribe')
  localnet.chain.advanceSlot()
  await watcher.waitForNotifications(slotsSeen)
  for (const kind of ['account', 'program', 'logs', 'slot', 'root'] as const) {
    t.same(client.notifications(ids[kind]), [], `nothing after ${kind}Unsubscribe`)
  }
  t.same(client.notifications(cross), [])
})
