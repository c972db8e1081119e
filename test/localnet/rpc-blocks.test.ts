/**
 * getBlock, getBlockTime, getBlocks, getBlocksWithLimit and getFirstAvailableBlock as Agave
 * answers them, over real landed transactions: a block holds what landed in its slot, in order,
 * in every transactionDetails and encoding; it is served from `confirmed` (asked) or `finalized`
 * (the default) on, "processed" is refused; a slot jump leaves skipped slots (-32007), an old block
 * is cleaned up (-32001), a block not there yet is -32004, and a v0 transaction needs
 * maxSupportedTransactionVersion (-32015).
 */
import { generateKeyPairSigner, getTransactionDecoder } from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import t from 'tap'
import { SLOTS_PER_EPOCH } from '../../localnet/chain.js'
import { createDemoWalletSigners, DEMO_WALLETS } from '../../localnet/seed/demo-state.js'
import { advanceToFinalized, buildSignedTransaction, getMemoInstruction } from '../helpers/history-transactions.js'
import { startTestLocalnet, type TestLocalnet } from '../helpers/localnet-start.js'

const transactionDecoder = getTransactionDecoder()
const VERSION_ERROR = {
  code: -32015,
  message:
    'Transaction version (0) is not supported by the requesting client. Please try the request again with the following ' +
    'configuration parameter: "maxSupportedTransactionVersion": 0',
}
const BELOW_CONFIRMED = { code: -32602, message: 'Method does not support commitment below `confirmed`' }

async function sendBytes(localnet: TestLocalnet, bytes: Uint8Array): Promise<string> {
  const sent = await localnet.call('sendTransaction', [Buffer.from(bytes).toString('base64'), { encoding: 'base64' }])
  if (sent.error) throw new Error(JSON.stringify(sent.error))
  return sent.result as string
}

/** Lands a legacy transfer with a memo, then a v0 transfer, in one slot; answers what the block must say. */
async function landBlock(localnet: TestLocalnet) {
  const [alice, bob] = await createDemoWalletSigners()
  localnet.chain.advanceSlot()
  const parent = { slot: localnet.chain.getSlot() - 1n }
  const legacy = await buildSignedTransaction(localnet, alice, [
    getTransferSolInstruction({ source: alice, destination: DEMO_WALLETS[2], amount: 1_000n }),
    getMemoInstruction('in a block', alice),
  ])
  const v0 = await buildSignedTransaction(
    localnet,
    bob,
    [getTransferSolInstruction({ source: bob, destination: (await generateKeyPairSigner()).address, amount: 2_000_000n })],
    { version: 0 },
  )
  const signatures = [await sendBytes(localnet, legacy), await sendBytes(localnet, v0)]
  return {
    slot: localnet.chain.getSlot(),
    parentSlot: parent.slot,
    blockhash: localnet.chain.getLatestBlockhash().blockhash,
    blockHeight: localnet.chain.getBlockHeight(),
    blockTime: localnet.chain.getUnixTimestamp(),
    signatures,
    wires: [legacy, v0],
  }
}

