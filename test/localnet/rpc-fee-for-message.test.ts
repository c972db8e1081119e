/**
 * getFeeForMessage as Agave answers it, against real transactions: the quote for a message is
 * exactly what its transaction is charged once it lands (the fee payer's balance and meta.fee),
 * legacy and v0, with a priority fee; null for an unknown or expired blockhash; Agave's
 * invalid-params answers for bytes that are not a message.
 */
import { generateKeyPairSigner, getTransactionDecoder, type Instruction } from '@solana/kit'
import { getSetComputeUnitLimitInstruction, getSetComputeUnitPriceInstruction } from '@solana-program/compute-budget'
import { getTransferSolInstruction } from '@solana-program/system'
import t from 'tap'
import { MAX_PROCESSING_AGE } from '../../localnet/chain/blockhash-window.js'
import { createDemoWalletSigners, DEMO_WALLETS } from '../../localnet/seed/demo-state.js'
import { advanceToFinalized, buildSignedTransaction } from '../helpers/history-transactions.js'
import { startTestLocalnet, type TestLocalnet } from '../helpers/localnet-start.js'

const transactionDecoder = getTransactionDecoder()

/** The base64 of a signed transaction's message: what a client sends to getFeeForMessage. */
function toMessageBase64(wire: Uint8Array): string {
  return Buffer.from(transactionDecoder.decode(wire).messageBytes).toString('base64')
}

/** The balance at processed: it sees the transaction just sent, in the open slot. */
async function getBalance(localnet: TestLocalnet, address: string): Promise<bigint> {
  return BigInt((await localnet.call('getBalance', [address, { commitment: 'processed' }])).result.value)
}

async function quote(localnet: TestLocalnet, message: string, config?: unknown) {
  return localnet.call('getFeeForMessage', config === undefined ? [message] : [message, config])
}

/** Quotes, sends and lands `wire`; answers the quote, what the fee payer lost besides `moved`, and meta.fee. */
async function quoteAndLand(localnet: TestLocalnet, wire: Uint8Array, feePayer: string, moved: bigint) {
  const quoted = await quote(localnet, toMessageBase64(wire))
  const before = await getBalance(localnet, feePayer)
  const sent = await localnet.call('sendTransaction', [Buffer.from(wire).toString('base64'), { encoding: 'base64' }])
  if (sent.error) throw new Error(JSON.stringify(sent.error))
  const paid = before - (await getBalance(localnet, feePayer)) - moved
  advanceToFinalized(localnet)
  const landed = await localnet.call('getTransaction', [sent.result, { maxSupportedTransactionVersion: 0 }])
  return { quoted, paid, metaFee: BigInt(landed.result.meta.fee) }
}

t.test('a legacy message with a priority fee is quoted exactly what its transaction pays', async (t) => {
  const localnet = await startTestLocalnet(t)
  const [alice] = await createDemoWalletSigners()
  const instructions: Instruction[] = [
    getSetComputeUnitLimitInstruction({ units: 300_000 }),
    getSetComputeUnitPriceInstruction({ microLamports: 1_000_000n }),
    getTransferSolInstruction({ source: alice, destination: DEMO_WALLETS[1], amount: 1_000n }),
  ]
  const wire = await buildSignedTransaction(localnet, alice, instructions)
  const { quoted, paid, metaFee } = await quoteAndLand(localnet, wire, alice.address, 1_000n)
  t.same(quoted.result.context.slot, Number(localnet.chain.getSlot() - BigInt(localnet.chain.finalitySlots)), 'context: the slot quoted at')
  // 5,000 a signature + 1 lamport per CU (1,000,000 micro-lamports) × 300,000 CUs.
  t.equal(quoted.result.value, 305_000, 'quote: base fee plus price × limit')
  t.equal(paid, 305_000n, 'the fee payer paid the quote')
  t.equal(metaFee, 305_000n, 'meta.fee is the quote')
})

