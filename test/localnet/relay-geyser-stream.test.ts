// A landed bundle's transactions are streamed on the geyser service exactly as sendTransaction's
// (transaction updates with meta, the accounts they wrote), through the real Yellowstone client;
// a failed bundle streams nothing.
import { address, getBase58Decoder } from '@solana/kit'
import t from 'tap'
import { JITO_TIP_ACCOUNTS } from '../../localnet/relay/tip-accounts.js'
import { createDemoWalletSigners, DEMO_WALLETS } from '../../localnet/seed/demo-state.js'
import { connectGeyserClient, subscribeGeyser, type GeyserSubscription } from '../helpers/geyser-client.js'
import { startTestLocalnet } from '../helpers/localnet-start.js'
import { buildTransfer, toBase64 } from '../helpers/localnet-transactions.js'
import { callRelay } from '../helpers/relay-client.js'

const RECIPIENT = address('7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU')
const TIP_ACCOUNT = JITO_TIP_ACCOUNTS[3]!
const base58 = getBase58Decoder()
const key = (bytes: Uint8Array) => base58.decode(bytes)

/** Everything the stream sent before a ping sent now: the server answers in order. */
async function getStreamedSoFar(sub: GeyserSubscription, id: number) {
  await sub.send({ ping: { id } })
  await sub.next((update) => update.pong?.id === id)
  return sub.received.filter((update) => update.transaction || update.account)
}

t.test("a landed bundle's transactions and accounts are on the geyser stream; a failed bundle's are not", async (t) => {
  const localnet = await startTestLocalnet(t, { LOCALNET_RELAY_RATE_LIMIT: '0', LOCALNET_RELAY_READ_RATE_LIMIT: '0' })
  const client = await connectGeyserClient(localnet.geyserUrl)
  const filters = {
    accounts: { watched: { account: [DEMO_WALLETS[0], DEMO_WALLETS[1], RECIPIENT, TIP_ACCOUNT] } },
    transactions: { relayed: { accountInclude: [RECIPIENT, TIP_ACCOUNT] } },
  }
  const sub = await subscribeGeyser(t, client, filters)
  await sub.apply(filters)
  const [alice, bob] = await createDemoWalletSigners()
  const blockhash = localnet.chain.getLatestBlockhash().blockhash
  const transfer = await buildTransfer({ from: alice!, to: RECIPIENT, lamports: 2_000_000n, blockhash })
  const tip = await buildTransfer({ from: bob!, to: TIP_ACCOUNT, lamports: 5_000n, blockhash })
  const sent = await callRelay(localnet.relayUrl, 'sendBundle', [[toBase64(transfer), toBase64(tip)], { encoding: 'base64' }])
  t.type(sent.body.result, 'string')
  t.same(await getStreamedSoFar(sub, 1), [], 'nothing streamed while the bundle is pending')

  localnet.chain.advanceSlot()
  const slot = String(localnet.chain.getSlot())
  const streamed = await getStreamedSoFar(sub, 2)
  const transactions = streamed.filter((update) => update.transaction)
  t.same(
    transactions.map((update) => [key(update.transaction!.transaction!.signature), update.transaction!.slot]),
    [
      [key(transfer.subarray(1, 65)), slot],
      [key(tip.subarray(1, 65)), slot],
    ],
    'both transactions, in bundle order, in the slot that opened',
  )
  const tipMeta = transactions[1]!.transaction!.transaction!.meta!
  t.equal(tipMeta.err, undefined, 'succeeded')
  t.equal(tipMeta.fee, '5000')
  t.equal(BigInt(tipMeta.postBalances[1]!) - BigInt(tipMeta.preBalances[1]!), 5_000n, "the tip account's balance grew by the tip")
  t.same(
    streamed
      .filter((update) => update.account)
      .map((update) => [key(update.account!.account!.pubkey), key(update.account!.account!.txnSignature!)]),
    [
      [DEMO_WALLETS[0], key(transfer.subarray(1, 65))],
      [RECIPIENT, key(transfer.subarray(1, 65))],
      [DEMO_WALLETS[1], key(tip.subarray(1, 65))],
      [TIP_ACCOUNT, key(tip.subarray(1, 65))],
    ],
    'the accounts each wrote, tagged with its signature',
  )

  const failing = await buildTransfer({ from: alice!, to: RECIPIENT, lamports: 3_000_000n, blockhash })
  const overdrawn = await buildTransfer({ from: bob!, to: TIP_ACCOUNT, lamports: 10n ** 18n, blockhash })
  await callRelay(localnet.relayUrl, 'sendBundle', [[toBase64(failing), toBase64(overdrawn)], { encoding: 'base64' }])
  localnet.chain.advanceSlot()
  t.equal((await getStreamedSoFar(sub, 3)).length, streamed.length, 'a failed bundle streams nothing, not even its fee payers')
})
