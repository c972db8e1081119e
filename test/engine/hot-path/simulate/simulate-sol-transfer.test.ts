import t from 'tap'
import { generateKeyPairSigner } from '@solana/kit'
import { startStack } from '../../../helpers/stack.js'
import { buildTransaction, transferSol } from '../../../helpers/transactions.js'

t.test('an unsigned v0 SOL transfer simulates against localnet state', async (t) => {
  const { engine, rpc } = await startStack(t)
  const payer = await generateKeyPairSigner()
  const recipient = await generateKeyPairSigner()
  await rpc('requestAirdrop', [payer.address, 2_000_000_000])
  const { value } = await rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
  const bytes = await buildTransaction({
    feePayer: payer.address,
    blockhash: value.blockhash,
    instructions: [transferSol(payer.address, recipient.address, 1_000_000n)],
  })
  t.ok(
    bytes.subarray(1, 65).every((b) => b === 0),
    'signature slot is zero',
  )

  const response = await engine.simulate(bytes)
  t.equal(response.success, true, response.failure_reason ?? '')
  t.equal(response.compute_units, 150)
  t.equal(response.fee_estimate_sol, 0.000005)
  t.equal(response.fee_details?.total_fee_lamports, 5000)
  t.equal(response.decision, 'approve')
  t.equal(response.risk.risk_level, 'safe')
  t.equal(response.failure_code, null)
  t.match(response.call_tree, [{ program_id: '11111111111111111111111111111111', depth: 1, compute_units: 150, success: true }])
  t.same(response.program_breakdown, [{ program_id: '11111111111111111111111111111111', compute_units: 150, invocations: 1 }])
  const payerChange = response.balance_changes.find((change) => change.account === payer.address)
  const recipientChange = response.balance_changes.find((change) => change.account === recipient.address)
  t.same(payerChange, {
    account: payer.address,
    mint: null,
    owner: null,
    decimals: 9,
    pre: '2000000000',
    post: String(2_000_000_000 - 1_000_000 - 5000),
    delta: String(-1_005_000),
  })
  t.same(recipientChange, { account: recipient.address, mint: null, owner: null, decimals: 9, pre: '0', post: '1000000', delta: '1000000' })
  t.ok(response.context_slot > 0)
  t.equal(response.suggested_compute_limit, 1000)

  const cacheCalls = engine.cache.stats.rpcCalls
  const again = await engine.simulate(bytes)
  t.equal(again.success, true)
  t.equal(engine.cache.stats.rpcCalls, cacheCalls, 'a warm simulate makes no RPC call')
})

t.test('a legacy transfer simulates too', async (t) => {
  const { engine, rpc } = await startStack(t)
  const payer = await generateKeyPairSigner()
  await rpc('requestAirdrop', [payer.address, 1_000_000_000])
  const { value } = await rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
  const bytes = await buildTransaction({
    version: 'legacy',
    feePayer: payer.address,
    blockhash: value.blockhash,
    instructions: [transferSol(payer.address, (await generateKeyPairSigner()).address, 5_000_000n)],
  })
  t.equal(bytes[65]! & 0x80, 0, 'legacy message (no version prefix)')
  const response = await engine.simulate(bytes)
  t.equal(response.success, true, response.failure_reason ?? '')
  t.equal(response.compute_units, 150)
})

t.test('a transaction sent with no signature entries at all (empty slots) simulates like a zeroed one', async (t) => {
  const { engine, rpc } = await startStack(t)
  const payer = await generateKeyPairSigner()
  await rpc('requestAirdrop', [payer.address, 1_000_000_000])
  const { value } = await rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
  for (const version of [0, 'legacy'] as const) {
    const zeroed = await buildTransaction({
      version,
      feePayer: payer.address,
      blockhash: value.blockhash,
      instructions: [transferSol(payer.address, (await generateKeyPairSigner()).address, 1_000_000n)],
    })
    t.equal(zeroed[0], 1, 'one signature slot')
    // The message alone behind a zero count: what "empty signature slots" look like on the wire.
    const empty = new Uint8Array([0, ...zeroed.subarray(65)])
    const response = await engine.simulate(empty)
    t.equal(response.success, true, `${version}: ${response.failure_reason ?? ''}`)
    t.equal(response.compute_units, 150)
    t.equal(response.fee_details?.signatures, 1, 'the fee still counts the required signature')
  }
})
