// The in-memory tracking store keeps the store contract: one record per user and signature,
// patches, owner-only reads, and leases that keep two engines off the same unresolved record.
import t from 'tap'
import { createMemoryTrackingStore } from '../../../../engine/landing/tracking/memory-tracking-store.js'
import type { TrackingRecord } from '../../../../engine/landing/tracking/tracking-record.js'

const record = (overrides: Partial<TrackingRecord> = {}): TrackingRecord => ({
  userId: 'alice',
  signature: 'sig-1',
  kind: 'send',
  status: 'pending',
  route: 'direct_rpc',
  attempts: 1,
  endpoints: ['rpc.example'],
  wireTransaction: new Uint8Array([1, 2, 3]),
  lastValidBlockHeight: 200,
  landedSlot: null,
  transactionError: null,
  prediction: null,
  outcome: null,
  strategy: null,
  relayBundleId: null,
  tipLamports: null,
  dropReason: null,
  createdAtMs: 1_000,
  updatedAtMs: 1_000,
  ...overrides,
})

t.test('create is idempotent per user and signature; reads are the owner’s only', async (t) => {
  let now = 10_000
  const store = createMemoryTrackingStore({ now: () => now })
  t.equal((await store.create(record(), 1_000)).created, true)
  const second = await store.create(record({ attempts: 9 }), 1_000)
  t.equal(second.created, false)
  t.equal(second.record.attempts, 1, 'the first record answers, unchanged')
  t.equal((await store.create(record({ userId: 'bob' }), 1_000)).created, true, 'another user has their own')
  t.equal(await store.get('mallory', 'sig-1'), null)
  await store.update('alice', 'sig-1', { status: 'confirmed', landedSlot: 5 }, 1_000)
  const updated = await store.get('alice', 'sig-1')
  t.equal(updated?.status, 'confirmed')
  t.equal(updated?.attempts, 1, 'fields not in the patch stay')
  t.equal(updated?.updatedAtMs, now)
  await t.rejects(store.update('mallory', 'sig-1', { status: 'failed' }, 0), { code: 'not_found' })
  now += 1
})

t.test('a leased record is claimed only once its lease ran out; final records never', async (t) => {
  let now = 10_000
  const store = createMemoryTrackingStore({ now: () => now })
  await store.create(record(), 1_000)
  await store.create(record({ signature: 'sig-final' }), 1_000)
  await store.update('alice', 'sig-final', { status: 'finalized' }, 0)
  const bundle = {
    kind: 'submit',
    route: 'relay_bundle',
    strategy: 'managed_tip_bundle',
    relayBundleId: 'bundle-1',
    tipLamports: 10_000n,
  } as const
  await store.create(record({ signature: 'sig-dropped', ...bundle }), 1_000)
  await store.update('alice', 'sig-dropped', { status: 'dropped', dropReason: 'the relay reported it Invalid' }, 0)
  t.strictSame(
    await store.get('alice', 'sig-dropped'),
    record({ signature: 'sig-dropped', ...bundle, status: 'dropped', dropReason: 'the relay reported it Invalid', updatedAtMs: now }),
    'the relay fields kept, the drop reason patched',
  )
  t.same(await store.claimUnresolved(1_000, 10), [], 'still leased by its engine; finalized and dropped are final')
  now += 1_001
  const claimed = await store.claimUnresolved(1_000, 10)
  t.same(
    claimed.map((entry) => entry.signature),
    ['sig-1'],
  )
  t.same(await store.claimUnresolved(1_000, 10), [], 'claimed once: the claimer holds the lease now')
  now += 1_001
  t.equal((await store.claimUnresolved(1_000, 10)).length, 1, 'until that lease runs out too')
})
