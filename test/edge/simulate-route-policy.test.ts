// The simulate route's `policy` over REST: presets and objects reach the verdict, and every bad
// policy is a 422 validation_error that names the field (schema first, the engine's checks after).
import t from 'tap'
import { generateKeyPairSigner } from '@solana/kit'
import type { SimulateResponse } from '../../engine/contract/simulate-response.js'
import { startStack } from '../helpers/stack.js'
import { buildTransaction, toBase64, transferSol } from '../helpers/transactions.js'
import { assertErrorEnvelope, createTestEdgeWithUser, getJson, postSimulate } from '../helpers/edge-inject.js'

t.test('policy over REST', async (t) => {
  const stack = await startStack(t)
  const { app } = await createTestEdgeWithUser(t, stack)
  const payer = await generateKeyPairSigner()
  await stack.rpc('requestAirdrop', [payer.address, 2_000_000_000])
  const { value } = await stack.rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
  const transaction = toBase64(
    await buildTransaction({
      feePayer: payer.address,
      blockhash: value.blockhash,
      instructions: [transferSol(payer.address, (await generateKeyPairSigner()).address, 10_000_000n)],
    }),
  )

  t.test('a policy decides the verdict, naming the rule', async (t) => {
    const approved = getJson<SimulateResponse>(await postSimulate(app, { transaction, policy: 'strict' }))
    t.equal(approved?.decision, 'approve')
    t.same(approved?.decision_reasons, [])
    const blocked = getJson<SimulateResponse>(await postSimulate(app, { transaction, policy: { max_fee_sol: 0.000001 } }))
    t.equal(blocked?.decision, 'block')
    t.same(blocked?.decision_reasons, [{ rule: 'max_fee_sol', message: 'the fee of 0.000005 SOL is above 0.000001' }])
    const units = getJson<SimulateResponse>(
      await postSimulate(app, { transaction, policy: { preset: 'permissive', max_compute_units: 100 } }),
    )
    t.same(
      units?.decision_reasons.map((reason) => reason.rule),
      ['max_compute_units'],
    )
  })

  t.test('bad policies: 422 validation_error naming the field, never a 500', async (t) => {
    const bad: Array<[unknown, RegExp]> = [
      ['aggressive', /^policy: must be equal to one of the allowed values/],
      // The schema is a oneOf (a preset name or an object): a value of neither type hears both.
      [[], /^policy: must be string or object$/],
      [42, /^policy: must be string or object$/],
      [null, /^policy: must be string or object$/],
      [{ max_mev_score: 2 }, /^policy\.max_mev_score: must be <= 1/],
      [{ max_risk_level: 'extreme' }, /^policy\.max_risk_level: must be equal to one of the allowed values/],
      [{ unknown_rule: true }, /^policy\.unknown_rule: is not a known field/],
      [{ max_slippage_bps: '50' }, /^policy\.max_slippage_bps: must be integer,null/],
      [{ max_slippage_bps: 1.5 }, /^policy\.max_slippage_bps: must be integer,null/],
      [{ block_token_flags: ['Rug Pull'] }, /^policy\.block_token_flags\.0: must match pattern/],
      [{ preset: 'lax' }, /^policy\.preset: must be equal to one of the allowed values/],
    ]
    for (const [policy, message] of bad) {
      const response = await postSimulate(app, { transaction, policy })
      const error = assertErrorEnvelope(t, response, 'validation_error', JSON.stringify(policy))
      t.match(error?.message, message, `${JSON.stringify(policy)}: the message names it`)
    }
  })
})
