// priority_fees come from getRecentPrioritizationFees, sampled in the background.
import t from 'tap'
import { type Address, createKeyPairSignerFromPrivateKeyBytes } from '@solana/kit'
import { getPercentile, getPriorityFees } from '../../../../engine/detection/fees/priority-fee-sampler.js'
import { DEMO_WALLETS, DEMO_WALLET_SEEDS } from '../../../../localnet/seed/demo-state.js'
import { startStack } from '../../../helpers/stack.js'
import { buildTransaction, toBase64, transferSol } from '../../../helpers/transactions.js'

t.test('nearest-rank percentiles of per-slot fees', async (t) => {
  t.same(getPriorityFees([]), { low: 0, medium: 0, high: 0, very_high: 0, samples: 0 })
  const fees = Array.from({ length: 100 }, (_, i) => (i + 1) * 10) // 10 … 1000, unsorted below
  t.same(getPriorityFees(fees.reverse()), { low: 250, medium: 500, high: 750, very_high: 950, samples: 100 })
  t.equal(getPercentile([7], 95), 7)
})

t.test('a landed transaction with a compute unit price shows in the next simulate', async (t) => {
  const { engine, rpc } = await startStack(t, { engineEnv: { PRIORITY_FEE_REFRESH_MS: '100' } })
  const signer = await createKeyPairSignerFromPrivateKeyBytes(DEMO_WALLET_SEEDS[0] as Uint8Array)
  const { value } = await rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
  const paid = await buildTransaction({
    feePayer: signer.address,
    blockhash: value.blockhash,
    computeUnitLimit: 1_000,
    computeUnitPriceMicroLamports: 50_000n,
    instructions: [transferSol(signer.address, DEMO_WALLETS[1] as Address, 1n)],
    signers: [signer],
  })
  await rpc('sendTransaction', [toBase64(paid), { encoding: 'base64' }])
  await new Promise((resolve) => setTimeout(resolve, 400))

  const cheap = await buildTransaction({
    feePayer: DEMO_WALLETS[1] as Address,
    blockhash: value.blockhash,
    computeUnitLimit: 1_000,
    computeUnitPriceMicroLamports: 10n,
    instructions: [transferSol(DEMO_WALLETS[1] as Address, DEMO_WALLETS[2] as Address, 1n)],
  })
  const response = await engine.simulate(cheap)
  t.equal(response.priority_fees.very_high, 50_000, 'the landed price is the top of the sample')
  t.ok(response.priority_fees.samples >= 1)
  t.match(response.recommendations, [{ code: 'set_compute_unit_price', message: /recent slots \(getRecentPrioritizationFees\)/ }])
})
