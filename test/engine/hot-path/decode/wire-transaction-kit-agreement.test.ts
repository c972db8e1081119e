import t, { type Test } from 'tap'
import {
  AccountRole,
  appendTransactionMessageInstructions,
  createTransactionMessage,
  generateKeyPairSigner,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  getBase58Decoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  type Address,
  type LegacyCompiledTransactionMessage,
  type V0CompiledTransactionMessage,
  type Instruction,
} from '@solana/kit'
import { getSetComputeUnitLimitInstruction, getSetComputeUnitPriceInstruction } from '@solana-program/compute-budget'
import { getTransferCheckedInstruction } from '@solana-program/token'
import {
  decodeWireTransaction,
  getMessageBytes,
  getSignature,
  getStaticKey,
  isStaticKeySigner,
  isStaticKeyWritable,
} from '../../../../engine/hot-path/decode/wire-transaction.js'
import {
  buildWireTransaction,
  DEFAULT_BLOCKHASH,
  memoInstruction,
  placeholderSigner,
  randomAddress,
  toAddress,
  transferInstruction,
} from './kit-transactions.js'
import { readMainnetFixtures } from './mainnet-fixtures.js'

const base58 = getBase58Decoder()
const transactionDecoder = getTransactionDecoder()
const messageDecoder = getCompiledTransactionMessageDecoder()

/** Asserts that our decoding of `bytes` says exactly what kit's codecs say. */
function assertAgreesWithKit(t: Test, bytes: Uint8Array): void {
  const tx = decodeWireTransaction(bytes)
  const kitTx = transactionDecoder.decode(bytes)
  const kit = messageDecoder.decode(kitTx.messageBytes) as (LegacyCompiledTransactionMessage | V0CompiledTransactionMessage) & {
    lifetimeToken: string
  }

  t.same(getMessageBytes(tx), new Uint8Array(kitTx.messageBytes), 'message bytes')
  t.equal(tx.version, kit.version, 'version')
  t.equal(tx.numRequiredSignatures, kit.header.numSignerAccounts, 'signers')
  t.equal(tx.numReadonlySigned, kit.header.numReadonlySignerAccounts, 'readonly signers')
  t.equal(tx.numReadonlyUnsigned, kit.header.numReadonlyNonSignerAccounts, 'readonly non-signers')
  t.equal(tx.signatureCount, Object.keys(kitTx.signatures).length, 'signature count')

  const staticKeys = Array.from({ length: tx.staticKeyCount }, (_, i) => toAddress(getStaticKey(tx, i)))
  t.same(staticKeys, kit.staticAccounts, 'static keys')
  staticKeys.forEach((address, i) => {
    const kitSignature = kitTx.signatures[address as Address]
    const ours = getSignature(tx, i)
    if (i < tx.numRequiredSignatures) {
      t.same(kitSignature === null ? new Uint8Array(64) : new Uint8Array(kitSignature!), ours, `signature ${i}`)
    }
  })
  t.equal(base58.decode(tx.recentBlockhash), kit.lifetimeToken, 'blockhash')

  t.equal(tx.instructions.length, kit.instructions.length, 'instruction count')
  tx.instructions.forEach((ix, i) => {
    const kitIx = kit.instructions[i]!
    t.equal(ix.programIdIndex, kitIx.programAddressIndex, `instruction ${i} program`)
    t.same([...ix.accountIndexes], kitIx.accountIndices ?? [], `instruction ${i} accounts`)
    t.same([...ix.data], [...(kitIx.data ?? [])], `instruction ${i} data`)
  })

  const kitLookups = kit.version === 0 ? (kit.addressTableLookups ?? []) : []
  t.equal(tx.lookups.length, kitLookups.length, 'lookup count')
  let loaded = 0
  tx.lookups.forEach((lookup, i) => {
    const kitLookup = kitLookups[i]!
    t.equal(toAddress(lookup.tableKey), kitLookup.lookupTableAddress, `lookup ${i} table`)
    t.same([...lookup.writableIndexes], kitLookup.writableIndexes, `lookup ${i} writable`)
    t.same([...lookup.readonlyIndexes], kitLookup.readonlyIndexes, `lookup ${i} readonly`)
    loaded += kitLookup.writableIndexes.length + kitLookup.readonlyIndexes.length
  })
  t.equal(tx.loadedKeyCount, loaded, 'loaded key count')
}

t.test('agrees with kit on every mainnet fixture', async (t) => {
  const fixtures = readMainnetFixtures()
  t.ok(fixtures.length >= 4, 'fixtures present')
  for (const fixture of fixtures) {
    await t.test(fixture.name, async (t) => {
      assertAgreesWithKit(t, fixture.bytes)
      // And with what the RPC node reported for the same transaction.
      const tx = decodeWireTransaction(fixture.bytes)
      const message = fixture.result.transaction.message
      t.equal(tx.numRequiredSignatures, message.header.numRequiredSignatures)
      t.equal(tx.numReadonlyUnsigned, message.header.numReadonlyUnsignedAccounts)
      t.equal(tx.lookups.length, message.addressTableLookups?.length ?? 0)
      const header = message.header
      for (let i = 0; i < tx.staticKeyCount; i++) {
        t.equal(toAddress(getStaticKey(tx, i)), message.accountKeys[i], `key ${i} as RPC reported`)
        const signer = i < header.numRequiredSignatures
        const writable = signer
          ? i < header.numRequiredSignatures - header.numReadonlySignedAccounts
          : i < tx.staticKeyCount - header.numReadonlyUnsignedAccounts
        t.equal(isStaticKeySigner(tx, i), signer)
        t.equal(isStaticKeyWritable(tx, i), writable)
      }
    })
  }
  const versions = fixtures.map((f) => decodeWireTransaction(f.bytes).version)
  t.ok(versions.includes('legacy') && versions.includes(0), 'fixtures cover legacy and v0')
  t.ok(
    fixtures.some((f) => decodeWireTransaction(f.bytes).lookups.length > 0),
    'fixtures cover lookup tables',
  )
})

