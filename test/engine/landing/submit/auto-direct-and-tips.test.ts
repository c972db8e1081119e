// auto_direct stays direct when the direct send lands and escalates to a managed-tip bundle when it
// does not (localnet dropping every sendTransaction); the tip floor is what landed bundles tipped,
// computed here directly from the tips paid.
import t from 'tap'
import { generateKeyPairSigner, type Address } from '@solana/kit'
import { startStack } from '../../../helpers/stack.js'
import { createStackTransfer } from '../../../helpers/stack-transfer.js'
import { buildTransaction, transferSol } from '../../../helpers/transactions.js'

const TENANT = '11111111-1111-4111-8111-111111111111'
const SOL = 1_000_000_000n

t.test('auto_direct: direct when it lands, a managed-tip bundle when it does not', async (t) => {
  const stack = await startStack(t, { autoAdvance: true, geyser: true, relay: { rateLimit: 5 }, engineEnv: { AUTO_DIRECT_SLOTS: '3' } })

  const calm = await createStackTransfer(stack)
  const direct = await stack.engine.submit(calm.bytes, {
    tenantId: TENANT,
    cardOnFile: true,
    strategy: 'auto_direct',
    waitConfirmation: true,
  })
  t.equal(direct.route, 'direct_rpc', 'landed directly')
  t.equal(direct.bundle_id, null)
  t.equal(direct.tip_lamports, null, 'no tip paid')
  t.equal(direct.billable, false)
  t.ok(['confirmed', 'finalized'].includes(direct.confirmation), direct.confirmation)
  t.equal(stack.localnet.relay.getCounts().methods.sendBundle ?? 0, 0, 'the relay was not used')

  stack.localnet.sends.setDropRate(1)
  const congested = await createStackTransfer(stack)
  const escalated = await stack.engine.submit(congested.bytes, {
    tenantId: TENANT,
    cardOnFile: true,
    strategy: 'auto_direct',
    waitConfirmation: true,
  })
  t.equal(escalated.route, 'relay_bundle', 'escalated to a bundle')
  t.match(escalated.bundle_id, /^[0-9a-f]{64}$/)
  t.ok((escalated.tip_lamports ?? 0) >= 1_000, `a managed tip (${escalated.tip_lamports})`)
  t.equal(escalated.billable, false, 'auto_direct is free; the tip passes through at cost')
  t.ok(escalated.attempts >= 2, `the direct send and the bundle (${escalated.attempts})`)
  t.ok(['confirmed', 'finalized'].includes(escalated.confirmation), escalated.confirmation)
  // At confirmed, the level submit waited for (finalized, a read's default, would see it 32 slots later).
  const received = await stack.rpc<{ value: number }>('getBalance', [congested.receiver.address, { commitment: 'confirmed' }])
  t.equal(received.value, Number(SOL / 10n), 'it landed')
  t.ok(stack.localnet.sends.getCounts().dropped >= 1, 'the direct sends were dropped')
  const tracked = await stack.engine.getTransaction(TENANT, escalated.signature)
  t.equal(tracked.route, 'relay_bundle')
  t.equal(tracked.strategy, 'auto_direct')
  t.equal(tracked.relay_bundle_id, escalated.bundle_id)
  t.equal(tracked.tip_lamports, String(escalated.tip_lamports))
})

t.test('auto_direct without a card: never escalated (the tip wallet pays nothing for the free plan), answered as direct', async (t) => {
  const stack = await startStack(t, { autoAdvance: true, geyser: true, relay: { rateLimit: 5 }, engineEnv: { AUTO_DIRECT_SLOTS: '3' } })
  // At processed, the newest state: a tip paid in the last slots would show (at finalized, a read's
  // default, not for 32 slots, longer than this test waits).
  const walletBalance = async () =>
    BigInt((await stack.rpc<{ value: number }>('getBalance', [stack.tipWallet, { commitment: 'processed' }])).value)
  const walletBefore = await walletBalance()
  stack.localnet.sends.setDropRate(1)
  const congested = await createStackTransfer(stack)
  const answer = await stack.engine.submit(congested.bytes, { tenantId: TENANT, strategy: 'auto_direct' })
  t.equal(answer.route, 'direct_rpc', 'left on the direct route')
  t.equal(answer.bundle_id, null)
  t.equal(answer.tip_lamports, null)
  t.equal(answer.confirmation, 'pending', 'answered at once, still being rebroadcast')
  // A tip asked for changes nothing for a plan that pays none (it is not checked against a cap of 0).
  const asked = await stack.engine.submit((await createStackTransfer(stack)).bytes, {
    tenantId: TENANT,
    strategy: 'auto_direct',
    tipLamports: 5_000,
  })
  t.equal(asked.route, 'direct_rpc')
  // Past the escalation's slots: still nothing sent to the relay, nothing paid.
  await new Promise((resolve) => setTimeout(resolve, 2_000))
  t.equal((await stack.engine.getTransaction(TENANT, answer.signature)).route, 'direct_rpc', 'the tracking was not escalated either')
  t.equal(stack.localnet.relay.getCounts().methods.sendBundle ?? 0, 0, 'the relay was not used')
  t.equal(await walletBalance(), walletBefore, 'the tip wallet paid nothing')
})

