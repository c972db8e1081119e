// The relay's sendTransaction (/api/v1/transactions): with bundleOnly a one-transaction bundle
// (x-bundle-id, lands at the next slot only if it succeeds); without it, localnet RPC's own send.
import { createHash } from 'node:crypto'
import { address, getBase58Decoder } from '@solana/kit'
import t from 'tap'
import { createDemoWalletSigners, DEMO_WALLETS } from '../../localnet/seed/demo-state.js'
import { startTestLocalnet } from '../helpers/localnet-start.js'
import { buildTransfer, toBase64 } from '../helpers/localnet-transactions.js'
import { callRelay, postRelay } from '../helpers/relay-client.js'

const RECIPIENT = address('7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU')
const base58 = getBase58Decoder()
/** What landed is read at processed: it is in the open slot, which confirmed does not see yet. */
const processed = { commitment: 'processed' }

t.test('bundleOnly=true: the signature, the bundle id in x-bundle-id, and it lands at the next slot', async (t) => {
  const localnet = await startTestLocalnet(t, { LOCALNET_RELAY_RATE_LIMIT: '0', LOCALNET_RELAY_READ_RATE_LIMIT: '0' })
  const [alice] = await createDemoWalletSigners()
  const blockhash = localnet.chain.getLatestBlockhash().blockhash
  const bytes = await buildTransfer({ from: alice!, to: RECIPIENT, lamports: 4_000_000n, blockhash })
  const signature = base58.decode(bytes.subarray(1, 65))
  const sent = await callRelay(localnet.relayUrl, 'sendTransaction', [toBase64(bytes), { encoding: 'base64' }], {
    path: '/api/v1/transactions?bundleOnly=true',
  })
  t.equal(sent.status, 200)
  t.equal(sent.body.result, signature, 'the result is the signature')
  const bundleId = sent.headers.get('x-bundle-id')
  t.equal(bundleId, createHash('sha256').update(signature).digest('hex'), 'x-bundle-id: the id of the one-transaction bundle')
  t.same((await localnet.call('getSignatureStatuses', [[signature]])).result.value, [null], 'not before the next slot')

  localnet.chain.advanceSlot()
  t.equal((await localnet.call('getBalance', [RECIPIENT, processed])).result.value, 4_000_000, 'landed')
  t.equal((await localnet.call('getSignatureStatuses', [[signature]])).result.value[0].slot, Number(localnet.chain.getSlot()))
  const status = await callRelay(localnet.relayUrl, 'getInflightBundleStatuses', [[bundleId]])
  t.equal(status.body.result.value[0].status, 'Landed', 'its bundle id answers the status methods')
  t.same(localnet.sends.getCounts(), { received: 0, dropped: 0, landed: 0 }, 'not through the RPC send ingress')
})

t.test('bundleOnly=true protects from reverts: a failing transaction lands nothing, not even its fee', async (t) => {
  const localnet = await startTestLocalnet(t, { LOCALNET_RELAY_RATE_LIMIT: '0', LOCALNET_RELAY_READ_RATE_LIMIT: '0' })
  const [, bob] = await createDemoWalletSigners()
  const blockhash = localnet.chain.getLatestBlockhash().blockhash
  const bytes = await buildTransfer({ from: bob!, to: RECIPIENT, lamports: 10n ** 18n, blockhash })
  const before = (await localnet.call('getBalance', [DEMO_WALLETS[1], processed])).result.value
  const sent = await callRelay(localnet.relayUrl, 'sendTransaction', [toBase64(bytes), { encoding: 'base64' }], {
    path: '/api/v1/transactions?bundleOnly=true',
  })
  t.type(sent.body.result, 'string', 'accepted (signatures verify; it fails only when it runs)')
  localnet.chain.advanceSlot()
  const statuses = await callRelay(localnet.relayUrl, 'getBundleStatuses', [[sent.headers.get('x-bundle-id')]])
  t.same(statuses.body.result.value[0].err, { Err: { InstructionError: [0, { Custom: 1 }] } }, 'its bundle failed')
  t.equal((await localnet.call('getBalance', [DEMO_WALLETS[1], processed])).result.value, before, 'no fee charged')
  t.same((await localnet.call('getSignatureStatuses', [[sent.body.result]])).result.value, [null], 'no status')
})

t.test("without bundleOnly: localnet RPC's sendTransaction, preflight skipped, drop rate applied", async (t) => {
  const localnet = await startTestLocalnet(t, { LOCALNET_RELAY_RATE_LIMIT: '0', LOCALNET_RELAY_READ_RATE_LIMIT: '0' })
  const [alice, bob] = await createDemoWalletSigners()
  const blockhash = localnet.chain.getLatestBlockhash().blockhash
  const bytes = await buildTransfer({ from: alice!, to: RECIPIENT, lamports: 5_000_000n, blockhash })
  const sent = await postRelay(localnet.relayUrl, '/api/v1/transactions', {
    jsonrpc: '2.0',
    id: 4,
    method: 'sendTransaction',
    params: [toBase64(bytes), { encoding: 'base64' }],
  })
  t.equal(sent.body.result, base58.decode(bytes.subarray(1, 65)))
  t.equal(sent.headers.get('x-bundle-id'), null, 'no bundle id')
  t.equal(
    (await localnet.call('getBalance', [RECIPIENT, processed])).result.value,
    5_000_000,
    'landed at once, in the open slot, as a send does',
  )

  // Jito's sendTransaction always skips preflight: a failing transaction lands, fee charged.
  const overdrawn = await buildTransfer({ from: bob!, to: RECIPIENT, lamports: 10n ** 18n, blockhash })
  const failed = await callRelay(localnet.relayUrl, 'sendTransaction', [toBase64(overdrawn), { encoding: 'base64' }])
  t.type(failed.body.result, 'string', 'answered with the signature, no preflight error')
  t.match((await localnet.call('getSignatureStatuses', [[failed.body.result]])).result.value[0].err, {
    InstructionError: [0, { Custom: 1 }],
  })

  localnet.sends.setDropRate(1)
  const lost = await buildTransfer({ from: alice!, to: RECIPIENT, lamports: 6_000_000n, blockhash })
  const dropped = await callRelay(localnet.relayUrl, 'sendTransaction', [toBase64(lost), { encoding: 'base64' }])
  t.type(dropped.body.result, 'string')
  t.same((await localnet.call('getSignatureStatuses', [[dropped.body.result]])).result.value, [null], 'dropped like any send')
  t.same(localnet.sends.getCounts(), { received: 3, dropped: 1, landed: 2 }, 'counted by the RPC send ingress')
})
