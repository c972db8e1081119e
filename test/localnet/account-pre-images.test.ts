// The pre-image log behind confirmed and finalized reads: the state before an account's first
// write in each slot, read back as of any unfinalized slot, forgotten as slots finalize.
import type { Address } from '@solana/kit'
import t from 'tap'
import { createAccountPreImages, PRE_IMAGE_ENTRY_OVERHEAD_BYTES } from '../../localnet/chain/account-pre-images.js'
import { SYSTEM_PROGRAM_ADDRESS, type LocalAccount } from '../../localnet/chain/local-account.js'

const A = 'A1111111111111111111111111111111111111111111' as Address
const B = 'B1111111111111111111111111111111111111111111' as Address

function account(lamports: bigint, dataLength = 0): LocalAccount {
  return { lamports, data: new Uint8Array(dataLength), owner: SYSTEM_PROGRAM_ADDRESS, executable: false, rentEpoch: 0n }
}

/** A live state the test writes, with the log in front of it as the chain uses it. */
function createLedger() {
  const live = new Map<Address, LocalAccount>()
  const log = createAccountPreImages((address) => live.get(address) ?? null)
  return {
    live,
    log,
    write(slot: bigint, address: Address, next: LocalAccount) {
      log.beforeWrite(slot, address)
      live.set(address, next)
    },
    /** What a read as of `slot` sees. */
    at: (slot: bigint, address: Address) => {
      const kept = log.read(address, slot)
      return kept === undefined ? (live.get(address) ?? null) : kept
    },
  }
}

t.test('a read as of slot h sees the state before the first write after h', async (t) => {
  const ledger = createLedger()
  ledger.write(10n, A, account(1n))
  ledger.write(10n, A, account(2n))
  ledger.write(12n, A, account(3n, 100))
  ledger.write(12n, B, account(7n))
  t.equal(ledger.at(9n, A), null, 'before slot 10: A did not exist')
  t.equal(ledger.at(10n, A)?.lamports, 2n, 'the end of slot 10: its last write')
  t.equal(ledger.at(11n, A)?.lamports, 2n, 'slot 11 wrote nothing')
  t.equal(ledger.at(12n, A)?.lamports, 3n, 'the newest: the live state')
  t.same([...ledger.log.changedAfter(10n).keys()].sort(), [A, B], 'written after slot 10')
  t.same([...ledger.log.changedAfter(9n)].find(([address]) => address === A)?.[1], null, 'with their state then')
  t.same(ledger.log.size(), { slots: 2, entries: 3, bytes: 3 * PRE_IMAGE_ENTRY_OVERHEAD_BYTES }, 'one entry per account and slot')
})

t.test('finalized slots and direct writes are forgotten; writes go in slot order', async (t) => {
  const ledger = createLedger()
  ledger.write(10n, A, account(1n, 50))
  ledger.write(11n, A, account(2n))
  ledger.write(11n, B, account(3n))
  ledger.log.forgetThrough(10n)
  t.equal(ledger.log.size().entries, 2)
  t.equal(ledger.at(9n, A)?.lamports, 1n, 'slot 10 is gone: a read before it sees what slot 11 kept')
  ledger.log.forgetAddress(B)
  t.equal(ledger.at(9n, B)?.lamports, 3n, 'a direct write is seen at every slot')
  t.same(ledger.log.size(), { slots: 1, entries: 1, bytes: PRE_IMAGE_ENTRY_OVERHEAD_BYTES + 50 })
  t.throws(() => ledger.log.beforeWrite(10n, A), RangeError, 'a write in an older slot is a bug')
})
