// execute with real token state (mint, associated accounts, balances made by setup transactions):
// a token transfer's prediction matches what landed, token balances included; a blocked execute
// and a failing one are answered without anything being sent.
import t from 'tap'
import { generateKeyPairSigner } from '@solana/kit'
import { getTransferInstruction } from '@solana-program/token'
import { createCaseContext } from '../../../cases/case-context.js'
import { createAta, createMint, mintTo } from '../../../cases/token-setup.js'
import { toTestLocalnet } from '../../../helpers/localnet-start.js'
import { startStack } from '../../../helpers/stack.js'
import { transferSol } from '../../../helpers/transactions.js'

const TENANT = '33333333-3333-4333-8333-333333333333'

t.test('a token transfer lands and its outcome matches the prediction, token balances included', async (t) => {
  const stack = await startStack(t, { autoAdvance: true, geyser: true })
  const context = createCaseContext(toTestLocalnet(stack.localnet))
  const owner = await context.fund()
  const recipient = await context.createKey()
  const mint = await createMint(context, { payer: owner, authority: owner.address, decimals: 6 })
  const source = await createAta(context, owner, owner.address, mint)
  const destination = await createAta(context, owner, recipient.address, mint)
  await mintTo(context, { mint, authority: owner, account: source, amount: 5_000_000n })

  const bytes = await context.compile({
    feePayer: owner.address,
    instructions: [getTransferInstruction({ source, destination, authority: owner, amount: 1_250_000n })],
    signers: [owner],
  })
  const response = await stack.engine.execute(bytes, { tenantId: TENANT, waitConfirmation: true })
  t.equal(response.action, 'submitted', response.reason)
  let tracked = await stack.engine.getTransaction(TENANT, response.signature as string)
  for (let i = 0; i < 50 && !tracked.outcome; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100))
    tracked = await stack.engine.getTransaction(TENANT, response.signature as string)
  }
  const tokenChanges = tracked.prediction?.balance_changes.filter((change) => change.mint === mint) ?? []
  t.same(
    tokenChanges.map((change) => [change.account, change.delta]).sort(),
    [
      [destination, '1250000'],
      [source, '-1250000'],
    ].sort(),
    'the prediction holds both token accounts',
  )
  t.equal(tracked.outcome?.matched, true, JSON.stringify(tracked.outcome?.differences))
})

t.test('blocked and failing executes send nothing', async (t) => {
  const stack = await startStack(t, { autoAdvance: true })
  const context = createCaseContext(toTestLocalnet(stack.localnet))
  const payer = await context.fund(1_000_000_000n)
  const receiver = await generateKeyPairSigner()

  const tooMuch = await context.compile({
    feePayer: payer.address,
    instructions: [transferSol(payer.address, receiver.address, 5_000_000_000n)],
    signers: [payer],
  })
  const receivedBefore = stack.localnet.sends.getCounts().received
  const failed = await stack.engine.execute(tooMuch, { tenantId: TENANT })
  t.equal(failed.action, 'simulation_failed')
  t.equal(failed.route, 'none')
  t.equal(failed.simulation_success, false)
  t.equal(failed.signature, null)
  t.equal(failed.attempts, 0)
  t.match(failed.reason, /insufficient|lamports|funds|balance/i, failed.reason)

  const fine = await context.compile({
    feePayer: payer.address,
    instructions: [transferSol(payer.address, receiver.address, 10_000_000n)],
    signers: [payer],
  })
  const blocked = await stack.engine.execute(fine, { tenantId: TENANT, policy: { max_compute_units: 1 } })
  t.equal(blocked.action, 'blocked')
  t.equal(blocked.route, 'none')
  t.equal(blocked.simulation_success, true)
  t.equal(blocked.policy_applied.max_compute_units, 1, 'policy_applied holds the effective values')
  t.equal(blocked.policy_applied.max_risk_level, 'high', 'and the defaults beside them')
  t.ok(
    blocked.decision_reasons.some((reason) => reason.rule === 'max_compute_units'),
    JSON.stringify(blocked.decision_reasons),
  )
  t.ok(blocked.summary.length > 0, 'the human-readable summary')

  t.equal(stack.engine.tracker.size, 0, 'nothing tracked')
  t.equal(stack.localnet.sends.getCounts().received, receivedBefore, 'localnet received no sendTransaction')
  // At processed, the newest state: at finalized (a read's default) a landing would not show yet either.
  const balance = await stack.rpc<{ value: number }>('getBalance', [receiver.address, { commitment: 'processed' }])
  t.equal(balance.value, 0, 'nothing landed')
})
