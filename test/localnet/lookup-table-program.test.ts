// The address lookup table program runs on localnet as on a cluster: the SlotHashes sysvar follows
// the blocks (the slots before the open one, at most 512), so CreateLookupTable takes a recent slot,
// ExtendLookupTable's addresses serve a v0 transaction from the next slot on.
import { address, type Address } from '@solana/kit'
import t from 'tap'
import { createDemoWalletSigners } from '../../localnet/seed/demo-state.js'
import { MAX_SLOT_HASHES } from '../../localnet/chain/slot-clock.js'
import { createLookupTableInstruction, extendLookupTableInstruction } from '../helpers/lookup-table-instructions.js'
import { startTestLocalnet, type TestLocalnet } from '../helpers/localnet-start.js'
import { buildTransaction, toBase64, transferSol } from '../helpers/transactions.js'

const RECIPIENTS = [address('7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU'), address('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM')]

async function send(localnet: TestLocalnet, bytes: Uint8Array) {
  return localnet.call('sendTransaction', [toBase64(bytes), { encoding: 'base64' }])
}

t.test('CreateLookupTable takes the slot before the open one, not the open one; the table serves a v0 transaction', async (t) => {
  const localnet = await startTestLocalnet(t)
  const [alice] = await createDemoWalletSigners()
  const blockhash = () => localnet.chain.getLatestBlockhash().blockhash
  const openSlot = localnet.chain.getSlot()

  const tooNew = await createLookupTableInstruction({ authority: alice, payer: alice, recentSlot: openSlot })
  const refused = await send(
    localnet,
    await buildTransaction({ feePayer: alice.address, blockhash: blockhash(), instructions: [tooNew.instruction], signers: [alice] }),
  )
  t.equal(refused.error?.code, -32002, 'the open slot is not in SlotHashes yet (as in Agave, where a bank holds its parents)')
  t.match(JSON.stringify(refused.error?.data?.logs), `${openSlot} is not a recent slot`)

  localnet.chain.advanceSlot()
  const { table, instruction } = await createLookupTableInstruction({ authority: alice, payer: alice, recentSlot: openSlot })
  const extend = extendLookupTableInstruction({ table, authority: alice, payer: alice, addresses: RECIPIENTS })
  const created = await send(
    localnet,
    await buildTransaction({ feePayer: alice.address, blockhash: blockhash(), instructions: [instruction, extend], signers: [alice] }),
  )
  t.type(created.result, 'string', 'create + extend land once the slot is a parent', { error: created.error })
  const account = (await localnet.call('getAccountInfo', [table, { encoding: 'base64', commitment: 'processed' }])).result.value
  t.equal(account.owner, 'AddressLookupTab1e1111111111111111111111111')
  t.equal(Buffer.from(account.data[0], 'base64').length, 56 + 32 * RECIPIENTS.length, 'the table holds both addresses')

  localnet.chain.advanceSlot()
  const v0 = await buildTransaction({
    feePayer: alice.address,
    blockhash: blockhash(),
    version: 0,
    instructions: RECIPIENTS.map((to) => transferSol(alice.address, to, 1_000_000n)),
    lookupTables: { [table]: RECIPIENTS } as Record<Address, Address[]>,
    signers: [alice],
  })
  const landed = await send(localnet, v0)
  t.type(landed.result, 'string', 'a v0 transaction loading both recipients from the table lands', { error: landed.error })
  for (const to of RECIPIENTS) t.equal((await localnet.call('getBalance', [to, { commitment: 'processed' }])).result.value, 1_000_000)
})

t.test(`SlotHashes keeps ${MAX_SLOT_HASHES} slots: an older one is no longer recent`, async (t) => {
  const localnet = await startTestLocalnet(t)
  const [alice] = await createDemoWalletSigners()
  const oldSlot = localnet.chain.getSlot()
  localnet.chain.advanceSlot(MAX_SLOT_HASHES + 1)
  const { instruction } = await createLookupTableInstruction({ authority: alice, payer: alice, recentSlot: oldSlot })
  const blockhash = localnet.chain.getLatestBlockhash().blockhash
  const refused = await send(
    localnet,
    await buildTransaction({ feePayer: alice.address, blockhash, instructions: [instruction], signers: [alice] }),
  )
  t.match(JSON.stringify(refused.error?.data?.logs), `${oldSlot} is not a recent slot`)
  const { instruction: recent } = await createLookupTableInstruction({ authority: alice, payer: alice, recentSlot: oldSlot + 1n + 1n })
  const created = await send(
    localnet,
    await buildTransaction({ feePayer: alice.address, blockhash, instructions: [recent], signers: [alice] }),
  )
  t.type(created.result, 'string', 'the oldest kept slot still is', { error: created.error })
})
