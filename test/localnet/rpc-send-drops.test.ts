// LOCALNET_DROP_RATE: a dropped send is answered with its signature like any other, then never
// lands (no status, no history, nothing streamed); the counters say what localnet received.
import { address, getBase58Decoder } from '@solana/kit'
import t from 'tap'
import { createDemoWalletSigners, DEMO_WALLETS } from '../../localnet/seed/demo-state.js'
import { connectGeyserClient, subscribeGeyser, type GeyserSubscription } from '../helpers/geyser-client.js'
import { startTestLocalnet } from '../helpers/localnet-start.js'
import { buildTransfer, toBase64 } from '../helpers/localnet-transactions.js'

const RECIPIENT = address('7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU')
const base58 = getBase58Decoder()

/** Everything the stream sent before a ping sent now: the server answers in order. */
async function getStreamedSoFar(sub: GeyserSubscription, id: number) {
  await sub.send({ ping: { id } })
  await sub.next((update) => update.pong?.id === id)
  return sub.received.filter((update) => update.transaction || update.account || update.transactionStatus)
}

t.test('drop rate 1: the signature comes back, nothing lands; drop rate 0: the same bytes land', async (t) => {
  const localnet = await startTestLocalnet(t, { LOCALNET_DROP_RATE: '1' })
  t.equal(localnet.sends.getDropRate(), 1, 'LOCALNET_DROP_RATE is read at boot')
  const client = await connectGeyserClient(localnet.geyserUrl)
  const filters = {
    accounts: { wallets: { account: [DEMO_WALLETS[0], RECIPIENT] } },
    transactions: { toRecipient: { accountInclude: [RECIPIENT] } },
    transactionsStatus: { statuses: { accountInclude: [RECIPIENT] } },
  }
  const sub = await subscribeGeyser(t, client, filters)
  await sub.apply(filters)
  const [alice] = await createDemoWalletSigners()
  const bytes = await buildTransfer({
    from: alice!,
    to: RECIPIENT,
    lamports: 1_000_000n,
    blockhash: localnet.chain.getLatestBlockhash().blockhash,
  })
  const signature = base58.decode(bytes.subarray(1, 65))

  const dropped = await localnet.call('sendTransaction', [toBase64(bytes), { encoding: 'base64' }])
  t.equal(dropped.result, signature, 'answered with the signature, as a node that queued it')
  t.same((await localnet.call('getSignatureStatuses', [[signature]])).result.value, [null], 'no status')
  t.equal((await localnet.call('getBalance', [RECIPIENT, { commitment: 'processed' }])).result.value, 0, 'nothing moved')
  t.notOk(localnet.chain.getTransaction(signature), 'no history')
  t.same(await getStreamedSoFar(sub, 1), [], 'nothing on the geyser stream')
  localnet.chain.advanceSlot()
  t.same((await localnet.call('getSignatureStatuses', [[signature]])).result.value, [null], 'and it does not land later either')
  t.same(localnet.sends.getCounts(), { received: 1, dropped: 1, landed: 0 })

  // The sender rebroadcasts the same signed bytes once the leader stops dropping.
  localnet.sends.setDropRate(0)
  const landed = await localnet.call('sendTransaction', [toBase64(bytes), { encoding: 'base64' }])
  t.equal(landed.result, signature)
  t.equal((await localnet.call('getSignatureStatuses', [[signature]])).result.value[0]?.err, null, 'landed')
  t.equal((await localnet.call('getBalance', [RECIPIENT, { commitment: 'processed' }])).result.value, 1_000_000, 'landed in the open slot')
  const streamed = await getStreamedSoFar(sub, 2)
  t.same(
    streamed.filter((update) => update.transaction).map((update) => base58.decode(update.transaction!.transaction!.signature)),
    [signature],
    'the landed transaction is streamed once',
  )
  t.ok(
    streamed.some((update) => update.transactionStatus),
    'with its status',
  )
  t.same(localnet.sends.getCounts(), { received: 2, dropped: 1, landed: 1 })
})

t.test('every sendTransaction call is received; only those past preflight can be dropped or land', async (t) => {
  const localnet = await startTestLocalnet(t)
  const [alice, bob] = await createDemoWalletSigners()
  const blockhash = localnet.chain.getLatestBlockhash().blockhash
  t.same(localnet.sends.getCounts(), { received: 0, dropped: 0, landed: 0 }, 'nothing before the first call')

  t.equal((await localnet.call('sendTransaction', ['not a transaction', { encoding: 'base64' }])).error?.code, -32602)
  const tooMuch = await buildTransfer({ from: bob!, to: RECIPIENT, lamports: 10n ** 18n, blockhash })
  t.equal((await localnet.call('sendTransaction', [toBase64(tooMuch), { encoding: 'base64' }])).error?.code, -32002, 'preflight fails')
  t.same(localnet.sends.getCounts(), { received: 2, dropped: 0, landed: 0 }, 'refused calls are received, not dropped')

  const bytes = await buildTransfer({ from: alice!, to: RECIPIENT, lamports: 1_000_000n, blockhash })
  await localnet.call('sendTransaction', [toBase64(bytes), { encoding: 'base64' }])
  // A rebroadcast of what already landed is received and answered, and lands nothing.
  await localnet.call('sendTransaction', [toBase64(bytes), { encoding: 'base64', skipPreflight: true }])
  t.same(localnet.sends.getCounts(), { received: 4, dropped: 0, landed: 1 })

  t.throws(() => localnet.sends.setDropRate(1.5), RangeError)
  t.throws(() => localnet.sends.setDropRate(Number.NaN), RangeError)
  t.equal(localnet.sends.getDropRate(), 0, 'a refused rate changes nothing')
})

t.test('a partial drop rate is decided by the draws it is given', async (t) => {
  const draws = [0.1, 0.9, 0.49, 0.5]
  const localnet = await startTestLocalnet(t, { LOCALNET_DROP_RATE: '0.5' }, { autoAdvance: false, dropRandom: () => draws.shift() ?? 0 })
  const [alice] = await createDemoWalletSigners()
  const blockhash = localnet.chain.getLatestBlockhash().blockhash
  const fates: boolean[] = []
  for (let i = 1n; i <= 4n; i++) {
    const bytes = await buildTransfer({ from: alice!, to: RECIPIENT, lamports: 1_000_000n * i, blockhash })
    const sent = await localnet.call('sendTransaction', [toBase64(bytes), { encoding: 'base64' }])
    t.type(sent.result, 'string', 'answered with a signature either way')
    fates.push((await localnet.call('getSignatureStatuses', [[sent.result]])).result.value[0] !== null)
  }
  t.same(fates, [false, true, false, true], 'a draw below the rate drops the send')
  t.same(localnet.sends.getCounts(), { received: 4, dropped: 2, landed: 2 })
})
