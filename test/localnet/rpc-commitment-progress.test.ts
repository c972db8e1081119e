// A landed transaction's commitment as slots advance: processed in its open slot, confirmed from
// the next block on, finalized LOCALNET_FINALITY_SLOTS slots later; getSignatureStatuses, the
// history methods and the geyser slot statuses tell the same story.
import { address, getBase58Decoder } from '@solana/kit'
import t from 'tap'
import { SlotStatus } from '../../localnet/geyser/yellowstone-messages.js'
import { createDemoWalletSigners } from '../../localnet/seed/demo-state.js'
import { connectGeyserClient, subscribeGeyser, type GeyserSubscription } from '../helpers/geyser-client.js'
import { startTestLocalnet, type TestLocalnet } from '../helpers/localnet-start.js'
import { buildTransfer, toBase64 } from '../helpers/localnet-transactions.js'

const RECIPIENT = address('7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU')
const STATUS_NAMES: Record<number, string> = {
  [SlotStatus.SLOT_PROCESSED]: 'processed',
  [SlotStatus.SLOT_CONFIRMED]: 'confirmed',
  [SlotStatus.SLOT_FINALIZED]: 'finalized',
}

async function sendTransfer(localnet: TestLocalnet): Promise<string> {
  const [alice] = await createDemoWalletSigners()
  const blockhash = localnet.chain.getLatestBlockhash().blockhash
  const bytes = await buildTransfer({ from: alice!, to: RECIPIENT, lamports: 1_000_000n, blockhash })
  await localnet.call('sendTransaction', [toBase64(bytes), { encoding: 'base64' }])
  return getBase58Decoder().decode(bytes.subarray(1, 65))
}

/** The slot statuses streamed so far, as [slot, status] pairs (a ping first, so none is in flight). */
async function getSlotStatuses(sub: GeyserSubscription, id: number): Promise<Array<[number, string]>> {
  await sub.send({ ping: { id } })
  await sub.next((update) => update.pong?.id === id)
  return sub.received.filter((u) => u.slot).map((u) => [Number(u.slot!.slot), STATUS_NAMES[u.slot!.status] ?? String(u.slot!.status)])
}

t.test('processed, then confirmed with slots since, then finalized: RPC and geyser agree', async (t) => {
  const localnet = await startTestLocalnet(t, { LOCALNET_FINALITY_SLOTS: '3' })
  const client = await connectGeyserClient(localnet.geyserUrl)
  const sub = await subscribeGeyser(t, client, { slots: { all: {} } })
  await sub.apply({ slots: { all: {} } })
  const signature = await sendTransfer(localnet)
  const slot = Number(localnet.chain.getSlot())
  const status = async () =>
    (await localnet.call('getSignatureStatuses', [[signature], { searchTransactionHistory: true }])).result.value[0]
  const transaction = async (commitment?: string) =>
    (await localnet.call('getTransaction', [signature, { maxSupportedTransactionVersion: 0, ...(commitment ? { commitment } : {}) }]))
      .result
  const signatures = async (commitment?: string) =>
    (
      (await localnet.call('getSignaturesForAddress', [RECIPIENT, commitment ? { commitment } : {}])).result as Array<{
        signature: string
        confirmationStatus: string
      }>
    ).map((entry) => [entry.signature, entry.confirmationStatus])
  /** The highest status the stream has given `slot`. */
  const streamedStatus = (statuses: Array<[number, string]>) =>
    statuses
      .filter(([s]) => s === slot)
      .map(([, name]) => name)
      .pop()

  t.same(await status(), { slot, confirmations: 0, status: { Ok: null }, err: null, confirmationStatus: 'processed' }, 'in the open slot')
  t.equal(await transaction('confirmed'), null, 'getTransaction(confirmed) does not see a processed transaction')
  t.same(await signatures('confirmed'), [], 'nor does getSignaturesForAddress')
  t.equal(streamedStatus(await getSlotStatuses(sub, 1)), undefined, 'the stream has said nothing of the slot since it opened')

  localnet.chain.advanceSlot()
  t.same(await status(), { slot, confirmations: 1, status: { Ok: null }, err: null, confirmationStatus: 'confirmed' }, 'next block')
  t.equal((await transaction('confirmed'))?.slot, slot, 'getTransaction(confirmed) answers')
  t.equal(await transaction(), null, 'getTransaction (finalized by default) does not yet')
  t.equal(await transaction('finalized'), null)
  t.same(await signatures('confirmed'), [[signature, 'confirmed']])
  t.same(await signatures(), [], 'getSignaturesForAddress (finalized by default) does not yet')
  t.equal(streamedStatus(await getSlotStatuses(sub, 2)), 'confirmed')

  localnet.chain.advanceSlot()
  t.same((await status()).confirmations, 2, 'confirmations count the slots since')
  t.equal((await status()).confirmationStatus, 'confirmed')
  t.equal(streamedStatus(await getSlotStatuses(sub, 3)), 'confirmed')

  localnet.chain.advanceSlot()
  t.same(await status(), { slot, confirmations: null, status: { Ok: null }, err: null, confirmationStatus: 'finalized' }, '3 slots on')
  t.equal((await transaction())?.slot, slot, 'getTransaction (finalized) answers now')
  t.same(await signatures(), [[signature, 'finalized']])
  t.same(await signatures('confirmed'), [[signature, 'finalized']], 'a confirmed read names it finalized')

  const statuses = await getSlotStatuses(sub, 4)
  t.equal(streamedStatus(statuses), 'finalized')
  t.same(
    statuses.filter(([s]) => s >= slot),
    [
      [slot, 'confirmed'],
      [slot + 1, 'processed'],
      [slot + 1, 'confirmed'],
      [slot + 2, 'processed'],
      [slot + 2, 'confirmed'],
      [slot, 'finalized'],
      [slot + 3, 'processed'],
    ],
    'each block confirms its parent and finalizes the slot 3 behind, then opens',
  )
  t.equal((await localnet.call('getSignatureStatuses', [[signature], { searchTransactionHistory: 'yes' }])).error?.code, -32602)
})