t.test('a block holds the transactions that landed in its slot, from confirmed on', async (t) => {
  const localnet = await startTestLocalnet(t)
  const parentBlockhash = localnet.chain.getLatestBlockhash().blockhash
  const landed = await landBlock(localnet)
  const slot = Number(landed.slot)
  const confirmed = { commitment: 'confirmed', maxSupportedTransactionVersion: 0 }

  t.same((await localnet.call('getBlock', [slot, { commitment: 'processed' }])).error, BELOW_CONFIRMED, 'processed refused')
  t.same((await localnet.call('getBlock', [slot, confirmed])).error, { code: -32004, message: `Block not available for slot ${slot}` })

  localnet.chain.advanceSlot()
  const block = (await localnet.call('getBlock', [slot, confirmed])).result
  t.same(
    { ...block, transactions: undefined },
    {
      previousBlockhash: parentBlockhash,
      blockhash: landed.blockhash,
      parentSlot: Number(landed.parentSlot),
      rewards: [],
      blockTime: Number(landed.blockTime),
      blockHeight: Number(landed.blockHeight),
      transactions: undefined,
    },
    'the block: hashes, parent, time, height, no rewards',
  )
  t.same(
    block.transactions.map((entry: { transaction: { signatures: string[] }; version: unknown }) => [
      entry.transaction.signatures[0],
      entry.version,
    ]),
    [
      [landed.signatures[0], 'legacy'],
      [landed.signatures[1], 0],
    ],
    'both transactions, in landing order, with their versions',
  )
  const fromHistory = (await localnet.call('getTransaction', [landed.signatures[0], confirmed])).result
  t.same(block.transactions[0].meta, fromHistory.meta, 'meta as getTransaction answers it')
  t.same(block.transactions[0].transaction, fromHistory.transaction, 'transaction as getTransaction answers it')
  t.match(block.transactions[0].meta.logMessages, ['Program 11111111111111111111111111111111 invoke [1]'])

  t.same((await localnet.call('getBlock', [slot, { commitment: 'confirmed' }])).error, VERSION_ERROR, 'a v0 transaction needs the version')
  t.same(
    (await localnet.call('getBlock', [slot, { maxSupportedTransactionVersion: 0 }])).error,
    {
      code: -32004,
      message: `Block not available for slot ${slot}`,
    },
    'finalized (the default): not yet',
  )

  advanceToFinalized(localnet)
  const finalized = (await localnet.call('getBlock', [slot, { maxSupportedTransactionVersion: 0 }])).result
  t.same(finalized, block, 'finalized, the same block')
  const empty = (await localnet.call('getBlock', [slot + 1])).result
  t.same(empty.transactions, [], 'an empty slot is a block too')
  t.equal(empty.parentSlot, slot)
  t.equal(empty.previousBlockhash, landed.blockhash)
  t.equal(empty.blockHeight, Number(landed.blockHeight) + 1)
})

t.test('transactionDetails, encodings and rewards shape the answer as Agave does', async (t) => {
  const localnet = await startTestLocalnet(t)
  const landed = await landBlock(localnet)
  const slot = Number(landed.slot)
  advanceToFinalized(localnet)

  const signatures = (await localnet.call('getBlock', [slot, { transactionDetails: 'signatures' }])).result
  t.same(signatures.signatures, landed.signatures, 'signatures: the first signature of each, no version needed')
  t.notOk('transactions' in signatures, 'and no transactions')
  const none = (await localnet.call('getBlock', [slot, { transactionDetails: 'none', rewards: false }])).result
  t.same(Object.keys(none).sort(), ['blockHeight', 'blockTime', 'blockhash', 'parentSlot', 'previousBlockhash'], 'none, no rewards')

  const accounts = (await localnet.call('getBlock', [slot, { transactionDetails: 'accounts', maxSupportedTransactionVersion: 0 }])).result
  const first = accounts.transactions[0]
  t.same(first.transaction.signatures, [landed.signatures[0]])
  t.match(first.transaction.accountKeys[0], { pubkey: DEMO_WALLETS[0], writable: true, signer: true, source: 'transaction' })
  t.same(Object.keys(first.meta).sort(), [
    'err',
    'fee',
    'postBalances',
    'postTokenBalances',
    'preBalances',
    'preTokenBalances',
    'rewards',
    'status',
  ])
  t.same((await localnet.call('getBlock', [slot, { transactionDetails: 'accounts' }])).error, VERSION_ERROR)

  const base64 = (await localnet.call('getBlock', [slot, { encoding: 'base64', maxSupportedTransactionVersion: 0 }])).result
  t.same(
    base64.transactions.map((entry: { transaction: [string, string] }) => entry.transaction),
    landed.wires.map((wire) => [Buffer.from(wire).toString('base64'), 'base64']),
    'base64: the wire bytes as sent',
  )
  const parsed = (await localnet.call('getBlock', [slot, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 }])).result
  t.match(parsed.transactions[0].transaction.message.instructions[0], { program: 'system', parsed: { type: 'transfer' } })
  const noRewards = (await localnet.call('getBlock', [slot, { maxSupportedTransactionVersion: 0, rewards: false }])).result
  t.notOk('rewards' in noRewards, 'rewards: false leaves the block rewards out')
  t.notOk('rewards' in noRewards.transactions[0].meta, 'and the meta rewards')

  const legacyOnly = await localnet.call('getBlock', [slot, 'base58'])
  t.same(legacyOnly.error, VERSION_ERROR, 'the deprecated encoding-only form reads as a legacy client')
  const unknown = await localnet.call('getBlock', [slot, { transactionDetails: 'everything' }])
  t.same(unknown.error, {
    code: -32602,
    message: 'Invalid params: data did not match any variant of untagged enum RpcEncodingConfigWrapper.',
  })
  const decoded = transactionDecoder.decode(Buffer.from(base64.transactions[1].transaction[0], 'base64'))
  t.ok(decoded.messageBytes.length > 0, 'the v0 wire transaction decodes')
})

