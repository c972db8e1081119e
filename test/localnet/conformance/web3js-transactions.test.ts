// @solana/web3.js 1.x against localnet as against a cluster: requestAirdrop + confirmTransaction
// (blockhash strategy), sendAndConfirmTransaction with a legacy transaction, an address lookup table
// created and extended through the program, then a v0 transaction through it with
// sendAndConfirmRawTransaction; what landed read back (getTransaction, getParsedTransaction,
// getSignaturesForAddress, getBlock, getBlockTime), getFeeForMessage equal to the fee charged.
import {
  AddressLookupTableProgram,
  ComputeBudgetProgram,
  Keypair,
  LAMPORTS_PER_SOL,
  SystemProgram,
  Transaction,
  TransactionMessage,
  VersionedTransaction,
  sendAndConfirmRawTransaction,
  sendAndConfirmTransaction,
  type Connection,
} from '@solana/web3.js'
import { getBase58Decoder } from '@solana/kit'
import t from 'tap'
import { startTestLocalnet } from '../../helpers/localnet-start.js'
import { openWeb3Connection } from '../../helpers/web3-connection.js'

/** Resolves once the chain's slot is past `slot` (a lookup table's recent slot, or its extension's). */
async function waitForSlotAfter(connection: Connection, slot: number): Promise<void> {
  while ((await connection.getSlot('processed')) <= slot) await new Promise((resolve) => setTimeout(resolve, 10))
}

