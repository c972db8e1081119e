// What a landed transaction contributes: its compute-unit price and the accounts it writes,
// checked against kit's own reading of the same bytes and against mainnet's records.
import t from 'tap'
import { getBase58Encoder, getCompiledTransactionMessageDecoder, getTransactionDecoder, type Address } from '@solana/kit'
import { getSetComputeUnitPriceInstructionDataDecoder } from '@solana-program/compute-budget'
import { getLandedTransactionSample } from '../../../../engine/detection/fees/landed-transaction-sample.js'
import { createPriorityFeeWindow } from '../../../../engine/hot-path/geyser/priority-fee-window.js'
import { randomAddress, toAddress, toAddressBytes } from '../../hot-path/decode/kit-transactions.js'
import { readMainnetFixtures } from '../../hot-path/decode/mainnet-fixtures.js'
import { buildTransaction, transferSol, transferToken } from '../../../helpers/transactions.js'

const BLOCKHASH = '4vJ9JU1bJJE96FWSJKvHsmmFADCg4gpZQff4P3bkLKi'

/** The writable accounts kit reads from the compiled message, by the header's counts. */
function getKitWritableStatic(wire: Uint8Array): string[] {
  const message = getCompiledTransactionMessageDecoder().decode(getTransactionDecoder().decode(wire).messageBytes)
  const { numSignerAccounts, numReadonlySignerAccounts, numReadonlyNonSignerAccounts } = message.header
  const keys = message.staticAccounts
  return keys.filter((_, i) =>
    i < numSignerAccounts ? i < numSignerAccounts - numReadonlySignerAccounts : i < keys.length - numReadonlyNonSignerAccounts,
  )
}

t.test('a legacy transfer without ComputeBudget instructions: price 0, payer and recipient', async (t) => {
  const payer = randomAddress()
  const recipient = randomAddress()
  const wire = await buildTransaction({
    version: 'legacy',
    feePayer: payer,
    blockhash: BLOCKHASH,
    instructions: [transferSol(payer, recipient, 1n)],
  })
  const sample = getLandedTransactionSample(wire, 1234)
  t.ok(sample)
  t.equal(sample!.slot, 1234)
  t.equal(sample!.priceMicroLamports, 0n)
  t.same(sample!.writableAccounts.map(toAddress).sort(), [payer, recipient].sort())
  t.same(sample!.writableAccounts.map(toAddress), getKitWritableStatic(wire))
})

t.test('a v0 token transfer with a price: the owner signs read-only and is not written', async (t) => {
  const payer = randomAddress()
  const owner = randomAddress()
  const source = randomAddress()
  const destination = randomAddress()
  const wire = await buildTransaction({
    feePayer: payer,
    blockhash: BLOCKHASH,
    computeUnitLimit: 50_000,
    computeUnitPriceMicroLamports: 123_456n,
    instructions: [transferToken(source, destination, owner, 5n)],
  })
  const sample = getLandedTransactionSample(wire, 1)!
  t.equal(sample.priceMicroLamports, 123_456n)
  t.same(sample.writableAccounts.map(toAddress).sort(), [payer, source, destination].sort())
  t.same(sample.writableAccounts.map(toAddress), getKitWritableStatic(wire))
})

