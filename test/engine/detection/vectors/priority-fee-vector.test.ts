// The priority_fee vector: where the transaction's own price stands among recently landed prices,
// whether it is competitive, and the named level to raise it to when it is not.
import t from 'tap'
import { generateKeyPairSigner } from '@solana/kit'
import { getFeePercentileBucket, runPriorityFeeVector } from '../../../../engine/detection/vectors/priority-fee-vector.js'
import { buildTransaction, transferSol } from '../../../helpers/transactions.js'
import { createTestContext } from './vector-context-fixture.js'

const fees = { low: 100, medium: 5_000, high: 20_000, very_high: 100_000, samples: 150 }

t.test('percentile buckets', async (t) => {
  t.equal(getFeePercentileBucket(0, fees), 'below_p25')
  t.equal(getFeePercentileBucket(100, fees), 'p25_p50')
  t.equal(getFeePercentileBucket(5_000, fees), 'p50_p75')
  t.equal(getFeePercentileBucket(20_000, fees), 'p75_p95')
  t.equal(getFeePercentileBucket(100_000, fees), 'above_p95')
  t.equal(getFeePercentileBucket(1, { ...fees, samples: 0 }), 'no_samples')
})

t.test("the transaction's own SetComputeUnitPrice against the window", async (t) => {
  const payer = (await generateKeyPairSigner()).address
  const recipient = (await generateKeyPairSigner()).address
  const at = async (price: bigint) => {
    const bytes = await buildTransaction({
      feePayer: payer,
      blockhash: '11111111111111111111111111111111',
      computeUnitPriceMicroLamports: price,
      instructions: [transferSol(payer, recipient, 1n)],
    })
    const context = createTestContext(bytes)
    return runPriorityFeeVector({ ...context, priorityFees: { fees, source: 'accounts' } })
  }
  const cheap = await at(10n)
  t.same(cheap.landingEstimate, { fee_percentile_bucket: 'below_p25', compute_unit_price_micro_lamports: 10, competitive: false })
  t.match(cheap.recommendation, { code: 'set_compute_unit_price', compute_unit_price_micro_lamports: 20_000, priority_level: 'high' })
  const median = await at(5_000n)
  t.same(median.landingEstimate, { fee_percentile_bucket: 'p50_p75', compute_unit_price_micro_lamports: 5_000, competitive: true })
  t.equal(median.recommendation, null)
})
