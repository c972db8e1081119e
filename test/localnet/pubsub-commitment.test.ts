// PubSub notifications wait for their subscription's commitment, on the same slot rule as
// getSignatureStatuses: processed as it happens, confirmed when the next block opens, finalized
// LOCALNET_FINALITY_SLOTS later; finalized is the default, as Agave's.
import { address, getBase58Decoder } from '@solana/kit'
import t from 'tap'
import { createDemoWalletSigners } from '../../localnet/seed/demo-state.js'
import { startTestLocalnet, type TestLocalnet } from '../helpers/localnet-start.js'
import { buildTransfer, toBase64 } from '../helpers/localnet-transactions.js'
import { openPubSubClient, type PubSubClient } from '../helpers/pubsub-client.js'

const RECIPIENT = address('7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU')

async function signTransfer(localnet: TestLocalnet): Promise<{ bytes: Uint8Array; signature: string }> {
  const [alice] = await createDemoWalletSigners()
  const bytes = await buildTransfer({
    from: alice,
    to: RECIPIENT,
    lamports: 1_000_000n,
    blockhash: localnet.chain.getLatestBlockhash().blockhash,
  })
  return { bytes, signature: getBase58Decoder().decode(bytes.subarray(1, 65)) }
}

/**
 * A round trip on the socket: the chain emits synchronously inside the HTTP call, so whatever it
 * sent this client is on the socket before this answer.
 */
async function sync(client: PubSubClient): Promise<void> {
  await client.request('slotUnsubscribe', [1_000_000])
}

t.test('processed at once, confirmed when the next block opens, finalized LOCALNET_FINALITY_SLOTS on', async (t) => {
  const localnet = await startTestLocalnet(t, { LOCALNET_FINALITY_SLOTS: '3' })
  const client = await openPubSubClient(t, localnet.wsUrl)
  const { bytes, signature } = await signTransfer(localnet)
  const ids = {
    processed: await client.subscribe('signatureSubscribe', [signature, { commitment: 'processed' }]),
    confirmed: await client.subscribe('signatureSubscribe', [signature, { commitment: 'confirmed' }]),
    finalized: await client.subscribe('signatureSubscribe', [signature, { commitment: 'finalized' }]),
    byDefault: await client.subscribe('signatureSubscribe', [signature]),
  }
  await localnet.call('sendTransaction', [toBase64(bytes), { encoding: 'base64' }])
  const slot = Number(localnet.chain.getSlot())
  await client.waitForNotifications(ids.processed)
  await sync(client)
  t.equal(client.notifications(ids.confirmed).length, 0, 'confirmed: not in the open slot')
  t.equal(client.notifications(ids.finalized).length, 0)

  localnet.chain.advanceSlot()
  const [confirmed] = await client.waitForNotifications(ids.confirmed)
  t.same(confirmed?.params.result, { context: { slot }, value: { err: null } }, 'confirmed when the next block opened')
  const status = await localnet.call('getSignatureStatuses', [[signature]])
  t.equal(status.result.value[0].confirmationStatus, 'confirmed', 'getSignatureStatuses tells the same story')
  localnet.chain.advanceSlot()
  await sync(client)
  t.equal(client.notifications(ids.finalized).length, 0, 'finalized: not 2 slots on')
  t.equal(client.notifications(ids.byDefault).length, 0, 'the default (finalized) neither')

  localnet.chain.advanceSlot()
  const [finalized] = await client.waitForNotifications(ids.finalized)
  t.same(finalized?.params.result, { context: { slot }, value: { err: null } })
  t.equal((await client.waitForNotifications(ids.byDefault))[0]?.params.result.value.err, null, 'the default is finalized')
  const finalStatus = await localnet.call('getSignatureStatuses', [[signature]])
  t.equal(finalStatus.result.value[0].confirmationStatus, 'finalized')
  for (const id of Object.values(ids)) t.equal(client.notifications(id).length, 1, 'one notification each')
})

