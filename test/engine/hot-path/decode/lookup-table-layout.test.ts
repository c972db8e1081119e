import t from 'tap'
import { isServiceError } from '../../../../lib/errors.js'
import {
  decodeLookupTable,
  getActiveAddressCount,
  getLookupTableAddress,
  getLookupTableLayoutError,
  LOOKUP_TABLE_ACTIVE_SLOT,
} from '../../../../engine/hot-path/decode/lookup-table.js'
import { randomAddress, toAddress, toAddressBytes } from './kit-transactions.js'
import { ADDRESS_LOOKUP_TABLE_PROGRAM, createLookupTableInSvm, createNativeSvm, encodeLookupTableData } from './lookup-table-data.js'

t.test('reads what kit codecs encode, with and without an authority', async (t) => {
  const addresses = [randomAddress(), randomAddress(), randomAddress()]
  const authority = randomAddress()
  const data = encodeLookupTableData({
    authority,
    addresses,
    deactivationSlot: 123_456_789_012n,
    lastExtendedSlot: 0x1_0000_0001n,
    lastExtendedSlotStartIndex: 2,
  })
  const table = decodeLookupTable(data)
  t.equal(table.deactivationSlot, 123_456_789_012n)
  t.equal(table.lastExtendedSlot, 0x1_0000_0001n)
  t.equal(table.lastExtendedSlotStartIndex, 2)
  t.equal(toAddress(table.authority!), authority)
  t.equal(table.addressCount, 3)
  t.equal(table.addressesOffset, 56)
  t.same(
    addresses.map((_, i) => toAddress(getLookupTableAddress(table, i))),
    addresses,
  )
  t.equal(getLookupTableAddress(table, 1).buffer, data.buffer, 'addresses are views, not copies')

  const frozen = decodeLookupTable(encodeLookupTableData({ authority: null, addresses: [addresses[0]!] }))
  t.equal(frozen.authority, null, 'a frozen table has no authority')
  t.equal(frozen.deactivationSlot, LOOKUP_TABLE_ACTIVE_SLOT)
  t.equal(frozen.addressCount, 1)
  t.equal(decodeLookupTable(encodeLookupTableData({ authority: null, addresses: [] })).addressCount, 0, 'an empty table')
})

t.test('addresses appended in the current slot are not usable yet', async (t) => {
  const table = decodeLookupTable(
    encodeLookupTableData({
      authority: null,
      addresses: [randomAddress(), randomAddress(), randomAddress()],
      lastExtendedSlot: 100n,
      lastExtendedSlotStartIndex: 1,
    }),
  )
  t.equal(getActiveAddressCount(table, 100n), 1, 'extended in this slot: only the older ones')
  t.equal(getActiveAddressCount(table, 101n), 3, 'next slot: all of them')
})

t.test('rejects data the runtime rejects', async (t) => {
  const good = encodeLookupTableData({ authority: randomAddress(), addresses: [randomAddress()] })
  const cases: [string, Uint8Array, RegExp][] = [
    ['empty', new Uint8Array(0), /shorter than its 56-byte header/],
    ['short', good.subarray(0, 55), /shorter than its 56-byte header/],
    ['uninitialized', new Uint8Array(56), /not initialized/],
    ['unknown state', Uint8Array.from([2, ...good.subarray(1)]), /unknown state 2/],
    [
      'bad option tag',
      (() => {
        const d = good.slice()
        d[21] = 2
        return d
      })(),
      /invalid option tag 2/,
    ],
    ['partial address', good.subarray(0, good.length - 1), /whole number of 32-byte keys/],
  ]
  for (const [name, data, message] of cases) {
    t.match(getLookupTableLayoutError(data), message, name)
    let error: unknown
    try {
      decodeLookupTable(data)
    } catch (e) {
      error = e
    }
    t.ok(isServiceError(error, 'invalid_transaction'), `${name}: invalid_transaction`)
  }
  t.equal(getLookupTableLayoutError(good), undefined)
})

t.test('reads a table the real lookup table program wrote in LiteSVM', async (t) => {
  const svm = createNativeSvm()
  const payer = randomAddress()
  svm.airdrop(toAddressBytes(payer), 10_000_000_000n)
  const addresses = [randomAddress(), randomAddress(), randomAddress(), randomAddress()]
  const tableAddress = await createLookupTableInSvm(svm, payer, addresses)
  const account = svm.getAccount(toAddressBytes(tableAddress))
  t.ok(account, 'the table account exists')
  t.equal(toAddress(account!.owner()), ADDRESS_LOOKUP_TABLE_PROGRAM)
  const table = decodeLookupTable(account!.data())
  t.equal(table.deactivationSlot, LOOKUP_TABLE_ACTIVE_SLOT, 'active')
  t.equal(table.lastExtendedSlot, svm.getClock().slot, 'extended in the current slot')
  t.equal(table.lastExtendedSlotStartIndex, 0, 'the first extension starts at 0')
  t.equal(toAddress(table.authority!), payer)
  t.equal(table.addressCount, addresses.length)
  t.same(
    addresses.map((_, i) => toAddress(getLookupTableAddress(table, i))),
    addresses,
  )
})