t.test("auto_direct past the day's tip cap: not escalated, answered as direct, nothing more paid", async (t) => {
  const stack = await startStack(t, {
    autoAdvance: true,
    geyser: true,
    relay: { rateLimit: 5 },
    engineEnv: { AUTO_DIRECT_SLOTS: '3', MANAGED_TIP_DAILY_LAMPORTS: '1000' },
  })
  stack.localnet.sends.setDropRate(1)
  // The first escalation pays the floor's 1,000: the whole day.
  const first = await stack.engine.submit((await createStackTransfer(stack)).bytes, {
    tenantId: TENANT,
    cardOnFile: true,
    strategy: 'auto_direct',
  })
  t.equal(first.route, 'relay_bundle', 'the first escalates')
  t.equal(first.tip_lamports, 1_000)
  const second = await stack.engine.submit((await createStackTransfer(stack)).bytes, {
    tenantId: TENANT,
    cardOnFile: true,
    strategy: 'auto_direct',
  })
  t.equal(second.route, 'direct_rpc', 'the second stays direct')
  t.equal(second.tip_lamports, null)
  t.equal(second.confirmation, 'pending', 'still being rebroadcast')
  t.equal(stack.localnet.relay.getCounts().methods.sendBundle, 1, 'one bundle in all')
})

t.test('the tip floor equals a direct computation over the tips landed', async (t) => {
  const stack = await startStack(t, { autoAdvance: true, geyser: true, relay: { rateLimit: 20 } })
  const empty = await stack.engine.getTips()
  t.equal(empty.tip_accounts.length, 8, "the relay's tip accounts")
  t.equal(empty.sample_count, 0)
  t.equal(empty.p50, null)
  t.equal(empty.floor_lamports, 1_000, "without samples, the relay's minimum")

  // Each paid by a wallet of its own, in its own transaction (a bundle of one through send's
  // use_relay): the tip wallet's managed tips are not samples (tip-floor-window.test.ts).
  // Ascending, so each stays at or above the floor the earlier ones raise.
  const tips = [1_000, 1_500, 2_000, 4_000, 5_000, 8_000, 13_000, 21_000, 34_000, 55_000]
  for (const tip of tips) {
    const { bytes } = await createStackTransfer(stack, {
      tip: { account: empty.tip_accounts[tips.indexOf(tip) % 8] as string, lamports: BigInt(tip) },
    })
    const sent = await stack.engine.send(bytes, { tenantId: TENANT, useRelay: true, waitConfirmation: true })
    t.ok(['confirmed', 'finalized'].includes(sent.confirmation), `a tip of ${tip} landed (${sent.confirmation})`)
  }
  let floor = await stack.engine.getTips()
  for (let i = 0; i < 100 && floor.sample_count < tips.length; i++) {
    await new Promise((resolve) => setTimeout(resolve, 50))
    floor = await stack.engine.getTips()
  }
  t.equal(floor.sample_count, tips.length, 'every landed tip is a sample')
  const sorted = [...tips].sort((a, b) => a - b)
  const nearestRank = (p: number) => sorted[Math.ceil((p / 100) * sorted.length) - 1]
  t.same(
    { p25: floor.p25, p50: floor.p50, p75: floor.p75, p95: floor.p95, p99: floor.p99 },
    { p25: nearestRank(25), p50: nearestRank(50), p75: nearestRank(75), p95: nearestRank(95), p99: nearestRank(99) },
  )
  t.equal(floor.floor_lamports, Math.max(1_000, nearestRank(25) as number))

  // A simulate of a bundle-bound transaction (it pays a tip account) answers the floor beside its own tip.
  const tipper = await generateKeyPairSigner()
  stack.localnet.chain.airdrop(tipper.address, SOL)
  const { value } = await stack.rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
  const bound = await buildTransaction({
    feePayer: tipper.address,
    blockhash: value.blockhash,
    instructions: [transferSol(tipper.address, floor.tip_accounts[0] as Address, 7_000n)],
    signers: [tipper],
  })
  const simulated = await stack.engine.simulate(bound)
  t.equal(simulated.tip_lamports, 7_000)
  t.same(simulated.tips, floor)
  const plain = await createStackTransfer(stack)
  t.equal((await stack.engine.simulate(plain.bytes)).tips, null, 'a transaction paying no tip account gets none')

  // The default managed tip is p75 of what landed.
  const { bytes } = await createStackTransfer(stack)
  const defaulted = await stack.engine.submit(bytes, {
    tenantId: TENANT,
    cardOnFile: true,
    strategy: 'managed_tip_bundle',
    waitConfirmation: true,
  })
  t.equal(defaulted.tip_lamports, nearestRank(75))
  t.ok(['confirmed', 'finalized'].includes(defaulted.confirmation), 'the managed tip landed too')
  // Landed, and yet not a sample: the tip wallet's tips follow the floor, they do not set it.
  await new Promise((resolve) => setTimeout(resolve, 300))
  t.equal((await stack.engine.getTips()).sample_count, tips.length, "the tip wallet's own tip is not counted")
})
