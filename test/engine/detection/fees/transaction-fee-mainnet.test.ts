/**
 * Our fee for every recorded mainnet transaction equals the `meta.fee` the cluster charged
 * (Oct 2025, slots 376.2M–376.4M). All four agree exactly; none uses a precompile.
 */
import t from 'tap'
import { decodeWireTransaction } from '../../../../engine/hot-path/decode/wire-transaction.js'
import { getPriorityFeeLamports, getTransactionFee } from '../../../../engine/detection/fees/transaction-fee.js'
import { readMainnetFixtures } from '../../hot-path/decode/mainnet-fixtures.js'

// Why each fee is what it is, so a mismatch points at the rule that moved.
const breakdown: Record<string, { signatures: number; priorityLamports: bigint; limit: number; price: bigint }> = {
  // ceil(10,000 µL × 150,000 CU / 10⁶) = 1,500
  JSON1_2cd7QQSByKy6Y6ed: { signatures: 1, priorityLamports: 1_500n, limit: 150_000, price: 10_000n },
  // no SetComputeUnitPrice: no priority fee, whatever the default limit (3 × 200,000)
  JSON2_5bvyp1nob51M6FCj: { signatures: 1, priorityLamports: 0n, limit: 600_000, price: 0n },
  // ceil(97,440 × 332,000 / 10⁶) = ceil(32,350.08) = 32,351
  JSON3_2zNeSn8cJpTAW51N: { signatures: 1, priorityLamports: 32_351n, limit: 332_000, price: 97_440n },
  // ceil(36,461 × 20,000 / 10⁶) = ceil(729.22) = 730
  JSON4_2E9Ddokz6HZkn457: { signatures: 1, priorityLamports: 730n, limit: 20_000, price: 36_461n },
}

for (const fixture of readMainnetFixtures()) {
  t.test(fixture.name, async (t) => {
    const fee = getTransactionFee(decodeWireTransaction(fixture.bytes))
    t.equal(fee.feeLamports, BigInt(fixture.result.meta.fee), 'equals meta.fee')
    const expected = breakdown[fixture.name.replace('.json', '')]
    if (expected !== undefined) {
      t.equal(fee.signatureCount, expected.signatures)
      t.equal(fee.priorityFeeLamports, expected.priorityLamports)
      t.equal(fee.computeUnitLimit, expected.limit)
      t.equal(fee.computeUnitPriceMicroLamports, expected.price)
    }
  })
}

t.test('the priority fee rounds up and never overflows', async (t) => {
  t.equal(getPriorityFeeLamports(0n, 1_400_000), 0n)
  t.equal(getPriorityFeeLamports(1n, 1), 1n, 'any fraction of a lamport is a lamport')
  t.equal(getPriorityFeeLamports(1_000_000n, 1), 1n)
  t.equal(getPriorityFeeLamports(1_000_001n, 1), 2n)
  t.equal(getPriorityFeeLamports(0xffff_ffff_ffff_ffffn, 1), 18_446_744_073_710n, 'u64::MAX price, 1 CU')
  t.equal(getPriorityFeeLamports(0xffff_ffff_ffff_ffffn, 1_400_000), 0xffff_ffff_ffff_ffffn, 'saturates at u64::MAX')
})
