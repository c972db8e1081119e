import { randomBytes } from 'node:crypto'
import { createSolanaRpc, generateKeyPairSigner, getBase58Decoder, getBase58Encoder, type Address } from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { getTransferCheckedInstruction } from '@solana-program/token'
import t, { type Test } from 'tap'
import { createLocalChain } from '../../localnet/chain.js'
import { createDemoWalletSigners, DEMO_MINT, DEMO_TOKEN_ACCOUNTS, seedDemoState } from '../../localnet/seed/demo-state.js'
import {
  advanceToFinalized,
  buildSignedTransaction,
  getMemoInstruction,
  MEMO_PROGRAM,
  putLookupTable,
  sendSigned,
} from '../helpers/history-transactions.js'
import { startTestLocalnet, type TestLocalnet } from '../helpers/localnet-start.js'

const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
const base58 = getBase58Encoder()

type Landed = { signature: string; slot: bigint; blockTime: bigint }

/** Four transactions of alice's, one slot each, finalized: a SOL transfer, two memos, a token transfer, a failure. */
async function landHistory(t: Test) {
  const localnet = await startTestLocalnet(t)
  const [alice] = await createDemoWalletSigners()
  const recipient = (await generateKeyPairSigner()).address
  const landed: Landed[] = []
  const land = async (send: () => Promise<string>) => {
    localnet.chain.advanceSlot()
    const signature = await send()
    landed.push({ signature, slot: localnet.chain.getSlot(), blockTime: localnet.chain.getUnixTimestamp() })
    return signature
  }
  await land(() => sendSigned(localnet, alice, [getTransferSolInstruction({ source: alice, destination: recipient, amount: 1_000_000n })]))
  await land(() => sendSigned(localnet, alice, [getMemoInstruction('first memo', alice), getMemoInstruction('🦖', alice)]))
  await land(() =>
    sendSigned(localnet, alice, [
      getTransferCheckedInstruction({
        source: DEMO_TOKEN_ACCOUNTS[0],
        mint: DEMO_MINT,
        destination: DEMO_TOKEN_ACCOUNTS[1],
        authority: alice,
        amount: 5n,
        decimals: 6,
      }),
    ]),
  )
  await land(() =>
    sendSigned(localnet, alice, [getTransferSolInstruction({ source: alice, destination: recipient, amount: 10n ** 15n })], {
      skipPreflight: true,
    }),
  )
  advanceToFinalized(localnet)
  return { localnet, alice, recipient, landed }
}

async function signaturesOf(localnet: TestLocalnet, address: string, config?: Record<string, unknown>): Promise<string[]> {
  const answer = await localnet.call('getSignaturesForAddress', config ? [address, config] : [address])
  if (answer.error) throw new Error(JSON.stringify(answer.error))
  return (answer.result as Array<{ signature: string }>).map((entry) => entry.signature)
}

t.test('an address lists the transactions that named it, newest first, with slot, err, memo and block time', async (t) => {
  const { localnet, alice, landed } = await landHistory(t)
  const [transfer, memos, token, failed] = landed as [Landed, Landed, Landed, Landed]
  const answer = await localnet.call('getSignaturesForAddress', [alice.address])
  t.same(answer.result, [
    {
      signature: failed.signature,
      slot: Number(failed.slot),
      err: { InstructionError: [0, { Custom: 1 }] },
      memo: null,
      blockTime: Number(failed.blockTime),
      confirmationStatus: 'finalized',
    },
    {
      signature: token.signature,
      slot: Number(token.slot),
      err: null,
      memo: null,
      blockTime: Number(token.blockTime),
      confirmationStatus: 'finalized',
    },
    {
      signature: memos.signature,
      slot: Number(memos.slot),
      err: null,
      // Agave's extract_and_fmt_memos: "[byte length] text", joined by "; ".
      memo: '[10] first memo; [4] 🦖',
      blockTime: Number(memos.blockTime),
      confirmationStatus: 'finalized',
    },
    {
      signature: transfer.signature,
      slot: Number(transfer.slot),
      err: null,
      memo: null,
      blockTime: Number(transfer.blockTime),
      confirmationStatus: 'finalized',
    },
  ])
  t.ok(
    landed.every((entry, i) => i === 0 || entry.slot > landed[i - 1]!.slot),
    'one slot each',
  )
})

t.test('every account key indexes a transaction: recipient, mint, token accounts and the programs called', async (t) => {
  const { localnet, recipient, landed } = await landHistory(t)
  const [transfer, memos, token, failed] = landed.map((entry) => entry.signature) as [string, string, string, string]
  t.same(await signaturesOf(localnet, recipient), [failed, transfer], 'the recipient of both SOL transfers')
  t.same(await signaturesOf(localnet, DEMO_MINT), [token], 'the mint (read-only) of the token transfer')
  t.same(await signaturesOf(localnet, DEMO_TOKEN_ACCOUNTS[1]), [token])
  t.same(await signaturesOf(localnet, MEMO_PROGRAM), [memos], 'a program id is an account key too')
  t.same(await signaturesOf(localnet, TOKEN_PROGRAM), [token])
  t.same(await signaturesOf(localnet, '11111111111111111111111111111111'), [failed, transfer])
  t.same(await signaturesOf(localnet, (await generateKeyPairSigner()).address), [], 'an address nothing named: []')
})

