// The subscription passes every slot commitment on, finalized included, in the order the stream
// gives them; finalized does not move the confirmed slot a reconnect resumes from.
import t from 'tap'
import { createGeyserSubscription } from '../../../../engine/hot-path/geyser/geyser-subscription.js'
import { startTestLocalnet } from '../../../helpers/localnet-start.js'
import { quietLogger } from '../../../helpers/stack.js'
import { waitUntil } from '../../../helpers/wait-until.js'

t.test('processed, confirmed and finalized slots reach onSlot', async (t) => {
  const localnet = await startTestLocalnet(t, { LOCALNET_FINALITY_SLOTS: '2' })
  const seen: Array<[number, string]> = []
  const subscription = createGeyserSubscription({
    endpoint: localnet.geyserUrl,
    stallMs: 5_000,
    logger: quietLogger,
    onSlot: (slot, status) => seen.push([slot, status]),
  })
  t.teardown(() => subscription.close())
  subscription.start()
  await waitUntil(() => subscription.state === 'connected', 5_000, 'stream connected')
  const start = Number(localnet.chain.getSlot())
  localnet.chain.advanceSlot(3)
  // The last update the three blocks bring: waiting for an earlier one raced the rest of the stream.
  await waitUntil(() => seen.some(([slot, status]) => slot === start + 3 && status === 'processed'), 5_000, 'the third block')
  t.same(
    seen.filter(([slot]) => slot >= start),
    [
      [start, 'confirmed'],
      [start + 1, 'processed'],
      [start + 1, 'confirmed'],
      [start, 'finalized'],
      [start + 2, 'processed'],
      [start + 2, 'confirmed'],
      [start + 1, 'finalized'],
      [start + 3, 'processed'],
    ],
    'each block confirms its parent and finalizes the slot 2 behind',
  )
  t.equal(subscription.lastSlot, start + 3)
  t.equal(subscription.lastConfirmedSlot, start + 2, 'finalized slots leave the resume point alone')
})
