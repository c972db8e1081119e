// transaction.landed is queued by the store write that first moves a record to confirmed (or
// finalized), so that write must carry the outcome it announces. Without a geyser stream the
// engine learns "confirmed" from a status poll before it has read the landed transaction; the
// move is held until the landed transaction is read, and written together with the outcome.
import t from 'tap'
import { generateKeyPairSigner } from '@solana/kit'
import { createMemoryTrackingStore } from '../../../../engine/landing/tracking/memory-tracking-store.js'
import type { TrackingPatch, TrackingStore } from '../../../../engine/landing/tracking/tracking-record.js'
import { startStack } from '../../../helpers/stack.js'
import { buildTransaction, transferSol } from '../../../helpers/transactions.js'
import { waitUntil } from '../../../helpers/wait-until.js'

const TENANT = '55555555-5555-4555-8555-555555555555'

/** A memory store that keeps every patch written. */
function createRecordingStore(): { store: TrackingStore; patches: TrackingPatch[] } {
  const inner = createMemoryTrackingStore()
  const patches: TrackingPatch[] = []
  return {
    patches,
    store: {
      ...inner,
      update(userId, signature, patch, leaseMs) {
        patches.push(patch)
        return inner.update(userId, signature, patch, leaseMs)
      },
    },
  }
}

t.test('the write that first says confirmed carries the outcome (status polls, no stream)', async (t) => {
  const { store, patches } = createRecordingStore()
  const stack = await startStack(t, {
    autoAdvance: false,
    engineEnv: { CONFIRMATION_POLL_MS: '50', SEND_REBROADCAST_MS: '100', CHAIN_POLL_MS: '50' },
    engineOptions: { trackingStore: store },
  })
  const payer = await generateKeyPairSigner()
  stack.localnet.chain.airdrop(payer.address, 1_000_000_000n)
  const bytes = await buildTransaction({
    feePayer: payer.address,
    blockhash: stack.localnet.chain.getLatestBlockhash().blockhash,
    instructions: [transferSol(payer.address, (await generateKeyPairSigner()).address, 10_000_000n)],
    signers: [payer],
  })
  const executed = await stack.engine.execute(bytes, { tenantId: TENANT })
  t.equal(executed.action, 'submitted')
  // The next block confirms the slot it landed in: status and getTransaction at confirmed agree from then on.
  stack.localnet.chain.advanceSlot()
  await waitUntil(() => patches.some((patch) => patch.status === 'confirmed'), 10_000, 'confirmed')
  const first = patches.find((patch) => patch.status === 'confirmed' || patch.status === 'finalized')
  t.ok(first?.outcome, 'the move to confirmed is written with the outcome', { patch: first })
  const tracked = await stack.engine.getTransaction(TENANT, executed.signature as string)
  t.equal(tracked.status, 'confirmed')
  t.match(tracked.outcome, { matched: true }, 'what landed matched the prediction')
})