t.test('a memo that is not UTF-8 is "(unparsable)"; a failed transaction keeps its memos', async (t) => {
  const localnet = await startTestLocalnet(t)
  const [alice] = await createDemoWalletSigners()
  const signature = await sendSigned(
    localnet,
    alice,
    [getMemoInstruction('ok', alice), getMemoInstruction(new Uint8Array([0xff, 0xfe]), alice)],
    {
      skipPreflight: true,
    },
  )
  advanceToFinalized(localnet)
  const [entry] = (await localnet.call('getSignaturesForAddress', [alice.address])).result
  t.equal(entry.signature, signature)
  t.ok(entry.err, 'the memo program refuses bytes that are not UTF-8')
  t.equal(entry.memo, '[2] ok; [2] (unparsable)')
})

t.test('limit, before and until page through the list, exclusive on both ends, as Agave', async (t) => {
  const { localnet, alice, landed } = await landHistory(t)
  const [s1, s2, s3, s4] = landed.map((entry) => entry.signature) as [string, string, string, string]
  t.same(await signaturesOf(localnet, alice.address, { limit: 2 }), [s4, s3])
  t.same(await signaturesOf(localnet, alice.address, { limit: 2, before: s3 }), [s2, s1], 'the page after s3')
  t.same(await signaturesOf(localnet, alice.address, { until: s2 }), [s4, s3], 'newer than s2')
  t.same(await signaturesOf(localnet, alice.address, { before: s4, until: s1 }), [s3, s2])
  t.same(await signaturesOf(localnet, alice.address, { before: s1 }), [])
  t.same(await signaturesOf(localnet, alice.address, { limit: 1000 }), [s4, s3, s2, s1])

  // A signature the node never saw: Agave answers nothing for `before` and ignores `until`.
  const unknownSignature = getBase58Decoder().decode(randomBytes(64))
  t.same(await signaturesOf(localnet, alice.address, { before: unknownSignature }), [])
  t.same(await signaturesOf(localnet, alice.address, { until: unknownSignature }), [s4, s3, s2, s1])

  // `before` need not name the address: its slot and signature still place it.
  const other = (await generateKeyPairSigner()).address
  localnet.chain.advanceSlot()
  const airdrop = (await localnet.call('requestAirdrop', [other, 1_000_000_000])).result as string
  t.same(await signaturesOf(localnet, alice.address, { before: airdrop }), [], 'a `before` not finalized yet is unknown at finalized')
  advanceToFinalized(localnet)
  t.same(await signaturesOf(localnet, alice.address, { before: airdrop }), [s4, s3, s2, s1], 'an airdrop a slot after all four')
})

t.test('within one slot the order is Agave’s: signature bytes, descending', async (t) => {
  const localnet = await startTestLocalnet(t)
  const [alice] = await createDemoWalletSigners()
  localnet.chain.advanceSlot()
  const signatures: string[] = []
  for (let i = 0; i < 5; i++) {
    const recipient = (await generateKeyPairSigner()).address
    signatures.push(
      await sendSigned(localnet, alice, [getTransferSolInstruction({ source: alice, destination: recipient, amount: 1_000_000n })]),
    )
  }
  advanceToFinalized(localnet)
  const expected = [...signatures].sort((a, b) => Buffer.compare(Buffer.from(base58.encode(b)), Buffer.from(base58.encode(a))))
  t.same(await signaturesOf(localnet, alice.address), expected)
  t.same(await signaturesOf(localnet, alice.address, { before: expected[1] }), expected.slice(2))
  t.same(await signaturesOf(localnet, alice.address, { until: expected[3] }), expected.slice(0, 3))
  t.same(await signaturesOf(localnet, alice.address, { before: expected[0], until: expected[4], limit: 2 }), expected.slice(1, 3))
})

t.test('an address loaded from a lookup table indexes the v0 transaction that loaded it', async (t) => {
  const localnet = await startTestLocalnet(t)
  const [alice] = await createDemoWalletSigners()
  const recipients = await Promise.all([1, 2].map(async () => (await generateKeyPairSigner()).address))
  const table = await putLookupTable(localnet, recipients)
  localnet.chain.advanceSlot()
  const instructions = recipients.map((destination) => getTransferSolInstruction({ source: alice, destination, amount: 1_000_000n }))
  const lookupTables = { [table]: recipients } as Record<Address, Address[]>
  const signature = await sendSigned(localnet, alice, instructions, { version: 0, lookupTables })
  const landed = localnet.chain.getTransaction(signature)!
  t.same([...landed.message.loadedWritable].sort(), [...recipients].sort(), 'both recipients came from the table')
  t.notOk(
    landed.message.staticKeys.some((key) => recipients.includes(key)),
    'and neither is a static key',
  )
  advanceToFinalized(localnet)
  for (const recipient of recipients) t.same(await signaturesOf(localnet, recipient), [signature])
  t.same(await signaturesOf(localnet, table), [], 'the table itself is not an account key')
})

