// The relay's bundles over real HTTP: tip accounts, atomic landing at the next slot exactly as a
// sendTransaction lands, nothing at all of a bundle whose transaction fails, and the statuses.
import { createHash } from 'node:crypto'
import { address, generateKeyPairSigner, getBase58Decoder, getBase58Encoder } from '@solana/kit'
import t from 'tap'
import { JITO_TIP_ACCOUNTS } from '../../localnet/relay/tip-accounts.js'
import { createDemoWalletSigners, DEMO_WALLETS } from '../../localnet/seed/demo-state.js'
import { startTestLocalnet, type TestLocalnet } from '../helpers/localnet-start.js'
import { buildTransfer, toBase64 } from '../helpers/localnet-transactions.js'
import { callRelay } from '../helpers/relay-client.js'

const RECIPIENT = address('7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU')
const TIP_ACCOUNT = JITO_TIP_ACCOUNTS[0]!
const base58 = getBase58Decoder()
/** No relay rate limit unless a test is about it. */
const UNLIMITED = { LOCALNET_RELAY_RATE_LIMIT: '0', LOCALNET_RELAY_READ_RATE_LIMIT: '0' }

const signatureOf = (bytes: Uint8Array) => base58.decode(bytes.subarray(1, 65))
/** Balances at processed: a bundle lands in the slot that opens, which confirmed does not see yet. */
const lamportsOf = async (localnet: TestLocalnet, account: string) =>
  BigInt((await localnet.call('getBalance', [account, { commitment: 'processed' }])).result.value)

async function sendBundle(localnet: TestLocalnet, transactions: Uint8Array[]) {
  const answer = await callRelay(localnet.relayUrl, 'sendBundle', [transactions.map(toBase64), { encoding: 'base64' }])
  if (typeof answer.body.result !== 'string') throw new Error(`sendBundle refused: ${answer.text}`)
  return answer.body.result as string
}

const inflight = async (localnet: TestLocalnet, ids: string[]) =>
  (await callRelay(localnet.relayUrl, 'getInflightBundleStatuses', [ids])).body.result

t.test('getTipAccounts answers the 8 mainnet tip accounts, each a funded system account', async (t) => {
  for (const demo of ['true', 'false']) {
    const localnet = await startTestLocalnet(t, { ...UNLIMITED, LOCALNET_DEMO: demo })
    const answer = await callRelay(localnet.relayUrl, 'getTipAccounts')
    t.equal(answer.status, 200)
    t.same(answer.body.result, JITO_TIP_ACCOUNTS, `the 8 tip accounts (demo ${demo})`)
    t.equal(answer.body.result.length, 8)
    t.equal(answer.body.result[0], '96gYZGLnJYVFmbjzopPSU6QiEV5fGqZNyN9nmNhvrZU5')
    const perMethodPath = await callRelay(localnet.relayUrl, 'getTipAccounts', [], { path: '/api/v1/getTipAccounts' })
    t.same(perMethodPath.body.result, JITO_TIP_ACCOUNTS, 'also on the per-method path')
    const rentExempt = (await localnet.call('getMinimumBalanceForRentExemption', [0])).result
    const infos = (await localnet.call('getMultipleAccounts', [answer.body.result, { encoding: 'base64' }])).result.value
    t.ok(
      infos.every(
        (info: { lamports: number; owner: string }) => info.lamports === rentExempt && info.owner === '11111111111111111111111111111111',
      ),
      'each is a system account holding the rent-exempt minimum',
    )
  }
})

