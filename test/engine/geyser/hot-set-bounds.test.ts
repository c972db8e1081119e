import t from 'tap'
import { createHotSet } from '../../../engine/geyser/hot-set.js'
import { toAccountKey, toBase58Address } from '../../../engine/state/account-key.js'

const keyOf = (n: number) => {
  const bytes = new Uint8Array(32)
  new DataView(bytes.buffer).setUint32(0, n)
  return toAccountKey(bytes)
}
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

t.test('many adds within the debounce window send one filter update with every address', async (t) => {
  const sent: string[][] = []
  const set = createHotSet({ maxKeys: 100, debounceMs: 20, onChange: (_keys, addresses) => sent.push(addresses) })
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
  const set = createHotSet({ maxKeys: 3, debounceMs: 5, onChange: () => {} })
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