t.test('account and logs notifications wait for their commitment too, with the state of their slot', async (t) => {
  const localnet = await startTestLocalnet(t)
  const client = await openPubSubClient(t, localnet.wsUrl)
  const accountProcessed = await client.subscribe('accountSubscribe', [RECIPIENT, { commitment: 'processed', encoding: 'base64' }])
  const accountConfirmed = await client.subscribe('accountSubscribe', [RECIPIENT, { commitment: 'confirmed', encoding: 'base64' }])
  const logsConfirmed = await client.subscribe('logsSubscribe', ['all', { commitment: 'confirmed' }])
  const { bytes, signature } = await signTransfer(localnet)
  await localnet.call('sendTransaction', [toBase64(bytes), { encoding: 'base64' }])
  const slot = Number(localnet.chain.getSlot())
  await client.waitForNotifications(accountProcessed)
  await sync(client)
  t.equal(client.notifications(accountConfirmed).length, 0, 'not before the next block')
  t.equal(client.notifications(logsConfirmed).length, 0)
  localnet.chain.advanceSlot()
  const [account] = await client.waitForNotifications(accountConfirmed)
  t.same(account?.params.result.context, { slot })
  t.equal(account?.params.result.value.lamports, 1_000_000)
  const [logs] = await client.waitForNotifications(logsConfirmed)
  t.same(logs?.params.result.context, { slot })
  t.equal(logs?.params.result.value.signature, signature)
})

t.test('an unsubscribe while a notification waits for its commitment cancels it', async (t) => {
  const localnet = await startTestLocalnet(t)
  const client = await openPubSubClient(t, localnet.wsUrl)
  const { bytes, signature } = await signTransfer(localnet)
  const id = await client.subscribe('signatureSubscribe', [signature, { commitment: 'confirmed' }])
  await localnet.call('sendTransaction', [toBase64(bytes), { encoding: 'base64' }])
  t.same((await client.request('signatureUnsubscribe', [id])).result, true, 'still active until its notification is sent')
  const slots = await client.subscribe('slotSubscribe')
  localnet.chain.advanceSlot()
  await client.waitForNotifications(slots)
  t.same(client.notifications(id), [], 'nothing sent')
})

t.test('two writes of an account in one slot: processed hears both, confirmed the slot’s final state once', async (t) => {
  const localnet = await startTestLocalnet(t)
  const client = await openPubSubClient(t, localnet.wsUrl)
  const processed = await client.subscribe('accountSubscribe', [RECIPIENT, { commitment: 'processed', encoding: 'base64' }])
  const confirmed = await client.subscribe('accountSubscribe', [RECIPIENT, { commitment: 'confirmed', encoding: 'base64' }])
  const program = await client.subscribe('programSubscribe', [
    '11111111111111111111111111111111',
    { commitment: 'confirmed', encoding: 'base64' },
  ])
  localnet.chain.airdrop(RECIPIENT, 1_000_000n)
  localnet.chain.airdrop(RECIPIENT, 2_000_000n)
  const slot = Number(localnet.chain.getSlot())
  await client.waitForNotifications(processed, 2)
  t.same(
    client.notifications(processed).map((n) => n.params.result.value.lamports),
    [1_000_000, 3_000_000],
    'processed: every write',
  )
  localnet.chain.advanceSlot()
  await client.waitForNotifications(confirmed)
  await sync(client)
  t.same(
    client.notifications(confirmed).map((n) => n.params.result),
    [{ context: { slot }, value: { ...client.notifications(confirmed)[0]?.params.result.value, lamports: 3_000_000 } }],
    'confirmed: one notification, the state as of the end of the slot',
  )
  const recipientWrites = client.notifications(program).filter((n) => n.params.result.value.pubkey === RECIPIENT)
  t.same(
    recipientWrites.map((n) => n.params.result.value.account.lamports),
    [3_000_000],
    'programSubscribe at confirmed: once per account and slot',
  )
})
