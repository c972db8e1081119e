import t from 'tap'
import { SlotStatus } from '../../localnet/geyser/yellowstone-messages.js'
import type { BufferedUpdate } from '../../localnet/geyser/geyser-update.js'
import type { TransactionErrorJson } from '../../lib/transaction-error.js'
import { toTransactionErrorBytes } from '../../localnet/geyser/transaction-error-bytes.js'
import { createUpdateRing } from '../../localnet/geyser/update-ring.js'
import { txErrDecode } from '../helpers/geyser-client.js'

const slotUpdate = (slot: bigint): BufferedUpdate => ({
  update: { kind: 'slot', slot, parent: undefined, status: SlotStatus.SLOT_PROCESSED },
})

t.test('the replay ring keeps the last slots and never more than its update bound', async (t) => {
  const ring = createUpdateRing({ maxSlots: 3, maxUpdates: 5 })
  t.equal(ring.getOldestSlot(), undefined)
  for (const slot of [10n, 11n, 12n, 13n]) ring.push(slotUpdate(slot))
  t.equal(ring.getOldestSlot(), 11n, 'slot 10 fell out of the 3-slot window')
  t.same(
    ring.getFrom(12n).map((e) => e.update.slot),
    [12n, 13n],
  )
  for (let i = 0; i < 4; i++) ring.push(slotUpdate(13n))
  t.equal(ring.getFrom(0n).length, 5, 'bounded by count whatever the traffic')
  t.equal(ring.getOldestSlot(), 13n, 'a slot partly evicted is not offered for replay')
  for (let i = 0; i < 10_000; i++) ring.push(slotUpdate(14n + BigInt(i)))
  t.equal(ring.getFrom(0n).length, 3)
})

t.test('a finalized update names an older slot; evicting it does not make older slots look complete', async (t) => {
  const finalized = (slot: bigint): BufferedUpdate => ({
    update: { kind: 'slot', slot, parent: undefined, status: SlotStatus.SLOT_FINALIZED },
  })
  const ring = createUpdateRing({ maxSlots: 300, maxUpdates: 2 })
  for (const entry of [slotUpdate(20n), finalized(5n), finalized(15n), slotUpdate(21n)]) ring.push(entry)
  t.same(
    ring.getFrom(0n).map((e) => e.update.slot),
    [15n, 21n],
  )
  t.equal(ring.getOldestSlot(), 21n, 'slot 20 lost an update, so nothing at or before it is offered')
})

t.test('transaction errors are bincode the client package decodes', async (t) => {
  const errors: TransactionErrorJson[] = [
    'BlockhashNotFound',
    'InsufficientFundsForFee',
    'CommitCancelled',
    { InstructionError: [1, { Custom: 7 }] },
    { InstructionError: [0, 'InsufficientFunds'] },
    { InstructionError: [2, 'AccountNotRentExempt'] },
    { InsufficientFundsForRent: { account_index: 2 } },
    { DuplicateInstruction: 3 },
  ]
  for (const err of errors) t.same(txErrDecode.decode(toTransactionErrorBytes(err)), err, JSON.stringify(err))
})
