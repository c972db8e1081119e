// @solana/kit against localnet as against a cluster: airdropFactory, sendAndConfirmTransactionFactory
// with a legacy transaction, an address lookup table created and extended through the program, read
// back with fetchAddressesForLookupTables and used by a v0 transaction; what landed read back
// (getTransaction json and jsonParsed, getSignaturesForAddress, getBlock, getBlockTime), and
// getFeeForMessage equal to the fee charged.
import {
  airdropFactory,
  assertIsTransactionWithBlockhashLifetime,
  appendTransactionMessageInstructions,
  compressTransactionMessageUsingAddressLookupTables,
  createSolanaRpc,
  getBase64EncodedWireTransaction,
  createSolanaRpcSubscriptions,
  createTransactionMessage,
  fetchAddressesForLookupTables,
  generateKeyPairSigner,
  getBase64Decoder,
  getSignatureFromTransaction,
  lamports,
  pipe,
  sendAndConfirmTransactionFactory,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type AddressesByLookupTableAddress,
  type Instruction,
  type Rpc,
  type Signature,
  type SolanaRpcApi,
  type TransactionMessageBytesBase64,
} from '@solana/kit'
import { getSetComputeUnitLimitInstruction, getSetComputeUnitPriceInstruction } from '@solana-program/compute-budget'
import { getTransferSolInstruction } from '@solana-program/system'
import t from 'tap'
import { createLookupTableInstruction, extendLookupTableInstruction } from '../../helpers/lookup-table-instructions.js'
import { startTestLocalnet } from '../../helpers/localnet-start.js'

const TRANSFER = 1_000_000n

/** Resolves once the chain's slot is past `slot` (a lookup table's recent slot, or its extension's). */
async function waitForSlotAfter(rpc: Rpc<SolanaRpcApi>, slot: bigint): Promise<void> {
  while ((await rpc.getSlot({ commitment: 'processed' }).send()) <= slot) await new Promise((resolve) => setTimeout(resolve, 10))
}

