import t from 'tap'
import { createHotSet } from '../../../../engine/hot-path/geyser/hot-set.js'
import { toAccountKey, toBase58Address } from '../../../../engine/hot-path/state/account-key.js'

const keyOf = (n: number) => {
  const bytes = new Uint8Array(32)
  new DataView(bytes.buffer).setUint32(0, n)
  return toAccountKey(bytes)
}
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

t.test('many adds within the debounce window send one filter update with every address', async (t) => {
  const sent: string[][] = []
  const set = createHotSet({ maxKeys: 100, maxWrittenKeys: 10, debounceMs: 20, onChange: (_keys, addresses) => sent.push(addresses) })
  t.teardown(() => set.close())
  for (let i = 0; i < 50; i++) set.add(keyOf(i))
  for (let i = 0; i < 50; i++) set.add(keyOf(i)) // already there: no change
  t.equal(sent.length, 0, 'nothing sent synchronously')
  await wait(60)
  t.equal(sent.length, 1)
  t.equal(sent[0]!.length, 50)
  t.ok(sent[0]!.includes(toBase58Address(keyOf(7))), 'addresses are base58')
  for (let i = 0; i < 50; i++) set.add(keyOf(i))
  await wait(60)
  t.equal(sent.length, 1, 're-touching known keys sends nothing')
  set.remove(keyOf(3))
  await wait(60)
  t.equal(sent.length, 2, 'a removal sends an update')
  t.notOk(sent[1]!.includes(toBase58Address(keyOf(3))))
})

t.test('the set is bounded: the least recently used key leaves', async (t) => {
  const set = createHotSet({ maxKeys: 3, maxWrittenKeys: 3, debounceMs: 5, onChange: () => {} })
  t.teardown(() => set.close())
  set.add(keyOf(1))
  set.add(keyOf(2))
  set.add(keyOf(3))
  set.add(keyOf(1)) // 2 is now the least recently used
  set.add(keyOf(4))
  t.equal(set.size, 3)
  t.notOk(set.has(keyOf(2)))
  t.ok(set.has(keyOf(1)) && set.has(keyOf(3)) && set.has(keyOf(4)))
  for (let i = 10; i < 1_000; i++) set.add(keyOf(i))
  t.equal(set.size, 3, 'never grows past maxKeys')
})

t.test('written keys: also hot, sent as their own list, bounded by maxWrittenKeys', async (t) => {
  const sent: Array<{ addresses: string[]; written: string[] }> = []
  const set = createHotSet({
    maxKeys: 100,
    maxWrittenKeys: 3,
    debounceMs: 20,
    onChange: (_keys, addresses, written) => sent.push({ addresses, written: written.addresses }),
  })
  t.teardown(() => set.close())
  set.add(keyOf(1))
  set.addWritten(keyOf(2))
  await wait(60)
  t.equal(sent.length, 1, 'one update for both lists')
  t.same(sent[0]!.written, [toBase58Address(keyOf(2))], 'only the written key is in the written list')
  t.ok(sent[0]!.addresses.includes(toBase58Address(keyOf(2))), 'a written key is a hot key too')
  t.equal(set.size, 2)

  set.addWritten(keyOf(2))
  set.add(keyOf(2))
  await wait(60)
  t.equal(sent.length, 1, 're-writing a known key sends nothing')

  set.addWritten(keyOf(1)) // hot already, newly written
  await wait(60)
  t.equal(sent.length, 2, 'a hot key becoming written sends an update')
  t.equal(sent[1]!.written.length, 2)

  for (let i = 10; i < 60; i++) set.addWritten(keyOf(i))
  t.equal(set.writtenSize, 3, 'the written list never grows past maxWrittenKeys')
  t.notOk(set.hasWritten(keyOf(2)), 'the least recently written key left it')
  t.ok(set.has(keyOf(2)), 'and stays hot while the larger hot set holds it')
  t.ok(set.hasWritten(keyOf(59)))
  await wait(60)
  t.equal(sent.at(-1)!.written.length, 3, 'the update carries at most maxWrittenKeys addresses')

  set.remove(keyOf(59))
  t.notOk(set.hasWritten(keyOf(59)) || set.has(keyOf(59)), 'remove takes a key out of both')
})