t.test('getBlockTime, getBlocks and getBlocksWithLimit list the blocks at each commitment', async (t) => {
  const localnet = await startTestLocalnet(t)
  const landed = await landBlock(localnet)
  const slot = Number(landed.slot)

  t.equal((await localnet.call('getBlockTime', [slot])).result, Number(landed.blockTime), 'the open slot has a time (Agave: any bank)')
  const ahead = Number(localnet.chain.getSlot()) + 10
  t.same((await localnet.call('getBlockTime', [ahead])).error, { code: -32004, message: `Block not available for slot ${ahead}` })

  localnet.chain.advanceSlot(3)
  const current = Number(localnet.chain.getSlot())
  t.same(
    (await localnet.call('getBlocks', [slot, { commitment: 'confirmed' }])).result,
    [slot, slot + 1, slot + 2],
    'confirmed: up to the confirmed slot',
  )
  t.same((await localnet.call('getBlocks', [slot, slot + 1, { commitment: 'confirmed' }])).result, [slot, slot + 1], 'an end slot')
  t.same((await localnet.call('getBlocks', [slot])).result, [], 'finalized (the default): none yet')
  t.same((await localnet.call('getBlocks', [slot, { commitment: 'processed' }])).error, BELOW_CONFIRMED)
  t.same((await localnet.call('getBlocksWithLimit', [slot, 2, { commitment: 'confirmed' }])).result, [slot, slot + 1])
  t.same((await localnet.call('getBlocksWithLimit', [slot, 2, { commitment: 'processed' }])).error, BELOW_CONFIRMED)
  t.same((await localnet.call('getBlocks', [slot, { commitment: 'confirmed', minContextSlot: current }])).error, {
    code: -32016,
    message: 'Minimum context slot has not been reached',
    data: { contextSlot: current - 1 },
  })

  advanceToFinalized(localnet)
  t.same((await localnet.call('getBlocks', [slot, slot + 3])).result, [slot, slot + 1, slot + 2, slot + 3], 'finalized')
  t.same((await localnet.call('getBlocks', [slot + 3, slot])).result, [], 'end before start: none')
  t.same((await localnet.call('getBlocksWithLimit', [slot, 3])).result, [slot, slot + 1, slot + 2])
  t.same((await localnet.call('getBlocksWithLimit', [slot, 500_001])).error, { code: -32602, message: 'Limit too large; max 500000' })
  t.same((await localnet.call('getBlocks', [slot - 500_001, slot])).error, { code: -32602, message: 'Slot range too large; max 500000' })
  t.equal((await localnet.call('getBlockTime', [slot])).result, Number(landed.blockTime), 'finalized: the block time')

  const first = (await localnet.call('getFirstAvailableBlock')).result
  t.same((await localnet.call('getBlocksWithLimit', [0, 1])).result, [first], 'the first available block is the oldest listed')
  t.ok(first < slot)
  t.same((await localnet.call('getBlockCommitment', [slot])).result, { commitment: null, totalStake: 0 })
})

