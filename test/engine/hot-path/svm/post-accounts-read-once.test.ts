// The post state is read over N-API as little as possible (engine/hot-path/svm/post-accounts.ts):
// each field once, and no address read back when the SVM returned every requested-writable key.
import t from 'tap'
import { type NativePostPair, readPostAccounts } from '../../../../engine/hot-path/svm/post-accounts.js'
import { type AccountKey, toAccountKey } from '../../../../engine/hot-path/state/account-key.js'

function createPair(byte: number, reads: string[]): NativePostPair {
  const address = new Uint8Array(32).fill(byte)
  return {
    get address() {
      reads.push(`address ${byte}`)
      return address
    },
    account() {
      reads.push(`account ${byte}`)
      return {
        lamports: () => (reads.push(`lamports ${byte}`), BigInt(byte) * 1000n),
        owner: () => (reads.push(`owner ${byte}`), new Uint8Array(32)),
        data: () => (reads.push(`data ${byte}`), new Uint8Array([byte])),
      }
    },
  }
}

const key = (byte: number): AccountKey => toAccountKey(new Uint8Array(32).fill(byte))

t.test('every requested-writable key came back: mapped by position, no address read, each field read once', async (t) => {
  const reads: string[] = []
  const keys = [key(9), key(7), key(5), key(3)]
  const post = readPostAccounts([createPair(9, reads), createPair(5, reads)], keys, [true, false, true, false])
  t.same([...post.keys()], [key(9), key(5)])
  t.same(reads, [], 'nothing is read before a vector asks')
  const account = post.get(key(5))
  t.equal(account?.lamports(), 5000n)
  t.equal(account?.lamports(), 5000n)
  t.same([...(account?.data() ?? [])], [5])
  t.same([...(account?.data() ?? [])], [5])
  account?.owner()
  account?.owner()
  t.same(reads, ['account 5', 'lamports 5', 'data 5', 'owner 5'])
})

t.test('the SVM demoted a requested-writable key: each address is read to map the accounts', async (t) => {
  const reads: string[] = []
  // Key 5 is requested writable but demoted (an invoked program): only 9 and 3 come back.
  const keys = [key(9), key(5), key(3)]
  const post = readPostAccounts([createPair(9, reads), createPair(3, reads)], keys, [true, true, true])
  t.same([...post.keys()], [key(9), key(3)])
  t.equal(post.get(key(3))?.lamports(), 3000n)
  t.equal(post.get(key(5)), undefined)
  t.same(reads, ['address 9', 'address 3', 'account 3', 'lamports 3'])
})
