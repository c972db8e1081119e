// The engine relies on LiteSVM's private native API (lib/native-svm.ts). This test fails when a
// litesvm upgrade changes the surface or the behaviour the engine depends on.
import t from 'tap'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  createNativeAccount,
  createNativeSvm,
  getDeletionAccount,
  isNativeFailure,
  LITESVM_VERSION,
  setNativeClock,
} from '../../../lib/native-svm.js'

t.test('litesvm is pinned to the exact version the private API was checked against', async (t) => {
  const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', '..', 'package.json'), 'utf8'))
  t.equal(pkg.dependencies.litesvm, '1.5.0')
  t.equal(LITESVM_VERSION, '1.5.0')
})

t.test('native methods the engine calls exist', async (t) => {
  const svm = createNativeSvm()
  for (const method of ['setAccount', 'getAccount', 'simulateVersionedTransaction', 'setClock', 'getClock', 'latestBlockhash']) {
    t.type((svm as unknown as Record<string, unknown>)[method], 'function', method)
  }
  t.equal(svm.getSigverify(), false, 'signature verification is off')
})

t.test('setAccount stores, a zero-lamport account deletes, the clock is settable', async (t) => {
  const svm = createNativeSvm()
  const key = new Uint8Array(32).fill(7)
  const owner = new Uint8Array(32)
  svm.setAccount(key, createNativeAccount(123n, new Uint8Array([1, 2, 3]), owner, false, 0n))
  const stored = svm.getAccount(key)
  t.equal(stored?.lamports(), 123n)
  t.same([...(stored?.data() ?? [])], [1, 2, 3])
  svm.setAccount(key, getDeletionAccount())
  t.equal(svm.getAccount(key), null)
  setNativeClock(svm, { slot: 5n, epochStartTimestamp: 0n, epoch: 0n, leaderScheduleEpoch: 1n, unixTimestamp: 1_700_000_000n })
  t.equal(svm.getClock().unixTimestamp, 1_700_000_000n)
})

t.test('a failed simulation is recognised', async (t) => {
  const svm = createNativeSvm()
  // One zero signature, then a message whose fee payer does not exist: the SVM answers with a failure.
  const message = Buffer.concat([
    Buffer.from([1, 0, 1, 2]), // header: 1 signer, 0 readonly signed, 1 readonly unsigned; 2 keys
    Buffer.alloc(32, 9),
    Buffer.alloc(32, 0), // system program
    Buffer.alloc(32, 1), // blockhash
    Buffer.from([1, 1, 1, 0, 0]), // one instruction: program 1, one account (0), empty data
  ])
  const tx = Buffer.concat([Buffer.from([1]), Buffer.alloc(64), message])
  const result = svm.simulateVersionedTransaction(tx)
  t.ok(isNativeFailure(result))
})
