import t from 'tap'
import {
  AccountRole,
  decompileTransactionMessage,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  isSignerRole,
  isWritableRole,
  type Address,
  type Instruction,
} from '@solana/kit'
import { getSetComputeUnitLimitInstruction } from '@solana-program/compute-budget'
import { getLookupTableKeys, resolveAccountKeys } from '../../../../engine/hot-path/decode/account-keys.js'
import { decodeWireTransaction } from '../../../../engine/hot-path/decode/wire-transaction.js'
import { buildWireTransaction, randomAddress, toAddress, toAddressBytes, transferInstruction } from './kit-transactions.js'
import { createLookupTableInSvm, createNativeSvm, encodeLookupTableData, sendWire } from './lookup-table-data.js'
import { readMainnetFixtures } from './mainnet-fixtures.js'

/** A getTableData over tables given by address. */
function tableSource(tables: Record<string, Uint8Array>): (key: Uint8Array) => Uint8Array | undefined {
  return (key) => tables[toAddress(key)]
}

t.test('a mainnet v0 transaction resolves to the addresses the RPC node loaded', async (t) => {
  const fixture = readMainnetFixtures().find((f) => (f.result.transaction.message.addressTableLookups?.length ?? 0) > 0)
  t.ok(fixture, 'a fixture with lookup tables')
  const { message } = fixture!.result.transaction
  const loaded = fixture!.result.meta.loadedAddresses!
  // Rebuild each table from what the node loaded: the named indexes hold those addresses.
  const tables: Record<string, Uint8Array> = {}
  let w = 0
  let r = 0
  for (const lookup of message.addressTableLookups!) {
    const size = Math.max(...lookup.writableIndexes, ...lookup.readonlyIndexes) + 1
    const addresses = Array.from({ length: size }, () => randomAddress())
    for (const index of lookup.writableIndexes) addresses[index] = loaded.writable[w++] as Address
    for (const index of lookup.readonlyIndexes) addresses[index] = loaded.readonly[r++] as Address
    tables[lookup.accountKey] = encodeLookupTableData({ authority: null, addresses })
  }

  const tx = decodeWireTransaction(fixture!.bytes)
  t.same(
    getLookupTableKeys(tx).map(toAddress),
    message.addressTableLookups!.map((l) => l.accountKey),
  )
  const result = resolveAccountKeys(tx, tableSource(tables))
  if (!result.ok) throw new Error(`unexpected ${result.reason}`)
  const expected = [...message.accountKeys, ...loaded.writable, ...loaded.readonly]
  t.same(result.keys.map(toAddress), expected, 'static, then loaded writable, then loaded readonly')
  const staticCount = message.accountKeys.length
  t.same(result.writable.slice(staticCount), [...loaded.writable.map(() => true), ...loaded.readonly.map(() => false)])
  t.same(
    result.signer,
    expected.map((_, i) => i < message.header.numRequiredSignatures),
  )
  t.equal(result.writable[0], true, 'the fee payer is writable')
})

t.test('agrees with kit decompiling a v0 transaction over two tables', async (t) => {
  const payer = randomAddress()
  const tableA = randomAddress()
  const tableB = randomAddress()
  const a = [randomAddress(), randomAddress(), randomAddress()]
  const b = [randomAddress(), randomAddress()]
  const ix: Instruction = {
    programAddress: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA' as Address,
    accounts: [
      { address: a[2]!, role: AccountRole.WRITABLE },
      { address: b[0]!, role: AccountRole.READONLY },
      { address: a[0]!, role: AccountRole.READONLY },
      { address: b[1]!, role: AccountRole.WRITABLE },
      { address: payer, role: AccountRole.WRITABLE_SIGNER },
    ],
    data: new Uint8Array([9]),
  }
  const bytes = buildWireTransaction({
    version: 0,
    feePayer: payer,
    instructions: [ix, transferInstruction(payer, a[1]!, 5n)],
    lookupTables: { [tableA]: a, [tableB]: b },
  })
  const tables = {
    [tableA]: encodeLookupTableData({ authority: null, addresses: a }),
    [tableB]: encodeLookupTableData({ authority: randomAddress(), addresses: b }),
  }
  const tx = decodeWireTransaction(bytes)
  const result = resolveAccountKeys(tx, tableSource(tables))
  if (!result.ok) throw new Error(`unexpected ${result.reason}`)

  const compiled = getCompiledTransactionMessageDecoder().decode(getTransactionDecoder().decode(bytes).messageBytes)
  const kitMessage = decompileTransactionMessage(compiled, { addressesByLookupTableAddress: { [tableA]: a, [tableB]: b } })
  tx.instructions.forEach((ours, i) => {
    const kitIx = kitMessage.instructions[i]!
    t.equal(toAddress(result.keys[ours.programIdIndex]!), kitIx.programAddress, `instruction ${i} program`)
    const accounts = kitIx.accounts ?? []
    t.equal(ours.accountIndexes.length, accounts.length)
    accounts.forEach((meta, k) => {
      const index = ours.accountIndexes[k]!
      t.equal(toAddress(result.keys[index]!), meta.address, `instruction ${i} account ${k}`)
      t.equal(result.writable[index], isWritableRole(meta.role), `instruction ${i} account ${k} writable`)
      t.equal(result.signer[index], isSignerRole(meta.role), `instruction ${i} account ${k} signer`)
    })
  })
})