t.test('a v0 transaction with a lookup table: loaded writable addresses count', async (t) => {
  const payer = randomAddress()
  const owner = randomAddress()
  const source = randomAddress()
  const destination = randomAddress()
  const table = randomAddress()
  const tableAddresses = [randomAddress(), destination, randomAddress(), source]
  const wire = await buildTransaction({
    version: 0,
    feePayer: payer,
    blockhash: BLOCKHASH,
    computeUnitPriceMicroLamports: 9n,
    lookupTables: { [table]: tableAddresses } as Record<Address, Address[]>,
    instructions: [transferToken(source, destination, owner, 5n)],
  })
  // What the runtime would load, read with kit: each lookup's writable indexes into its table.
  const message = getCompiledTransactionMessageDecoder().decode(getTransactionDecoder().decode(wire).messageBytes)
  const lookups = 'addressTableLookups' in message ? (message.addressTableLookups ?? []) : []
  t.equal(lookups.length, 1, 'kit moved the token accounts into the table')
  const loaded = lookups.flatMap((l) => l.writableIndexes.map((i) => tableAddresses[i]!))
  t.same([...loaded].sort(), [source, destination].sort())

  const sample = getLandedTransactionSample(wire, 7, loaded.map(toAddressBytes))!
  t.equal(sample.priceMicroLamports, 9n)
  t.same(sample.writableAccounts.map(toAddress), [payer, ...loaded])
  t.same(getLandedTransactionSample(wire, 7)!.writableAccounts.map(toAddress), [payer], 'without the loaded addresses: static keys only')
  t.equal(getLandedTransactionSample(wire, 7, [toAddressBytes(source)]), null, 'a count that does not match the lookups')
})

t.test('bytes that do not decode give no sample', async (t) => {
  t.equal(getLandedTransactionSample(new Uint8Array([1, 2, 3]), 1), null)
  t.equal(getLandedTransactionSample(new Uint8Array(0), 1), null)
})

t.test('the mainnet transactions', async (t) => {
  const base58 = getBase58Encoder()
  const fixtures = readMainnetFixtures()
  t.equal(fixtures.length, 4)
  const window = createPriorityFeeWindow({ minSamples: 0 })
  const prices: bigint[] = []
  for (const fixture of fixtures) {
    const { message } = fixture.result.transaction
    const header = message.header
    const keys = message.accountKeys
    const loaded = fixture.result.meta.loadedAddresses ?? { writable: [], readonly: [] }
    const expectedWritable = [
      ...keys.filter((_, i) =>
        i < header.numRequiredSignatures
          ? i < header.numRequiredSignatures - header.numReadonlySignedAccounts
          : i < keys.length - header.numReadonlyUnsignedAccounts,
      ),
      ...loaded.writable,
    ]
    // The price from the recorded instructions, decoded by the ComputeBudget program client.
    const instructions = (message as unknown as { instructions: Array<{ programIdIndex: number; data: string }> }).instructions
    let expectedPrice = 0n
    for (const ix of instructions) {
      if (keys[ix.programIdIndex] !== 'ComputeBudget111111111111111111111111111111') continue
      const data = base58.encode(ix.data)
      if (data[0] === 3) expectedPrice = getSetComputeUnitPriceInstructionDataDecoder().decode(data).microLamports
    }

    const slot = (fixture.result as unknown as { slot: number }).slot
    const sample = getLandedTransactionSample(
      fixture.bytes,
      slot,
      loaded.writable.map((a) => toAddressBytes(a as Address)),
    )
    t.ok(sample, fixture.name)
    t.equal(sample!.priceMicroLamports, expectedPrice, `${fixture.name}: price ${expectedPrice}`)
    t.same(sample!.writableAccounts.map(toAddress), expectedWritable, `${fixture.name}: ${expectedWritable.length} writable`)
    window.record(sample!)
    prices.push(expectedPrice)
  }
  t.ok(prices.some((p) => p > 0n) && prices.some((p) => p === 0n), 'priced and unpriced transactions among them')
  t.ok(
    fixtures.some((f) => (f.result.meta.loadedAddresses?.writable.length ?? 0) > 0),
    'one loads writable addresses from tables',
  )

  // Every fixture's fee payer wrote only its own transaction.
  for (const [i, fixture] of fixtures.entries()) {
    const payer = toAddressBytes(fixture.result.transaction.message.accountKeys[0] as Address)
    t.match(window.getPriorityFees([payer]), { samples: 1, medium: Number(prices[i]), source: 'accounts' })
  }
})
