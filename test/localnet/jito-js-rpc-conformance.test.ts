/**
 * Jito's own JSON-RPC client, `jito-js-rpc` (what a bot reaches the block engine with), against
 * localnet's relay with its default limits (1 submission a second, 5 reads): tip accounts, a bundle
 * in base64 and one in base58 that land, `confirmInflightBundle` reporting the landing (it reads
 * the detailed status right after the in-flight one says Landed), both status reads, a bundle whose
 * transaction fails landing nothing, and the block engine's 429 body on a second submission within
 * the second. A bundle client speaking the block engine's gRPC searcher API (jito-ts) is not served:
 * docs/relay.md.
 */
import { address, generateKeyPairSigner, getBase58Decoder } from '@solana/kit'
import { JitoJsonRpcClient } from 'jito-js-rpc'
import t from 'tap'
import { JITO_TIP_ACCOUNTS } from '../../localnet/relay/tip-accounts.js'
import { createDemoWalletSigners } from '../../localnet/seed/demo-state.js'
import { startTestLocalnet } from '../helpers/localnet-start.js'
import { buildTransfer, toBase64 } from '../helpers/localnet-transactions.js'

const base58 = getBase58Decoder()
const RECIPIENT = address('7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU')
/** The client waits 2 s between polls; a bundle lands at the next slot. */
const CONFIRM_TIMEOUT_MS = 20_000

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

t.test('jito-js-rpc against the relay: tips, bundles in both encodings, confirmation, statuses, refusals', async (t) => {
  const localnet = await startTestLocalnet(t, { LOCALNET_SLOT_MS: '200' }, { autoAdvance: true })
  const client = new JitoJsonRpcClient(`${localnet.relayUrl}/api/v1`, '')
  const [alice] = await createDemoWalletSigners()
  if (!alice) throw new Error('no demo wallet')

  const tips = await client.getTipAccounts()
  t.same(tips.result, JITO_TIP_ACCOUNTS, 'getTipAccounts: the 8 tip accounts')
  const tipAccount = await client.getRandomTipAccount()
  t.ok((JITO_TIP_ACCOUNTS as readonly string[]).includes(tipAccount), 'getRandomTipAccount picks one of them')

  /** A signed transfer to RECIPIENT and a tip from a fresh wallet alice funds: the two transactions of a bundle. */
  const buildBundle = async (lamports: bigint) => {
    const payer = await generateKeyPairSigner()
    const blockhash = localnet.chain.getLatestBlockhash().blockhash
    const fund = await buildTransfer({ from: alice, to: payer.address, lamports: 100_000_000n, blockhash })
    const transfer = await buildTransfer({ from: payer, to: RECIPIENT, lamports, blockhash })
    const tip = await buildTransfer({ from: payer, to: address(tipAccount), lamports: 10_000n, blockhash })
    return [fund, transfer, tip]
  }
  // At processed: a bundle reported Landed may still be in the open slot, which confirmed does not see yet.
  const balance = async () => BigInt((await localnet.call('getBalance', [RECIPIENT, { commitment: 'processed' }])).result.value)

  const before = await balance()
  const base64Bundle = await buildBundle(1_000_000n)
  const sent = await client.sendBundle([base64Bundle.map(toBase64), { encoding: 'base64' }])
  t.type(sent.result, 'string', 'sendBundle (base64): a bundle id')
  const confirmed = await client.confirmInflightBundle(sent.result as string, CONFIRM_TIMEOUT_MS)
  t.match(
    confirmed,
    { bundle_id: sent.result, transactions: base64Bundle.map((bytes) => base58.decode(bytes.subarray(1, 65))), err: { Ok: null } },
    'confirmInflightBundle: the detailed status of the landed bundle, not a Timeout',
  )
  t.match((confirmed as { confirmation_status?: string }).confirmation_status, /^(processed|confirmed|finalized)$/)
  t.equal(await balance(), before + 1_000_000n, 'the transfer landed')

  await sleep(1_100)
  const base58Bundle = await buildBundle(2_000_000n)
  const sent58 = await client.sendBundle([base58Bundle.map((bytes) => base58.decode(bytes))])
  t.type(sent58.result, 'string', 'sendBundle (base58, the default encoding): a bundle id')
  const landed = await client.confirmInflightBundle(sent58.result as string, CONFIRM_TIMEOUT_MS)
  t.match(landed, { bundle_id: sent58.result }, 'confirmed too')
  const inflight = await client.getInFlightBundleStatuses([[sent.result as string, sent58.result as string]])
  t.match(
    inflight.result?.value,
    [
      { bundle_id: sent.result, status: 'Landed' },
      { bundle_id: sent58.result, status: 'Landed' },
    ],
    'getInflightBundleStatuses: both Landed',
  )
  const statuses = await client.getBundleStatuses([[sent.result as string]])
  t.match(statuses.result?.value, [{ bundle_id: sent.result }], 'getBundleStatuses')
  t.equal(await balance(), before + 3_000_000n)

  // A bundle whose middle transaction fails (it moves more than the payer holds): nothing lands.
  await sleep(1_100)
  const failing = await buildBundle(500_000_000n)
  const sentFailing = await client.sendBundle([failing.map(toBase64), { encoding: 'base64' }])
  const failed = await client.confirmInflightBundle(sentFailing.result as string, CONFIRM_TIMEOUT_MS)
  t.match(failed, { bundle_id: sentFailing.result, status: 'Failed' }, 'confirmInflightBundle: Failed')
  t.equal(await balance(), before + 3_000_000n, 'nothing of the failed bundle landed')

  // A second submission within the second: the block engine's 429, which the client throws.
  await sleep(1_100)
  await client.sendBundle([(await buildBundle(1n)).map(toBase64), { encoding: 'base64' }])
  // The client rethrows axios's error, which carries the HTTP answer.
  const refused = (await client.sendBundle([(await buildBundle(1n)).map(toBase64), { encoding: 'base64' }]).then(
    () => undefined,
    (error: unknown) => error,
  )) as { response?: { status: number; data: unknown } } | undefined
  t.equal(refused?.response?.status, 429, 'the second submission is refused')
  t.same(refused?.response?.data, {
    jsonrpc: '2.0',
    error: { code: -32097, message: 'Rate limit exceeded. Limit: 1 per second for txn requests' },
    id: 1,
  })
})
