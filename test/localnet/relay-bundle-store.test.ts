// The relay's bundle statuses are kept 5 minutes and never more than the store's capacity, and
// the id is derived as Jito's block engine derives it.
import t from 'tap'
import { toBundleId } from '../../localnet/relay/bundle-id.js'
import { BUNDLE_STATUS_TTL_MS, createBundleStore } from '../../localnet/relay/bundle-store.js'

const record = (bundleId: string, acceptedAtMs: number) => ({ bundleId, signatures: [bundleId], acceptedAtMs, outcome: null })

t.test('statuses expire after 5 minutes and are dropped as new ones arrive', async (t) => {
  let now = 0
  const store = createBundleStore({ nowMs: () => now })
  store.add(record('a', 0))
  now = BUNDLE_STATUS_TTL_MS
  t.ok(store.get('a'), 'kept for 5 minutes')
  now = BUNDLE_STATUS_TTL_MS + 1
  t.equal(store.get('a'), undefined, 'then answered as unknown')
  store.add(record('b', now))
  t.equal(store.size(), 1, 'and dropped when the next one is added')
})

t.test('memory is bounded: at most `capacity` statuses, the oldest dropped first', async (t) => {
  const store = createBundleStore({ nowMs: () => 0, capacity: 100 })
  for (let i = 0; i < 1_000; i++) store.add(record(`id-${i}`, 0))
  t.equal(store.size(), 100)
  t.equal(store.get('id-899'), undefined, 'the oldest are gone')
  t.ok(store.get('id-900'))
  t.ok(store.get('id-999'))
})

t.test('the bundle id is the hex sha256 of the first signatures joined by ","', async (t) => {
  // printf 'sigA,sigB' | sha256sum
  t.equal(toBundleId(['sigA', 'sigB']), '9e1176964aa49c0182615b6b40d54acecb53183555612a87a4f0e83ace9b4b9a')
})