t.test('a bundle lands at the next slot, in order, as sendTransaction lands a transaction', async (t) => {
  const localnet = await startTestLocalnet(t, UNLIMITED)
  const [alice] = await createDemoWalletSigners()
  const fresh = await generateKeyPairSigner()
  const blockhash = localnet.chain.getLatestBlockhash().blockhash
  // The second spends what the first gives it: it can only succeed after the first.
  const fund = await buildTransfer({ from: alice!, to: fresh.address, lamports: 1_000_000_000n, blockhash, priceMicroLamports: 7_000n })
  const tip = await buildTransfer({ from: fresh, to: TIP_ACCOUNT, lamports: 10_000n, blockhash })
  const signatures = [signatureOf(fund), signatureOf(tip)]
  const tipBefore = await lamportsOf(localnet, TIP_ACCOUNT)
  const aliceBefore = await lamportsOf(localnet, DEMO_WALLETS[0])

  const bundleId = await sendBundle(localnet, [fund, tip])
  t.equal(
    bundleId,
    createHash('sha256').update(signatures.join(',')).digest('hex'),
    "the id is Jito's: sha256 of the signatures joined by ','",
  )
  t.same(
    (await inflight(localnet, [bundleId])).value,
    [{ bundle_id: bundleId, status: 'Pending', landed_slot: null }],
    'pending until the next slot',
  )
  t.same((await callRelay(localnet.relayUrl, 'getBundleStatuses', [[bundleId]])).body.result.value, [null], 'no status while pending')
  t.same((await localnet.call('getSignatureStatuses', [signatures])).result.value, [null, null], 'nothing landed yet')

  localnet.chain.advanceSlot()
  const slot = Number(localnet.chain.getSlot())
  const landed = await inflight(localnet, [bundleId])
  t.equal(landed.context.slot, slot)
  t.same(landed.value, [{ bundle_id: bundleId, status: 'Landed', landed_slot: slot }])
  t.same(
    (await callRelay(localnet.relayUrl, 'getBundleStatuses', [[bundleId]], { path: '/api/v1/getBundleStatuses' })).body.result,
    {
      context: { slot },
      value: [{ bundle_id: bundleId, transactions: signatures, slot, confirmation_status: 'processed', err: { Ok: null } }],
    },
    "Jito's landed shape, processed in the open slot",
  )
  t.equal(await lamportsOf(localnet, TIP_ACCOUNT), tipBefore + 10_000n, 'the tip account grew by the tip')
  // The priority fee: 7,000 µlamports × 6,000 CUs (two builtin instructions, 3,000 each by default) = 42 lamports.
  t.equal(
    await lamportsOf(localnet, DEMO_WALLETS[0]),
    aliceBefore - 1_000_000_000n - 5_000n - 42n,
    'alice paid the transfer, fee and priority fee',
  )
  t.equal(await lamportsOf(localnet, fresh.address), 1_000_000_000n - 10_000n - 5_000n)
  const statuses = (await localnet.call('getSignatureStatuses', [signatures])).result.value
  t.same(
    statuses.map((status: { slot: number; err: unknown }) => [status.slot, status.err]),
    [
      [slot, null],
      [slot, null],
    ],
    'both statuses, in the slot that opened',
  )
  t.same(
    signatures.map((signature) => localnet.chain.getTransaction(signature)?.index),
    [0, 1],
    'in the slot in bundle order',
  )
  const fees = (await localnet.call('getRecentPrioritizationFees', [[DEMO_WALLETS[0]]])).result
  t.equal(fees.find((fee: { slot: number }) => fee.slot === slot)?.prioritizationFee, 7_000, 'the priority fee tracker saw it')
  t.same(localnet.sends.getCounts(), { received: 0, dropped: 0, landed: 0 }, 'not sends of the RPC')
  t.same(localnet.relay.getCounts().bundles, { queued: 1, landed: 1, failed: 0 })

  localnet.chain.advanceSlot()
  const fetched = await localnet.call('getTransaction', [signatures[1], { commitment: 'confirmed', maxSupportedTransactionVersion: 0 }])
  t.equal(fetched.result.slot, slot, 'getTransaction serves it once confirmed')
  const history = await localnet.call('getSignaturesForAddress', [TIP_ACCOUNT, { commitment: 'confirmed' }])
  t.same(
    history.result.map((entry: { signature: string }) => entry.signature),
    [signatures[1]],
    'getSignaturesForAddress has it',
  )
  t.equal(
    (await callRelay(localnet.relayUrl, 'getBundleStatuses', [[bundleId]])).body.result.value[0].confirmation_status,
    'confirmed',
    'the confirmation follows the slot',
  )
})

t.test('a bundle whose second transaction fails lands nothing, and says why', async (t) => {
  const localnet = await startTestLocalnet(t, UNLIMITED)
  const [alice, , carol] = await createDemoWalletSigners()
  const blockhash = localnet.chain.getLatestBlockhash().blockhash
  const first = await buildTransfer({ from: alice!, to: RECIPIENT, lamports: 1_000_000_000n, blockhash })
  const overdrawn = await buildTransfer({ from: carol!, to: RECIPIENT, lamports: 10n ** 18n, blockhash })
  const before = await Promise.all(DEMO_WALLETS.map((wallet) => lamportsOf(localnet, wallet)))

  const bundleId = await sendBundle(localnet, [first, overdrawn])
  localnet.chain.advanceSlot()
  const slot = Number(localnet.chain.getSlot())
  t.same((await inflight(localnet, [bundleId])).value, [{ bundle_id: bundleId, status: 'Failed', landed_slot: null }])
  t.same(
    (await callRelay(localnet.relayUrl, 'getBundleStatuses', [[bundleId]])).body.result.value,
    [
      {
        bundle_id: bundleId,
        transactions: [signatureOf(first), signatureOf(overdrawn)],
        slot,
        confirmation_status: null,
        err: { Err: { InstructionError: [0, { Custom: 1 }] } },
      },
    ],
    "the failed bundle's status carries the failing transaction's error (localnet extension)",
  )
  t.match(localnet.relay.getBundle(bundleId)?.outcome, { landed: false, failedIndex: 1 }, 'the second transaction failed')
  t.equal(await lamportsOf(localnet, RECIPIENT), 0n, "the first transaction's transfer is not applied")
  t.same(await Promise.all(DEMO_WALLETS.map((wallet) => lamportsOf(localnet, wallet))), before, 'no fee charged either')
  t.same(
    (await localnet.call('getSignatureStatuses', [[signatureOf(first), signatureOf(overdrawn)]])).result.value,
    [null, null],
    'neither signature is known',
  )
  t.notOk(localnet.chain.getTransaction(signatureOf(first)), 'nor in the history')
  t.same(localnet.relay.getCounts().bundles, { queued: 1, landed: 0, failed: 1 })

  // The failed bundle left no trace: the same signed transaction still lands on its own.
  const alone = await localnet.call('sendTransaction', [toBase64(first), { encoding: 'base64' }])
  t.equal(alone.result, signatureOf(first))
  t.equal(await lamportsOf(localnet, RECIPIENT), 1_000_000_000n, 'it lands when sent alone')
})

