/**
 * The SVM's state of the writable accounts after a successful simulation, read over N-API as
 * little as the vectors allow: each account's native object is taken when one of its fields is
 * first asked for, and each field (lamports, owner, data) is read at most once per simulation,
 * however many vectors ask (every native read is a crossing, and owner and data copy).
 *
 * LiteSVM returns the post state of exactly the accounts it treats as writable, in message order
 * (test/engine/hot-path/svm/native-svm-api.test.ts pins this for the pinned version). It may demote a
 * requested-writable key (a sysvar, an invoked program), never promote one, so when it returns as
 * many accounts as the message requests writable, they are those keys, in order, and no address
 * has to be read back; otherwise each address is read.
 */
import { type AccountKey, toAccountKey } from '../state/account-key.js'

/** The state after the simulation of one account: what LiteSVM's native `Account` offers, and what the vectors read. */
export interface PostAccount {
  lamports(): bigint
  owner(): Uint8Array
  data(): Uint8Array
}

/** One (address, account) pair of LiteSVM's `postAccounts()`. */
export interface NativePostPair {
  readonly address: Uint8Array
  account(): PostAccount
}

/** A post account whose fields are each read from the native object once, on first use. */
class ReadOncePostAccount implements PostAccount {
  private native: PostAccount | undefined = undefined
  private lamportsRead: bigint | undefined = undefined
  private ownerRead: Uint8Array | undefined = undefined
  private dataRead: Uint8Array | undefined = undefined

  constructor(private readonly pair: NativePostPair) {}

  private getNative(): PostAccount {
    return (this.native ??= this.pair.account())
  }

  lamports(): bigint {
    return (this.lamportsRead ??= this.getNative().lamports())
  }

  owner(): Uint8Array {
    return (this.ownerRead ??= this.getNative().owner())
  }

  data(): Uint8Array {
    return (this.dataRead ??= this.getNative().data())
  }
}

function countWritable(writable: readonly boolean[]): number {
  let count = 0
  for (let i = 0; i < writable.length; i++) if (writable[i]) count++
  return count
}

/** The post accounts by key; `keys` and `writable` are the message's (what it requests). */
export function readPostAccounts(
  pairs: readonly NativePostPair[],
  keys: readonly AccountKey[],
  writable: readonly boolean[],
): Map<AccountKey, PostAccount> {
  const map = new Map<AccountKey, PostAccount>()
  if (pairs.length === countWritable(writable)) {
    let next = 0
    for (let i = 0; i < keys.length; i++) {
      if (writable[i]) map.set(keys[i] as AccountKey, new ReadOncePostAccount(pairs[next++] as NativePostPair))
    }
    return map
  }
  for (let i = 0; i < pairs.length; i++) {
    const pair = pairs[i] as NativePostPair
    map.set(toAccountKey(pair.address), new ReadOncePostAccount(pair))
  }
  return map
}