t.test('@solana/kit on localnet', async (t) => {
  // Real slots on a timer, as clients expect: 100 ms confirms quickly, and a blockhash lives 15 s
  // (150 blocks), room for a loaded CI machine. Finalized 4 slots on.
  const localnet = await startTestLocalnet(t, { LOCALNET_SLOT_MS: '100', LOCALNET_FINALITY_SLOTS: '4' }, { autoAdvance: true })
  const rpc = createSolanaRpc(localnet.rpcUrl)
  const rpcSubscriptions = createSolanaRpcSubscriptions(localnet.wsUrl)
  const sendAndConfirm = sendAndConfirmTransactionFactory({ rpc, rpcSubscriptions })
  const confirmWithin = () => ({ commitment: 'confirmed' as const, abortSignal: AbortSignal.timeout(10_000) })
  const payer = await generateKeyPairSigner()
  const recipients = [(await generateKeyPairSigner()).address, (await generateKeyPairSigner()).address]

  type Sent = { signature: Signature; messageBase64: TransactionMessageBytesBase64 }

  /** Sends and confirms a signed transaction; answers its signature and message bytes (base64). */
  async function confirm(transaction: Awaited<ReturnType<typeof signTransactionMessageWithSigners>>): Promise<Sent> {
    assertIsTransactionWithBlockhashLifetime(transaction)
    await sendAndConfirm(transaction, confirmWithin())
    const messageBase64 = getBase64Decoder().decode(transaction.messageBytes) as TransactionMessageBytesBase64
    return { signature: getSignatureFromTransaction(transaction), messageBase64 }
  }

  async function sendLegacy(instructions: Instruction[]): Promise<Sent> {
    const { value: blockhash } = await rpc.getLatestBlockhash().send()
    const message = pipe(
      createTransactionMessage({ version: 'legacy' }),
      (m) => setTransactionMessageFeePayerSigner(payer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
      (m) => appendTransactionMessageInstructions(instructions, m),
    )
    return confirm(await signTransactionMessageWithSigners(message))
  }

  async function signV0(instructions: Instruction[], lookupTables: AddressesByLookupTableAddress) {
    const { value: blockhash } = await rpc.getLatestBlockhash().send()
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(payer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
      (m) => appendTransactionMessageInstructions(instructions, m),
      (m) => compressTransactionMessageUsingAddressLookupTables(m, lookupTables),
    )
    return signTransactionMessageWithSigners(message)
  }

  await t.test('airdropFactory airdrops and confirms', async (t) => {
    const airdrop = airdropFactory({ rpc, rpcSubscriptions })
    await airdrop({ recipientAddress: payer.address, lamports: lamports(2_000_000_000n), ...confirmWithin() })
    t.equal((await rpc.getBalance(payer.address).send()).value, 2_000_000_000n)
  })

  await t.test('sendAndConfirmTransactionFactory (legacy); getTransaction and getFeeForMessage agree on the fee', async (t) => {
    const { signature, messageBase64 } = await sendLegacy([
      getSetComputeUnitLimitInstruction({ units: 10_000 }),
      getSetComputeUnitPriceInstruction({ microLamports: 50_000n }),
      getTransferSolInstruction({ source: payer, destination: recipients[0]!, amount: TRANSFER }),
    ])
    const landed = await rpc.getTransaction(signature, { maxSupportedTransactionVersion: 0, encoding: 'json' }).send()
    t.equal(landed?.version, 'legacy')
    t.equal(landed?.meta?.err, null)
    t.equal(landed?.meta?.fee, 5_500n, 'signature fee + 10,000 CU × 50,000 µlamports')
    t.equal((await rpc.getFeeForMessage(messageBase64).send()).value, landed?.meta?.fee, 'getFeeForMessage answers what it paid')
    t.equal((await rpc.getBalance(recipients[0]!).send()).value, TRANSFER)
  })

  await t.test('v0 through a lookup table created and extended on localnet, read with fetchAddressesForLookupTables', async (t) => {
    const recentSlot = await rpc.getSlot({ commitment: 'finalized' }).send()
    await waitForSlotAfter(rpc, recentSlot) // a table's recent slot must be a parent of the slot it is created in
    const { table, instruction } = await createLookupTableInstruction({ authority: payer, payer, recentSlot })
    const created = await sendLegacy([instruction, extendLookupTableInstruction({ table, authority: payer, payer, addresses: recipients })])
    const createdSlot = (await rpc.getTransaction(created.signature, { maxSupportedTransactionVersion: 0, encoding: 'json' }).send())!.slot
    await waitForSlotAfter(rpc, createdSlot) // extended addresses serve from the next slot on

    const lookupTables = await fetchAddressesForLookupTables([table], rpc)
    t.same(lookupTables, { [table]: recipients })
    const signed = await signV0(
      recipients.map((destination) => getTransferSolInstruction({ source: payer, destination, amount: TRANSFER })),
      lookupTables,
    )
    // Simulated first: every field kit's type declares for simulateTransaction, as Agave answers it.
    const simulated = (
      await rpc
        .simulateTransaction(getBase64EncodedWireTransaction(signed), {
          encoding: 'base64',
          innerInstructions: true,
          replaceRecentBlockhash: true,
        })
        .send()
    ).value
    const sent = await confirm(signed)

    const landed = await rpc.getTransaction(sent.signature, { maxSupportedTransactionVersion: 0, encoding: 'json' }).send()
    t.equal(landed?.version, 0)
    const landedMessage = landed!.transaction.message
    const lookups = 'addressTableLookups' in landedMessage ? (landedMessage.addressTableLookups ?? []) : []
    t.same(
      lookups.map((lookup) => lookup.accountKey),
      [table],
      'the recipients come from the table',
    )
    // Loaded addresses are listed in the order of the indexes kit wrote into the lookup.
    const loaded = lookups[0]!.writableIndexes.map((index) => recipients[index])
    t.same([...loaded].sort(), [...recipients].sort())
    t.equal(landed?.meta?.err, null)
    t.same(landed?.meta?.loadedAddresses, { writable: loaded, readonly: [] })
    t.equal((await rpc.getFeeForMessage(sent.messageBase64).send()).value, landed?.meta?.fee, 'getFeeForMessage of the v0 message')
    t.equal(simulated.err, null, 'simulated: no error')
    t.equal(simulated.fee, landed?.meta?.fee, 'simulated: the fee it then paid')
    t.same(simulated.loadedAddresses, landed?.meta?.loadedAddresses, 'simulated: the addresses the table loaded')
    t.same(simulated.preBalances, landed?.meta?.preBalances, 'simulated: the balances before')
    t.same(simulated.postBalances, landed?.meta?.postBalances, 'simulated: the balances after')
    t.same(simulated.preTokenBalances, [], 'simulated: no token account')
    t.same(simulated.postTokenBalances, [])
    t.equal(simulated.unitsConsumed, landed?.meta?.computeUnitsConsumed, 'simulated: the compute units it then used')
    t.same(simulated.innerInstructions, [], 'innerInstructions asked: none (no CPI)')
    t.equal(simulated.returnData, null)
    t.ok(simulated.replacementBlockhash?.blockhash, 'replacementBlockhash asked: the blockhash it ran with')
    t.ok(Array.isArray(simulated.logs) && simulated.logs.length > 0, 'its logs')
    t.equal(simulated.accounts, null, 'no accounts asked')
    const parsed = await rpc.getTransaction(sent.signature, { maxSupportedTransactionVersion: 0, encoding: 'jsonParsed' }).send()
    t.same(
      parsed?.transaction.message.accountKeys.filter((key) => key.source === 'lookupTable').map((key) => key.pubkey),
      loaded,
    )
    t.equal((await rpc.getBalance(recipients[0]!).send()).value, 2n * TRANSFER)
    t.equal((await rpc.getBalance(recipients[1]!).send()).value, TRANSFER)

    const signatures = await rpc.getSignaturesForAddress(payer.address, { commitment: 'confirmed' }).send()
    t.same(
      signatures.map((entry) => entry.signature),
      [sent.signature, created.signature, signatures[2]?.signature],
      'the payer’s three transactions, newest first',
    )
    t.equal(signatures.length, 3)

    const block = await rpc.getBlock(landed!.slot, { maxSupportedTransactionVersion: 0, commitment: 'confirmed' }).send()
    t.ok(
      block?.transactions.some((entry) => entry.transaction.signatures[0] === sent.signature),
      'getBlock lists it',
    )
    t.equal(await rpc.getBlockTime(landed!.slot).send(), landed?.blockTime)
    const epochInfo = await rpc.getEpochInfo().send()
    t.equal(epochInfo.epoch, epochInfo.absoluteSlot / 432_000n)
  })
})
