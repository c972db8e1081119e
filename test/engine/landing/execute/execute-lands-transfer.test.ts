// execute on localnet, the real parts end to end: a signed transfer is simulated, approved, sent,
// lands and moves the balance; the tracking record compares what landed with what was predicted.
import t from 'tap'
import { generateKeyPairSigner, lamports, type Address } from '@solana/kit'
import { startStack } from '../../../helpers/stack.js'
import { buildTransaction, transferSol } from '../../../helpers/transactions.js'

t.test('an approved execute lands, moves the balance and matches its prediction', async (t) => {
  const stack = await startStack(t, { autoAdvance: true, geyser: true, engineEnv: { SEND_REBROADCAST_MS: '200' } })
  const payer = await generateKeyPairSigner()
  const receiver = await generateKeyPairSigner()
  stack.localnet.chain.airdrop(payer.address, 2_000_000_000n)
  const { value } = await stack.rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
  const bytes = await buildTransaction({
    feePayer: payer.address,
    blockhash: value.blockhash,
    instructions: [transferSol(payer.address, receiver.address, 100_000_000n)],
    signers: [payer],
  })
  const response = await stack.engine.execute(bytes, { tenantId: '11111111-1111-4111-8111-111111111111', waitConfirmation: true })
  t.equal(
    response.action,
    'submitted',
    `${response.reason}: ${JSON.stringify({ decision_reasons: response.decision_reasons, summary: response.summary })}`,
  )
  t.equal(response.route, 'direct_rpc')
  t.ok(response.signature)
  t.ok(['confirmed', 'finalized'].includes(response.confirmation ?? ''), `confirmation ${response.confirmation}`)
  t.type(response.slot, 'number')
  t.ok(response.attempts >= 1)
  // At confirmed, the level execute waited for: the transfer's slot is in that state already
  // (finalized, a read's default, would see it only 32 slots later).
  const balance = await stack.rpc<{ value: number }>('getBalance', [receiver.address as Address, { commitment: 'confirmed' }])
  t.equal(BigInt(balance.value), 100_000_000n, 'the receiver got the lamports')

  // The outcome is read once landed; poll the tracking record until it is there.
  let tracked = await stack.engine.getTransaction('11111111-1111-4111-8111-111111111111', response.signature as string)
  for (let i = 0; i < 50 && !tracked.outcome; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100))
    tracked = await stack.engine.getTransaction('11111111-1111-4111-8111-111111111111', response.signature as string)
  }
  t.ok(tracked.prediction, 'the prediction is kept')
  t.ok(tracked.outcome, 'the outcome is read')
  t.equal(tracked.outcome?.matched, true, JSON.stringify(tracked.outcome?.differences))
  t.equal(tracked.outcome?.landed_slot, response.slot)
  await t.rejects(stack.engine.getTransaction('22222222-2222-4222-8222-222222222222', response.signature as string), { code: 'not_found' })
  void lamports
})
