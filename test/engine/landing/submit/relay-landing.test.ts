// Landing through the bundle relay on localnet, the real parts end to end: execute's relay route and
// submit's managed_tip_bundle land as atomic bundles with a managed tip paid by the tip wallet, the
// tracking shows relay_bundle with the relay's bundle id, and what landed matches the prediction.
import t from 'tap'
import { generateKeyPairSigner, type Address } from '@solana/kit'
import { startStack, type Stack } from '../../../helpers/stack.js'
import { createStackTransfer } from '../../../helpers/stack-transfer.js'
import { buildTransaction, transferSol } from '../../../helpers/transactions.js'

const TENANT = '11111111-1111-4111-8111-111111111111'
const SOL = 1_000_000_000n

/** At processed, the newest state: what landed is counted at once (finalized, a read's default, sees it 32 slots later). */
const balance = async (stack: Stack, address: string) =>
  BigInt((await stack.rpc<{ value: number }>('getBalance', [address as Address, { commitment: 'processed' }])).value)

async function tipAccountsTotal(stack: Stack): Promise<bigint> {
  const accounts = (await stack.engine.getTips()).tip_accounts
  let total = 0n
  for (const account of accounts) total += await balance(stack, account)
  return total
}

async function waitForOutcome(stack: Stack, signature: string) {
  let tracked = await stack.engine.getTransaction(TENANT, signature)
  for (let i = 0; i < 100 && !tracked.outcome; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100))
    tracked = await stack.engine.getTransaction(TENANT, signature)
  }
  return tracked
}

t.test('execute with force_relay lands as a bundle with a managed tip, tracked on route relay_bundle', async (t) => {
  const stack = await startStack(t, { autoAdvance: true, geyser: true, relay: { rateLimit: 5 } })
  const { bytes, receiver } = await createStackTransfer(stack)
  const tipsBefore = await tipAccountsTotal(stack)
  const walletBefore = await balance(stack, stack.tipWallet as string)

  const response = await stack.engine.execute(bytes, {
    tenantId: TENANT,
    cardOnFile: true,
    policy: { force_relay: true },
    waitConfirmation: true,
  })
  t.equal(response.action, 'submitted', response.reason)
  t.equal(response.route, 'relay_bundle')
  t.match(response.relay_bundle_id, /^[0-9a-f]{64}$/, 'the relay answered its bundle id')
  t.ok(['confirmed', 'finalized'].includes(response.confirmation ?? ''), `confirmation ${response.confirmation}`)
  t.equal(await balance(stack, receiver.address), SOL / 10n, 'the transfer landed')

  const tracked = await waitForOutcome(stack, response.signature as string)
  t.equal(tracked.route, 'relay_bundle')
  t.equal(tracked.relay_bundle_id, response.relay_bundle_id)
  t.equal(tracked.strategy, null, 'execute names no strategy')
  const tip = BigInt(tracked.tip_lamports ?? '0')
  t.ok(tip >= 1_000n, `a managed tip of at least the floor was paid (${tip})`)
  t.equal(await tipAccountsTotal(stack), tipsBefore + tip, 'the tip accounts grew by the tip')
  t.equal(await balance(stack, stack.tipWallet as string), walletBefore - tip - 5_000n, 'the tip wallet paid the tip and its fee')
  t.equal(tracked.outcome?.matched, true, `prediction vs reality: ${JSON.stringify(tracked.outcome?.differences)}`)
  const bundle = stack.localnet.relay.getBundle(response.relay_bundle_id as string)
  t.equal(bundle?.signatures.length, 2, 'the bundle held the transaction and the tip transaction')
  t.equal(bundle?.signatures[0], response.signature, "the caller's transaction first")
})