// One localnet for the file: the flows build on each other (the payer funded first, the table before its use).
t.test('web3.js 1.x Connection on localnet', async (t) => {
  // Real slots on a timer, as clients expect: 100 ms confirms quickly, and a blockhash lives 15 s
  // (150 blocks), room for a loaded CI machine. Finalized 4 slots on.
  const localnet = await startTestLocalnet(t, { LOCALNET_SLOT_MS: '100', LOCALNET_FINALITY_SLOTS: '4' }, { autoAdvance: true })
  const connection = openWeb3Connection(t, localnet)
  const payer = Keypair.generate()
  const recipients = [Keypair.generate().publicKey, Keypair.generate().publicKey]
  const TRANSFER = 1_000_000

  await t.test('requestAirdrop, then confirmTransaction with the blockhash strategy', async (t) => {
    const signature = await connection.requestAirdrop(payer.publicKey, 2 * LAMPORTS_PER_SOL)
    const latest = await connection.getLatestBlockhash()
    const confirmed = await connection.confirmTransaction({ signature, ...latest })
    t.equal(confirmed.value.err, null)
    t.equal(await connection.getBalance(payer.publicKey), 2 * LAMPORTS_PER_SOL)
  })

  await t.test('sendAndConfirmTransaction (legacy); getTransaction, getParsedTransaction, getFeeForMessage agree on the fee', async (t) => {
    const transaction = new Transaction().add(
      ComputeBudgetProgram.setComputeUnitLimit({ units: 10_000 }),
      ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 50_000 }),
      SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: recipients[0]!, lamports: TRANSFER }),
    )
    const signature = await sendAndConfirmTransaction(connection, transaction, [payer])
    t.equal((await connection.getSignatureStatus(signature)).value?.err, null)

    const landed = await connection.getTransaction(signature, { maxSupportedTransactionVersion: 0 })
    t.ok(landed, 'getTransaction finds it at confirmed')
    t.equal(landed?.version, 'legacy')
    t.equal(landed?.meta?.err, null)
    t.equal(landed?.meta?.fee, 5_000 + 500, 'signature fee + 10,000 CU × 50,000 µlamports')
    const fee = await connection.getFeeForMessage(transaction.compileMessage())
    t.equal(fee.value, landed?.meta?.fee, 'getFeeForMessage answers what the transaction paid')

    const parsed = await connection.getParsedTransaction(signature, { maxSupportedTransactionVersion: 0 })
    const transfer = parsed?.transaction.message.instructions.find((ix) => ix.programId.equals(SystemProgram.programId))
    t.match(transfer, {
      program: 'system',
      parsed: { type: 'transfer', info: { lamports: TRANSFER, destination: recipients[0]!.toBase58() } },
    })
    t.equal(await connection.getBalance(recipients[0]!), TRANSFER)
  })

  await t.test('v0 through an address lookup table created and extended on localnet, with sendAndConfirmRawTransaction', async (t) => {
    // The cluster's idiom: a finalized slot as the table's recent slot; it must be a parent of the
    // slot the creation lands in (SlotHashes), so wait for the next one.
    const recentSlot = await connection.getSlot('finalized')
    await waitForSlotAfter(connection, recentSlot)
    const [create, table] = AddressLookupTableProgram.createLookupTable({ authority: payer.publicKey, payer: payer.publicKey, recentSlot })
    const extend = AddressLookupTableProgram.extendLookupTable({
      lookupTable: table,
      authority: payer.publicKey,
      payer: payer.publicKey,
      addresses: recipients,
    })
    const created = await sendAndConfirmTransaction(connection, new Transaction().add(create, extend), [payer])
    const createdSlot = (await connection.getTransaction(created, { maxSupportedTransactionVersion: 0 }))!.slot
    await waitForSlotAfter(connection, createdSlot) // extended addresses serve from the next slot on

    const lookupTable = (await connection.getAddressLookupTable(table)).value
    t.same(
      lookupTable?.state.addresses.map((key) => key.toBase58()),
      recipients.map((key) => key.toBase58()),
    )
    const latest = await connection.getLatestBlockhash()
    const message = new TransactionMessage({
      payerKey: payer.publicKey,
      recentBlockhash: latest.blockhash,
      instructions: recipients.map((to) => SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: to, lamports: TRANSFER })),
    }).compileToV0Message([lookupTable!])
    t.equal(message.addressTableLookups.length, 1, 'the recipients come from the table')
    const transaction = new VersionedTransaction(message)
    transaction.sign([payer])
    const signature = await sendAndConfirmRawTransaction(connection, Buffer.from(transaction.serialize()), {
      signature: getBase58Decoder().decode(transaction.signatures[0]!),
      blockhash: latest.blockhash,
      lastValidBlockHeight: latest.lastValidBlockHeight,
    })

    const landed = await connection.getTransaction(signature, { maxSupportedTransactionVersion: 0 })
    t.equal(landed?.version, 0)
    t.equal(landed?.meta?.err, null)
    t.same(
      landed?.meta?.loadedAddresses?.writable.map((key) => key.toBase58()),
      recipients.map((key) => key.toBase58()),
    )
    t.equal((await connection.getFeeForMessage(message)).value, landed?.meta?.fee, 'getFeeForMessage of the v0 message')
    const parsed = await connection.getParsedTransaction(signature, { maxSupportedTransactionVersion: 0 })
    t.same(
      parsed?.transaction.message.accountKeys.filter((key) => key.source === 'lookupTable').map((key) => key.pubkey.toBase58()),
      recipients.map((key) => key.toBase58()),
    )
    t.equal(await connection.getBalance(recipients[0]!), 2 * TRANSFER)
    t.equal(await connection.getBalance(recipients[1]!), TRANSFER)

    await t.test('getSignaturesForAddress names the payer’s three transactions, newest first', async (t) => {
      const signatures = await connection.getSignaturesForAddress(payer.publicKey)
      t.equal(signatures.length, 3)
      t.equal(signatures[0]?.signature, signature)
      t.equal(signatures[1]?.signature, created)
      t.ok(signatures.every((entry) => entry.err === null))
    })

    await t.test('getBlock and getBlockTime of its slot; getEpochInfo', async (t) => {
      const block = await connection.getBlock(landed!.slot, { maxSupportedTransactionVersion: 0 })
      t.ok(
        block?.transactions.some((entry) => entry.transaction.signatures[0] === signature),
        'the block lists the transaction',
      )
      t.equal(await connection.getBlockTime(landed!.slot), landed?.blockTime)
      const epochInfo = await connection.getEpochInfo()
      t.equal(epochInfo.slotsInEpoch, 432_000)
      t.ok(epochInfo.absoluteSlot >= landed!.slot)
      t.equal(epochInfo.epoch, Math.floor(epochInfo.absoluteSlot / 432_000))
    })
  })
})