t.test('a history read applies its limit to what reached the commitment', async (t) => {
  const localnet = await startTestLocalnet(t, { LOCALNET_FINALITY_SLOTS: '3' })
  const confirmed = await sendTransfer(localnet)
  localnet.chain.advanceSlot()
  const processed = await sendTransfer(localnet)
  const read = async (config: Record<string, unknown>) =>
    ((await localnet.call('getSignaturesForAddress', [RECIPIENT, config])).result as Array<{ signature: string }>).map((e) => e.signature)
  t.same(await read({ commitment: 'confirmed', limit: 1 }), [confirmed], 'the processed one is not among them')
  t.same(await read({ commitment: 'confirmed', before: processed }), [], 'nor a place to page from')
  localnet.chain.advanceSlot()
  t.same(await read({ commitment: 'confirmed', limit: 1 }), [processed])
})

t.test('the default finality is 32 slots', async (t) => {
  const localnet = await startTestLocalnet(t)
  const signature = await sendTransfer(localnet)
  const status = async () => (await localnet.call('getSignatureStatuses', [[signature]])).result.value[0]
  localnet.chain.advanceSlot(31)
  t.match(await status(), { confirmations: 31, confirmationStatus: 'confirmed' })
  localnet.chain.advanceSlot()
  t.match(await status(), { confirmations: null, confirmationStatus: 'finalized' })
})

t.test('a slot jump finalizes every block behind it at once', async (t) => {
  const localnet = await startTestLocalnet(t, { LOCALNET_FINALITY_SLOTS: '3' })
  const client = await connectGeyserClient(localnet.geyserUrl)
  const sub = await subscribeGeyser(t, client, { slots: { all: {} } })
  await sub.apply({ slots: { all: {} } })
  const start = Number(localnet.chain.getSlot())
  localnet.chain.advanceSlot()
  // An account whose rent epoch is ahead moves the chain into that epoch (one block, many slots).
  localnet.chain.setAccount(RECIPIENT, {
    lamports: 1_000_000n,
    data: new Uint8Array(0),
    owner: address('11111111111111111111111111111111'),
    executable: false,
    rentEpoch: localnet.chain.getEpoch() + 2n,
  })
  const jumped = Number(localnet.chain.getSlot())
  t.ok(jumped > start + 3, 'the chain jumped')
  const statuses = await getSlotStatuses(sub, 1)
  const sinceJump = statuses.slice(statuses.findIndex(([s, name]) => s === start + 1 && name === 'confirmed'))
  t.same(
    sinceJump.filter(([s]) => s >= start),
    [
      [start + 1, 'confirmed'],
      [start, 'finalized'],
      [start + 1, 'finalized'],
      [jumped, 'processed'],
    ],
    'the parent is confirmed, then finalized with everything before it',
  )
})