t.test('bad params answer -32602 with Agave’s messages; processed and an unreached minContextSlot are refused', async (t) => {
  const localnet = await startTestLocalnet(t)
  const [alice] = await createDemoWalletSigners()
  const error = async (params: unknown[]) => (await localnet.call('getSignaturesForAddress', params)).error
  t.same(await error([alice.address, { limit: 0 }]), { code: -32602, message: 'Invalid limit; max 1000' })
  t.same(await error([alice.address, { limit: 1001 }]), { code: -32602, message: 'Invalid limit; max 1000' })
  t.same(await error([alice.address, { limit: '10' }]), {
    code: -32602,
    message: 'Invalid params: invalid type: string "10", expected usize.',
  })
  t.same(await error(['not-an-address']), { code: -32602, message: 'Invalid param: Invalid' })
  t.same(await error([alice.address.slice(0, 20)]), { code: -32602, message: 'Invalid param: WrongSize' })
  t.same(await error([alice.address, { before: 'abc' }]), { code: -32602, message: 'Invalid param: WrongSize' })
  t.same(await error([alice.address, { until: '0'.repeat(88) }]), { code: -32602, message: 'Invalid param: Invalid' })
  t.same(await error([alice.address, { commitment: 'processed' }]), {
    code: -32602,
    message: 'Method does not support commitment below `confirmed`',
  })
  t.match(await error([alice.address, { commitment: 'recent' }]), { code: -32602, message: /unknown variant `recent`/ })
  const slot = localnet.chain.getSlot()
  t.same(await error([alice.address, { minContextSlot: Number(slot) + 10 }]), {
    code: -32016,
    message: 'Minimum context slot has not been reached',
    data: { contextSlot: Number(slot) },
  })
  t.same((await localnet.call('getSignaturesForAddress', [alice.address, { commitment: 'confirmed' }])).result, [])
})

t.test('with LOCALNET_TRANSACTION_HISTORY=0 both history methods answer -32011, as a node without history', async (t) => {
  const localnet = await startTestLocalnet(t, { LOCALNET_TRANSACTION_HISTORY: '0' })
  const [alice] = await createDemoWalletSigners()
  const signature = await sendSigned(localnet, alice, [getMemoInstruction('kept nowhere', alice)])
  const expected = { code: -32011, message: 'Transaction history is not available from this node' }
  t.same((await localnet.call('getSignaturesForAddress', [alice.address])).error, expected)
  t.same((await localnet.call('getTransaction', [signature])).error, expected)
  t.same((await localnet.call('getSignatureStatuses', [[signature]])).result.value[0].err, null, 'statuses are still kept')
})

t.test('the history is bounded: the oldest transaction is forgotten by signature and by every address it named', async (t) => {
  const chain = createLocalChain({ slotMs: 400, autoAdvance: false, historyCapacity: 2 })
  t.teardown(() => chain.stop())
  seedDemoState(chain)
  const [alice] = await createDemoWalletSigners()
  const recipients = await Promise.all([1, 2, 3].map(async () => (await generateKeyPairSigner()).address))
  const signatures: string[] = []
  for (const destination of recipients) {
    chain.advanceSlot()
    const bytes = await buildSignedTransaction({ chain }, alice, [
      getTransferSolInstruction({ source: alice, destination, amount: 1_000_000n }),
    ])
    const result = chain.send(bytes)
    t.equal(result.err, null)
    signatures.push(result.signature)
  }
  t.equal(chain.getTransaction(signatures[0]!), undefined, 'the first is forgotten')
  t.ok(chain.getTransaction(signatures[2]!), 'the last is kept')
  t.same(
    chain.getSignaturesForAddress(recipients[0]!, { limit: 10 }).map((entry) => entry.signature),
    [],
    'its only address lists nothing',
  )
  t.same(
    chain.getSignaturesForAddress(alice.address, { limit: 10 }).map((entry) => entry.signature),
    [signatures[2], signatures[1]],
  )
  t.ok(chain.getSignatureStatus(signatures[0]!), 'its status outlives it (a separate, larger store)')
})

t.test('@solana/kit decodes the answer', async (t) => {
  const { localnet, alice, landed } = await landHistory(t)
  const rpc = createSolanaRpc(localnet.rpcUrl)
  const answer = await rpc.getSignaturesForAddress(alice.address, { limit: 2 }).send()
  t.same(
    answer.map((entry) => [entry.signature, entry.slot, entry.blockTime, entry.confirmationStatus]),
    [landed[3]!, landed[2]!].map((entry) => [entry.signature, entry.slot, entry.blockTime, 'finalized']),
    'slots and block times as bigints',
  )
  t.same(answer[0]!.err, { InstructionError: [0n, { Custom: 1n }] })
  const page = await rpc.getSignaturesForAddress(alice.address, { before: answer[1]!.signature, limit: 1 }).send()
  t.equal(page[0]!.memo, '[10] first memo; [4] 🦖')
})
