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
} from '../../../../lib/native-svm.js'

t.test('litesvm is pinned to the exact version the private API was checked against', async (t) => {
  const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', '..', '..', 'package.json'), 'utf8'))
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

// engine/hot-path/svm/post-accounts.ts maps post accounts to the message's writable keys by position.
t.test('post accounts are the accounts the SVM treats as writable, in message order, a demoted one left out', async (t) => {
  const svm = createNativeSvm()
  const [payer, second, third, system] = [9, 5, 3, 0].map((byte) => Buffer.alloc(32, byte)) as [Buffer, Buffer, Buffer, Buffer]
  svm.setAccount(payer, createNativeAccount(10_000_000_000n, new Uint8Array(0), system, false, 0n))
  const transfer = (to: number, program: number) => {
    const data = Buffer.alloc(12)
    data.writeUInt32LE(2, 0) // System Transfer
    data.writeBigUInt64LE(1_000_000n, 4)
    return Buffer.concat([Buffer.from([program, 2, 0, to, data.length]), data])
  }
  const transaction = (keys: Buffer[], readonlyUnsigned: number, instructions: Buffer[]) =>
    Buffer.concat([
      Buffer.from([1]),
      Buffer.alloc(64),
      Buffer.from([1, 0, readonlyUnsigned, keys.length]),
      ...keys,
      Buffer.alloc(32, 1), // blockhash
      Buffer.from([instructions.length]),
      ...instructions,
    ])
  const addresses = (bytes: Buffer) => {
    const result = svm.simulateVersionedTransaction(bytes)
    if (isNativeFailure(result)) throw new Error(`simulation failed: ${result.meta().logs().join(' | ')}`)
    return result.postAccounts().map((pair) => pair.address[0])
  }
  // Keys not in address order, the later one paid first: the order is the message's.
  t.same(addresses(transaction([payer, second, third, system], 1, [transfer(2, 3), transfer(1, 3)])), [9, 5, 3])
  // The invoked System program requested writable is demoted: it is not among the post accounts.
  t.same(addresses(transaction([payer, second, system], 0, [transfer(1, 2)])), [9, 5])
})
