import { CommitmentLevel, SlotStatus } from '../../localnet/geyser/yellowstone-messages.js'
import t from 'tap'
import { connectGeyserClient, subscribeGeyser } from '../helpers/geyser-client.js'
import { startTestLocalnet } from '../helpers/localnet-start.js'

t.test('slot updates arrive as slots advance: processed, confirmed by the next block, finalized 2 slots on', async (t) => {
  const localnet = await startTestLocalnet(t, { LOCALNET_FINALITY_SLOTS: '2' })
  const client = await connectGeyserClient(localnet.geyserUrl)
  const sub = await subscribeGeyser(t, client, { slots: { mySlots: {} } })
  const start = localnet.chain.getSlot()
  localnet.chain.advanceSlot()
  localnet.chain.advanceSlot()
  const seen: Array<[string, SlotStatus, string | undefined, string[]]> = []
  for (let i = 0; i < 5; i++) {
    const update = await sub.next((u) => u.slot !== undefined)
    seen.push([update.slot!.slot, update.slot!.status, update.slot!.parent, update.filters])
  }
  const s = (n: bigint) => String(start + n)
  t.same(seen, [
    [s(0n), SlotStatus.SLOT_CONFIRMED, undefined, ['mySlots']],
    [s(1n), SlotStatus.SLOT_PROCESSED, s(0n), ['mySlots']],
    [s(1n), SlotStatus.SLOT_CONFIRMED, undefined, ['mySlots']],
    [s(0n), SlotStatus.SLOT_FINALIZED, undefined, ['mySlots']],
    [s(2n), SlotStatus.SLOT_PROCESSED, s(1n), ['mySlots']],
  ])
  t.notOk(
    sub.received.some((u) => u.blockMeta || u.account || u.transaction),
    'only what the filters asked for',
  )
})

t.test('filter_by_commitment sends only the request commitment; blocks_meta carries getLatestBlockhash', async (t) => {
  const localnet = await startTestLocalnet(t, { LOCALNET_FINALITY_SLOTS: '1' })
  const client = await connectGeyserClient(localnet.geyserUrl)
  const sub = await subscribeGeyser(t, client, {
    commitment: CommitmentLevel.CONFIRMED,
    slots: { confirmedOnly: { filterByCommitment: true }, all: {} },
    blocksMeta: { meta: {} },
  })
  localnet.chain.advanceSlot()
  const meta = await sub.next((u) => u.blockMeta !== undefined)
  const latest = await client.getLatestBlockhash()
  t.same(meta.filters, ['meta'])
  t.equal(meta.blockMeta!.blockhash, latest.blockhash, 'the blockhash getLatestBlockhash answers')
  t.equal(meta.blockMeta!.slot, latest.slot)
  t.equal(meta.blockMeta!.blockHeight?.blockHeight, String(localnet.chain.getBlockHeight()))
  t.equal(meta.blockMeta!.blockTime?.timestamp, String(localnet.chain.getUnixTimestamp()))
  t.equal(meta.blockMeta!.parentSlot, String(localnet.chain.getSlot() - 1n))
  const slotUpdates = sub.received.filter((u) => u.slot)
  t.same(
    slotUpdates.map((u) => [u.slot!.status, u.filters]),
    [
      [SlotStatus.SLOT_CONFIRMED, ['confirmedOnly', 'all']],
      [SlotStatus.SLOT_FINALIZED, ['all']],
      [SlotStatus.SLOT_PROCESSED, ['all']],
    ],
    'every matching filter name is listed',
  )
})

t.test('unary methods answer from the chain', async (t) => {
  const localnet = await startTestLocalnet(t)
  const client = await connectGeyserClient(localnet.geyserUrl)
  const chain = localnet.chain
  const old = chain.getLatestBlockhash()
  chain.advanceSlot(3)
  t.same(await client.getSlot(), { slot: String(chain.getSlot()) })
  t.same(await client.getBlockHeight(), { blockHeight: String(chain.getBlockHeight()) })
  const latest = chain.getLatestBlockhash()
  t.same(await client.getLatestBlockhash(CommitmentLevel.FINALIZED), {
    slot: String(latest.slot),
    blockhash: latest.blockhash,
    lastValidBlockHeight: String(latest.lastValidBlockHeight),
  })
  t.same(await client.isBlockhashValid(old.blockhash), { slot: String(chain.getSlot()), valid: true })
  t.same(await client.isBlockhashValid('11111111111111111111111111111111'), { slot: String(chain.getSlot()), valid: false })
  chain.advanceSlot(151)
  t.equal((await client.isBlockhashValid(old.blockhash)).valid, false, 'expired after 150 blocks')
  t.same(await client.ping(7), { count: 7 })
  t.match(JSON.parse((await client.getVersion()).version), { package: 'preflight-localnet' })
})

t.test('a ping on the stream is answered with a pong and keeps the filters', async (t) => {
  const localnet = await startTestLocalnet(t)
  const client = await connectGeyserClient(localnet.geyserUrl)
  const sub = await subscribeGeyser(t, client, { blocksMeta: { meta: {} } })
  await sub.send({ ping: { id: 42 } })
  const pong = await sub.next((u) => u.pong !== undefined)
  t.same(pong.pong, { id: 42 })
  localnet.chain.advanceSlot()
  t.ok((await sub.next((u) => u.blockMeta !== undefined)).blockMeta, 'block meta still streamed after the ping')
})