t.test('failures name the table and the index', async (t) => {
  const payer = randomAddress()
  const table = randomAddress()
  const inTable = [randomAddress(), randomAddress()]
  const bytes = buildWireTransaction({
    version: 0,
    feePayer: payer,
    instructions: [transferInstruction(payer, inTable[1]!, 1n)],
    lookupTables: { [table]: inTable },
  })
  const tx = decodeWireTransaction(bytes)

  const missing = resolveAccountKeys(tx, () => undefined)
  t.equal(missing.ok || missing.reason, 'lookup_table_not_found')
  t.equal(!missing.ok && missing.reason === 'lookup_table_not_found' && toAddress(missing.tableKey), table, 'names the table')

  const oneAddress = encodeLookupTableData({ authority: null, addresses: [inTable[0]!] })
  const short = resolveAccountKeys(tx, tableSource({ [table]: oneAddress }))
  t.same(short.ok ? undefined : short, {
    ok: false,
    reason: 'lookup_table_index_out_of_range',
    tableKey: toAddressBytes(table),
    index: 1,
  })

  const invalid = resolveAccountKeys(tx, tableSource({ [table]: new Uint8Array(56) }))
  t.equal(invalid.ok ? undefined : invalid.reason, 'lookup_table_invalid')

  const holdingPayer = encodeLookupTableData({ authority: null, addresses: [inTable[0]!, payer] })
  const withPayer = resolveAccountKeys(tx, tableSource({ [table]: holdingPayer }))
  t.same(
    !withPayer.ok && withPayer.reason === 'duplicate_account_key' && { key: toAddress(withPayer.key), index: withPayer.index },
    { key: payer, index: 2 },
    'a loaded address repeating a static key (AccountLoadedTwice)',
  )

  const extendedNow = encodeLookupTableData({
    authority: null,
    addresses: inTable,
    lastExtendedSlot: 50n,
    lastExtendedSlotStartIndex: 1,
  })
  t.equal(resolveAccountKeys(tx, tableSource({ [table]: extendedNow }), 50n).ok, false, 'index 1 was appended in the current slot')
  t.equal(resolveAccountKeys(tx, tableSource({ [table]: extendedNow }), 51n).ok, true, 'usable one slot later')
  t.equal(resolveAccountKeys(tx, tableSource({ [table]: extendedNow })).ok, true, 'without a slot every address is usable')
})

t.test('a legacy transaction resolves to its static keys', async (t) => {
  const payer = randomAddress()
  const to = randomAddress()
  const bytes = buildWireTransaction({ version: 'legacy', feePayer: payer, instructions: [transferInstruction(payer, to, 1n)] })
  const tx = decodeWireTransaction(bytes)
  t.same(getLookupTableKeys(tx), [])
  const result = resolveAccountKeys(tx, () => {
    t.fail('no table to fetch')
    return undefined
  })
  if (!result.ok) throw new Error(`unexpected ${result.reason}`)
  t.same(result.keys.map(toAddress), [payer, to, '11111111111111111111111111111111'])
  t.same(result.writable, [true, true, false])
  t.same(result.signer, [true, false, false])
})

t.test('LiteSVM and the resolver agree on a real table, including the same-slot rule', async (t) => {
  const svm = createNativeSvm()
  const payer = randomAddress()
  svm.airdrop(toAddressBytes(payer), 10_000_000_000n)
  const inTable = [randomAddress(), randomAddress(), randomAddress()]
  const table = await createLookupTableInSvm(svm, payer, inTable)
  // The destination comes from the table as writable; the ComputeBudget instruction carries a
  // readonly table entry it ignores.
  const budget = getSetComputeUnitLimitInstruction({ units: 200_000 })
  const bytes = buildWireTransaction({
    version: 0,
    feePayer: payer,
    instructions: [
      { ...budget, accounts: [{ address: inTable[2]!, role: AccountRole.READONLY }] },
      transferInstruction(payer, inTable[1]!, 1_000_000_000n),
    ],
    lookupTables: { [table]: inTable },
  })
  const tx = decodeWireTransaction(bytes)
  t.equal(tx.loadedKeyCount, 2)
  const getTableData = (key: Uint8Array): Uint8Array | undefined => svm.getAccount(key)?.data()

  const slot = svm.getClock().slot
  const sameSlot = resolveAccountKeys(tx, getTableData, slot)
  t.equal(sameSlot.ok || sameSlot.reason, 'lookup_table_index_out_of_range', 'ours: not usable in the slot it was extended')
  // TransactionErrorFieldless.InvalidAddressLookupTableIndex
  t.equal(sendWire(svm, bytes), 25, 'LiteSVM: InvalidAddressLookupTableIndex in the same slot')

  svm.warpToSlot(slot + 1n)
  const result = resolveAccountKeys(tx, getTableData, slot + 1n)
  if (!result.ok) throw new Error(`unexpected ${result.reason}`)
  const destinationIndex = tx.instructions[1]!.accountIndexes[1]!
  t.equal(toAddress(result.keys[destinationIndex]!), inTable[1], 'ours: the destination is table entry 1')
  t.equal(result.writable[destinationIndex], true)
  t.equal(sendWire(svm, bytes), undefined, 'LiteSVM: accepted one slot later')
  t.equal(svm.getBalance(toAddressBytes(inTable[1]!)), 1_000_000_000n, 'LiteSVM credited the same account')
})