t.test('a slot jump leaves skipped slots, answered -32007', async (t) => {
  const localnet = await startTestLocalnet(t)
  const before = localnet.chain.getSlot()
  // An account last touched in the next epoch raises the slot to that epoch's first slot.
  const nextEpoch = before / SLOTS_PER_EPOCH + 1n
  localnet.chain.setAccount((await generateKeyPairSigner()).address, {
    lamports: 1_000_000n,
    data: new Uint8Array(0),
    owner: '11111111111111111111111111111111' as never,
    executable: false,
    rentEpoch: nextEpoch,
  })
  const jumped = localnet.chain.getSlot()
  t.equal(jumped, nextEpoch * SLOTS_PER_EPOCH)
  const skipped = Number(before) + 1
  // A jump finalizes every slot behind it at once (see localnet/README.md, Commitment).
  const skippedError = { code: -32007, message: `Slot ${skipped} was skipped, or missing due to ledger jump to recent snapshot` }
  t.same((await localnet.call('getBlock', [skipped])).error, skippedError)
  t.same((await localnet.call('getBlockTime', [skipped])).error, skippedError)
  advanceToFinalized(localnet)
  t.equal(
    (await localnet.call('getBlock', [Number(jumped), { transactionDetails: 'none' }])).result.parentSlot,
    Number(before),
    'the jumped-to block names the last one as parent',
  )
  t.same(
    (await localnet.call('getBlocks', [Number(before), Number(jumped)])).result,
    [Number(before), Number(jumped)],
    'getBlocks skips the jump',
  )
})

t.test('blocks older than LOCALNET_BLOCK_HISTORY are cleaned up (-32001); history off answers -32011', async (t) => {
  const localnet = await startTestLocalnet(t, { LOCALNET_BLOCK_HISTORY: '40' })
  const oldest = Number(localnet.chain.getSlot())
  localnet.chain.advanceSlot(60)
  const first = Number(localnet.chain.getSlot()) - 39
  t.equal((await localnet.call('getFirstAvailableBlock')).result, first, 'the last 40 blocks are kept')
  const cleaned = { code: -32001, message: `Block ${oldest} cleaned up, does not exist on node. First available block: ${first}` }
  t.same((await localnet.call('getBlock', [oldest])).error, cleaned)
  t.same((await localnet.call('getBlockTime', [oldest])).error, cleaned)
  t.same((await localnet.call('getBlocksWithLimit', [oldest, 2])).result, [first, first + 1], 'lists start at the first kept')

  const noHistory = await startTestLocalnet(t, { LOCALNET_TRANSACTION_HISTORY: '0' })
  noHistory.chain.advanceSlot(40)
  const slot = Number(noHistory.chain.getSlot()) - 35
  t.same((await noHistory.call('getBlock', [slot])).error, { code: -32011, message: 'Transaction history is not available from this node' })
  t.same((await noHistory.call('getBlocksWithLimit', [slot, 1])).result, [slot], 'getBlocks needs no history')
})

t.test('blocks never hold more transactions than LOCALNET_TRANSACTION_HISTORY: the oldest blocks go first', async (t) => {
  const localnet = await startTestLocalnet(t, { LOCALNET_TRANSACTION_HISTORY: '2' })
  const [alice] = await createDemoWalletSigners()
  const slots: number[] = []
  for (const amount of [1n, 2n, 3n]) {
    localnet.chain.advanceSlot()
    slots.push(Number(localnet.chain.getSlot()))
    await sendBytes(
      localnet,
      await buildSignedTransaction(localnet, alice, [getTransferSolInstruction({ source: alice, destination: DEMO_WALLETS[1], amount })]),
    )
  }
  advanceToFinalized(localnet)
  const [first, second, third] = slots as [number, number, number]
  t.equal((await localnet.call('getFirstAvailableBlock')).result, second, 'the block of the first transaction is forgotten')
  t.equal((await localnet.call('getBlock', [first])).error?.code, -32001)
  t.equal((await localnet.call('getBlock', [second])).result.transactions.length, 1)
  t.equal((await localnet.call('getBlock', [third])).result.transactions.length, 1)
})