t.test('submit managed_tip_bundle answers the lint, the tip and billable, and lands', async (t) => {
  const stack = await startStack(t, { autoAdvance: true, geyser: true, relay: { rateLimit: 5 } })
  const { bytes, receiver } = await createStackTransfer(stack)
  const response = await stack.engine.submit(bytes, {
    tenantId: TENANT,
    cardOnFile: true,
    strategy: 'managed_tip_bundle',
    tipLamports: 12_345,
    waitConfirmation: true,
  })
  t.equal(response.strategy, 'managed_tip_bundle')
  t.equal(response.route, 'relay_bundle')
  t.equal(response.tip_lamports, 12_345)
  t.equal(response.billable, true)
  t.equal(response.attempts, 1)
  t.same(
    response.bundle_lint.filter((entry) => !entry.ok),
    [],
    'every rule passed',
  )
  t.equal(response.bundle_lint.length, 10)
  t.ok(['confirmed', 'finalized'].includes(response.confirmation), response.confirmation)
  t.equal(await balance(stack, receiver.address), SOL / 10n)
  const tracked = await waitForOutcome(stack, response.signature)
  t.equal(tracked.kind, 'submit')
  t.equal(tracked.strategy, 'managed_tip_bundle')
  t.equal(tracked.tip_lamports, '12345')
  t.equal(tracked.outcome?.matched, true, JSON.stringify(tracked.outcome?.differences))

  const again = await stack.engine.submit(bytes, {
    tenantId: TENANT,
    cardOnFile: true,
    strategy: 'managed_tip_bundle',
    tipLamports: 12_345,
  })
  t.equal(again.bundle_id, response.bundle_id, "a repeat answers the first call's tracking")
  t.equal(stack.localnet.relay.getCounts().methods.sendBundle, 1, 'and sends nothing')
})

t.test('without a relay or a tip wallet the bundle routes refuse with 503 relay_unavailable, sending nothing', async (t) => {
  const noRelay = await startStack(t, { autoAdvance: true })
  const { bytes } = await createStackTransfer(noRelay)
  await t.rejects(noRelay.engine.submit(bytes, { cardOnFile: true, strategy: 'managed_tip_bundle' }), {
    code: 'relay_unavailable',
    message: /RELAY_URL/,
  })
  await t.rejects(noRelay.engine.execute(bytes, { cardOnFile: true, policy: { force_relay: true } }), { code: 'relay_unavailable' })
  await t.rejects(noRelay.engine.submit(bytes, { cardOnFile: true, strategy: 'staked_sender' }), {
    code: 'relay_unavailable',
    message: /SEND_STAKED_RPC_URLS/,
  })

  const noWallet = await startStack(t, { autoAdvance: true, relay: { tipWallet: false } })
  const second = await createStackTransfer(noWallet)
  await t.rejects(noWallet.engine.submit(second.bytes, { cardOnFile: true, strategy: 'managed_tip_bundle' }), {
    code: 'relay_unavailable',
    message: /TIP_WALLET_KEYPAIR/,
  })
  t.equal(noWallet.localnet.relay.getCounts().methods.sendBundle ?? 0, 0)
})

t.test("execute's relay route uses the transaction's own tip when it pays one: a bundle of one, no managed tip", async (t) => {
  const stack = await startStack(t, { autoAdvance: true, geyser: true, relay: { rateLimit: 5 } })
  const tipAccount = (await stack.engine.getTips()).tip_accounts[0] as Address
  const payer = await generateKeyPairSigner()
  const receiver = await generateKeyPairSigner()
  stack.localnet.chain.airdrop(payer.address, 2n * SOL)
  const { value } = await stack.rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
  const bytes = await buildTransaction({
    feePayer: payer.address,
    blockhash: value.blockhash,
    instructions: [transferSol(payer.address, receiver.address, SOL / 10n), transferSol(payer.address, tipAccount, 20_000n)],
    signers: [payer],
  })
  const walletBefore = await balance(stack, stack.tipWallet as string)
  const tipBefore = await balance(stack, tipAccount)
  const response = await stack.engine.execute(bytes, {
    tenantId: TENANT,
    cardOnFile: true,
    policy: { force_relay: true },
    waitConfirmation: true,
  })
  t.equal(response.route, 'relay_bundle', response.reason)
  t.ok(['confirmed', 'finalized'].includes(response.confirmation ?? ''), `confirmation ${response.confirmation}`)
  t.equal(stack.localnet.relay.getBundle(response.relay_bundle_id as string)?.signatures.length, 1, 'the transaction alone')
  t.equal(await balance(stack, tipAccount), tipBefore + 20_000n, 'its own tip was paid')
  t.equal(await balance(stack, stack.tipWallet as string), walletBefore, 'the tip wallet paid nothing')
  const tracked = await stack.engine.getTransaction(TENANT, response.signature as string)
  t.equal(tracked.tip_lamports, null, 'no managed tip is billed')
})
