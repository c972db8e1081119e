// Misses coalesce and batch; the cache stays within its byte budget and the SVM forgets what it evicts.
import t from 'tap'
import { generateKeyPairSigner } from '@solana/kit'
import { createAccountCache } from '../../../../engine/hot-path/state/account-cache.js'
import { type AccountKey, fromBase58Address } from '../../../../engine/hot-path/state/account-key.js'
import { createJsonRpcClient } from '../../../../engine/hot-path/rpc/json-rpc-client.js'
import { createSvmState } from '../../../../engine/hot-path/svm/svm-state.js'
import { createNativeSvm } from '../../../../lib/native-svm.js'
import { startStack } from '../../../helpers/stack.js'
import { ORCA_ACCOUNTS_DIR, readAccountDumps } from '../../../helpers/fixtures.js'

async function newKeys(count: number): Promise<AccountKey[]> {
  return Promise.all(Array.from({ length: count }, async () => fromBase58Address((await generateKeyPairSigner()).address)))
}

t.test('concurrent misses for the same keys make one RPC call', async (t) => {
  const { engine } = await startStack(t)
  const keys = await newKeys(3)
  const calls = engine.cache.stats.rpcCalls
  const [a, b, c] = await Promise.all([engine.cache.getMany(keys), engine.cache.getMany(keys), engine.cache.getMany([keys[1]!])])
  t.equal(engine.cache.stats.rpcCalls - calls, 1, 'one getMultipleAccounts for three callers')
  t.equal(a[1], b[1], 'the same entry object is shared')
  t.equal(c[0], a[1])
  t.equal(a[0]!.exists, false, 'missing accounts are cached as missing')
  const again = engine.cache.getMany(keys)
  t.notOk(again instanceof Promise, 'a warm read answers synchronously')
})

t.test('more than 100 missing keys are split into batches of at most 100', async (t) => {
  const { engine } = await startStack(t)
  const keys = await newKeys(250)
  const calls = engine.cache.stats.rpcCalls
  const fetched = engine.cache.stats.keysFetched
  await engine.cache.getMany(keys)
  t.equal(engine.cache.stats.rpcCalls - calls, 3)
  t.equal(engine.cache.stats.keysFetched - fetched, 250)
})

t.test('the cache stays within its byte budget; evicted accounts leave the SVM too', async (t) => {
  const { localnet } = await startStack(t, { accountsDir: ORCA_ACCOUNTS_DIR })
  const svm = createNativeSvm()
  const svmState = createSvmState(svm)
  const maxBytes = 40_000
  const cache = createAccountCache({
    rpc: createJsonRpcClient({ urls: [localnet.rpcUrl], requestTimeoutMs: 2000 }),
    maxBytes,
    freshMs: 60_000,
    batchSize: 100,
    onEvict: (key) => svmState.forget(key),
  })
  // 14 tick arrays of ≈10 KB each: far more than the budget.
  const keys = readAccountDumps(ORCA_ACCOUNTS_DIR)
    .filter((dump) => dump.pubkey && dump.account.data[0].length > 10_000)
    .map((dump) => fromBase58Address(dump.pubkey))
  t.ok(keys.length >= 10)
  for (const key of keys) {
    const entries = await cache.getMany([key])
    svmState.sync(entries)
    t.ok(cache.sizeBytes <= maxBytes, `size ${cache.sizeBytes} within ${maxBytes}`)
  }
  t.ok(cache.size < keys.length, 'older entries were evicted')
  t.ok(svmState.stats.deletions >= keys.length - cache.size, 'each eviction removed the account from the SVM')
  const first = keys[0]!
  t.equal(cache.peek(first), undefined, 'the first key was evicted')
  t.equal(svm.getAccount(new Uint8Array(Buffer.from(first, 'latin1'))), null, 'and is gone from the SVM')
  const last = keys[keys.length - 1]!
  t.not(svm.getAccount(new Uint8Array(Buffer.from(last, 'latin1'))), null, 'the newest is still in the SVM')
})