t.test('agrees with kit on generated transactions', async (t) => {
  const payer = randomAddress()
  const other = randomAddress()
  const mint = randomAddress()
  const budget = [getSetComputeUnitLimitInstruction({ units: 50_000 }), getSetComputeUnitPriceInstruction({ microLamports: 7_777n })]
  const tokenTransfer: Instruction = getTransferCheckedInstruction({
    source: randomAddress(),
    mint,
    destination: randomAddress(),
    authority: placeholderSigner(payer),
    amount: 123_456_789n,
    decimals: 6,
  })

  await t.test('legacy, one transfer', async (t) => {
    const instructions = [transferInstruction(payer, other, 1n)]
    assertAgreesWithKit(t, buildWireTransaction({ version: 'legacy', feePayer: payer, instructions }))
  })
  await t.test('legacy, several instructions and programs', async (t) => {
    const bytes = buildWireTransaction({
      version: 'legacy',
      feePayer: payer,
      instructions: [...budget, transferInstruction(payer, other, 5n), tokenTransfer, memoInstruction('hello')],
    })
    assertAgreesWithKit(t, bytes)
    t.equal(decodeWireTransaction(bytes).instructions.length, 5)
  })
  await t.test('v0 without lookups', async (t) => {
    const instructions = [...budget, transferInstruction(payer, other, 9n)]
    assertAgreesWithKit(t, buildWireTransaction({ version: 0, feePayer: payer, instructions }))
  })
  await t.test('v0 with two lookup tables, writable and readonly entries', async (t) => {
    const tableA = randomAddress()
    const tableB = randomAddress()
    const source = randomAddress()
    const destination = randomAddress()
    const readonlyA = randomAddress()
    const readonlyB = randomAddress()
    const ix: Instruction = {
      programAddress: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA' as Address,
      accounts: [
        { address: source, role: AccountRole.WRITABLE },
        { address: readonlyA, role: AccountRole.READONLY },
        { address: destination, role: AccountRole.WRITABLE },
        { address: readonlyB, role: AccountRole.READONLY },
        { address: payer, role: AccountRole.READONLY_SIGNER },
      ],
      data: new Uint8Array([3, 1, 2, 3, 4, 5, 6, 7, 8]),
    }
    const bytes = buildWireTransaction({
      version: 0,
      feePayer: payer,
      instructions: [...budget, ix, transferInstruction(payer, other, 1n)],
      lookupTables: { [tableA]: [randomAddress(), source, readonlyA], [tableB]: [readonlyB, destination] },
    })
    const tx = decodeWireTransaction(bytes)
    t.equal(tx.lookups.length, 2, 'kit used both tables')
    t.equal(tx.loadedKeyCount, 4)
    t.equal(tx.loadedWritableCount, 2)
    assertAgreesWithKit(t, bytes)
  })
  await t.test('two signers, one read-only signer', async (t) => {
    const cosigner = randomAddress()
    const bytes = buildWireTransaction({
      version: 0,
      feePayer: payer,
      instructions: [transferInstruction(payer, other, 1n), memoInstruction('co-signed', [cosigner])],
    })
    const tx = decodeWireTransaction(bytes)
    t.equal(tx.numRequiredSignatures, 2)
    t.equal(tx.numReadonlySigned, 1)
    t.notOk(isStaticKeyWritable(tx, 1), 'the read-only signer is not writable')
    assertAgreesWithKit(t, bytes)
  })
  await t.test('signed by a real key pair', async (t) => {
    const signer = await generateKeyPairSigner()
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(signer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: DEFAULT_BLOCKHASH, lastValidBlockHeight: 0n }, m),
      (m) => appendTransactionMessageInstructions([transferInstruction(signer.address, other, 1n)], m),
    )
    const signed = await signTransactionMessageWithSigners(message)
    const bytes = new Uint8Array(getTransactionEncoder().encode(signed))
    const tx = decodeWireTransaction(bytes)
    t.notSame(getSignature(tx, 0), new Uint8Array(64), 'the signature slot is filled')
    assertAgreesWithKit(t, bytes)
  })
  await t.test('unsigned: all-zero signature slots are valid', async (t) => {
    const bytes = buildWireTransaction({ version: 0, feePayer: payer, instructions: [transferInstruction(payer, other, 1n)] })
    t.same(getSignature(decodeWireTransaction(bytes), 0), new Uint8Array(64))
  })
  await t.test('a transaction of exactly 1232 bytes', async (t) => {
    const base = buildWireTransaction({ version: 'legacy', feePayer: payer, instructions: [memoInstruction('')] })
    const padding = 1232 - base.length - 1 // the memo's data length becomes a 2-byte compact-u16
    const bytes = buildWireTransaction({ version: 'legacy', feePayer: payer, instructions: [memoInstruction('x'.repeat(padding))] })
    t.equal(bytes.length, 1232)
    assertAgreesWithKit(t, bytes)
  })
})