t.test('a v0 message with two signers and the default compute limit is quoted what it pays', async (t) => {
  const localnet = await startTestLocalnet(t)
  const [alice, bob] = await createDemoWalletSigners()
  const outsider = (await generateKeyPairSigner()).address
  const instructions: Instruction[] = [
    getSetComputeUnitPriceInstruction({ microLamports: 2_500n }),
    getTransferSolInstruction({ source: alice, destination: outsider, amount: 2_000_000n }),
    getTransferSolInstruction({ source: bob, destination: outsider, amount: 3_000_000n }),
  ]
  const wire = await buildSignedTransaction(localnet, alice, instructions, { version: 0 })
  const { quoted, paid, metaFee } = await quoteAndLand(localnet, wire, alice.address, 2_000_000n)
  // Two signatures; three builtin instructions reserve 3,000 CUs each: ceil(2,500 × 9,000 / 10^6) = 23.
  t.equal(quoted.result.value, 10_023)
  t.equal(paid, 10_023n, 'the fee payer paid the quote')
  t.equal(metaFee, 10_023n, 'meta.fee is the quote')
})

t.test('an unknown or expired blockhash is quoted null, as Agave answers', async (t) => {
  const localnet = await startTestLocalnet(t)
  const [alice] = await createDemoWalletSigners()
  const transfer = getTransferSolInstruction({ source: alice, destination: DEMO_WALLETS[1], amount: 1n })
  const wire = await buildSignedTransaction(localnet, alice, [transfer])
  const message = toMessageBase64(wire)
  t.equal((await quote(localnet, message)).result.value, 5_000, 'fresh: one signature')

  const unknown = transactionDecoder.decode(wire).messageBytes.slice()
  // A legacy message: header (3), key count (1), 3 keys, then the 32-byte blockhash.
  const blockhashOffset = 3 + 1 + 3 * 32
  unknown.fill(7, blockhashOffset, blockhashOffset + 32)
  t.equal((await quote(localnet, Buffer.from(unknown).toString('base64'))).result.value, null, 'unknown blockhash: null')

  localnet.chain.advanceSlot(MAX_PROCESSING_AGE + 1)
  const expired = await quote(localnet, message)
  t.equal(expired.result.value, null, 'expired blockhash: null')
  t.equal(expired.result.context.slot, Number(localnet.chain.getSlot()))
})

t.test('bytes that are not a message answer Agave invalid params', async (t) => {
  const localnet = await startTestLocalnet(t)
  const [alice] = await createDemoWalletSigners()
  const wire = await buildSignedTransaction(localnet, alice, [
    getTransferSolInstruction({ source: alice, destination: DEMO_WALLETS[1], amount: 1n }),
  ])

  const notBase64 = await quote(localnet, '!!!')
  t.equal(notBase64.error?.code, -32602)
  t.match(notBase64.error?.message, /^invalid base64 encoding/)

  const garbage = await quote(localnet, Buffer.from([1, 0, 1]).toString('base64'))
  t.equal(garbage.error?.code, -32602)
  t.match(garbage.error?.message, /^failed to deserialize solana_message::versioned::VersionedMessage: /)

  // The fee payer marked read-only: Message::sanitize refuses it.
  const insane = transactionDecoder.decode(wire).messageBytes.slice()
  insane[1] = 1
  t.same((await quote(localnet, Buffer.from(insane).toString('base64'))).error, {
    code: -32602,
    message: 'invalid transaction message: index out of bounds',
  })

  const tooLarge = await quote(localnet, 'A'.repeat(1648))
  t.same(tooLarge.error, {
    code: -32602,
    message: 'base64 encoded solana_message::versioned::VersionedMessage too large: 1648 bytes (max: encoded/raw 1644/1232)',
  })

  const missing = await localnet.call('getFeeForMessage', [])
  t.equal(missing.error?.code, -32602, 'no message: invalid params')

  const future = await quote(localnet, toMessageBase64(wire), { minContextSlot: Number(localnet.chain.getSlot()) + 5 })
  t.same(future.error, {
    code: -32016,
    message: 'Minimum context slot has not been reached',
    data: { contextSlot: Number(localnet.chain.getSlot()) },
  })
})