t.test('statuses: Invalid for unknown ids and after 5 minutes; a pending duplicate is queued once', async (t) => {
  let nowMs = 1_000_000
  const localnet = await startTestLocalnet(t, UNLIMITED, { autoAdvance: false, relayNowMs: () => nowMs })
  const [alice] = await createDemoWalletSigners()
  const blockhash = localnet.chain.getLatestBlockhash().blockhash
  const transfer = await buildTransfer({ from: alice!, to: RECIPIENT, lamports: 1_000_000n, blockhash })
  const unknown = 'ab'.repeat(32)
  t.same((await inflight(localnet, [unknown])).value, [{ bundle_id: unknown, status: 'Invalid', landed_slot: null }], 'unknown: Invalid')
  t.same((await callRelay(localnet.relayUrl, 'getBundleStatuses', [[unknown]])).body.result.value, [null], 'unknown: null')

  const bundleId = await sendBundle(localnet, [transfer])
  t.equal(await sendBundle(localnet, [transfer]), bundleId, 'the same bundle while pending: the same id')
  t.equal(localnet.relay.getCounts().bundles.queued, 1, 'queued once')
  localnet.chain.advanceSlot()
  const statuses = await inflight(localnet, [bundleId, unknown])
  t.same(
    statuses.value.map((status: { status: string }) => status.status),
    ['Landed', 'Invalid'],
    'one entry per id, in order',
  )

  // Sent again once it ran: queued again, and fails as already processed.
  t.equal(await sendBundle(localnet, [transfer]), bundleId)
  localnet.chain.advanceSlot()
  t.same(
    (await callRelay(localnet.relayUrl, 'getBundleStatuses', [[bundleId]])).body.result.value[0].err,
    { Err: 'AlreadyProcessed' },
    'a bundle of what already landed fails',
  )

  nowMs += 5 * 60_000 + 1
  t.same((await inflight(localnet, [bundleId])).value[0].status, 'Invalid', 'forgotten after 5 minutes')
  t.same((await callRelay(localnet.relayUrl, 'getBundleStatuses', [[bundleId]])).body.result.value, [null])
})

t.test('bundles in one slot run in arrival order; the drop rate never applies to them; base58 is the default encoding', async (t) => {
  const localnet = await startTestLocalnet(t, { ...UNLIMITED, LOCALNET_DROP_RATE: '1' })
  const [alice] = await createDemoWalletSigners()
  const fresh = await generateKeyPairSigner()
  const blockhash = localnet.chain.getLatestBlockhash().blockhash
  const fund = await buildTransfer({ from: alice!, to: fresh.address, lamports: 1_000_000_000n, blockhash })
  const spend = await buildTransfer({ from: fresh, to: RECIPIENT, lamports: 100_000_000n, blockhash })
  const base58Encoded = [base58.decode(fund)]
  t.same(getBase58Encoder().encode(base58Encoded[0]!), fund, 'base58 round trip')
  const first = await callRelay(localnet.relayUrl, 'sendBundle', [base58Encoded])
  t.type(first.body.result, 'string', 'a bundle in base58 without an encoding is accepted')
  // The second bundle spends what the first gives: it lands only if it runs after it.
  const second = await sendBundle(localnet, [spend])
  localnet.chain.advanceSlot()
  t.same(
    (await inflight(localnet, [first.body.result, second])).value.map((status: { status: string }) => status.status),
    ['Landed', 'Landed'],
  )
  t.equal(await lamportsOf(localnet, RECIPIENT), 100_000_000n)
  t.same(localnet.sends.getCounts(), { received: 0, dropped: 0, landed: 0 }, 'the drop rate of sends is not consulted')
})
