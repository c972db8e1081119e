// Prediction against reality, field by field: every difference names its field, and a balance
// difference names the account and mint (what another transaction landing first looks like).
import t from 'tap'
import { compareOutcome } from '../../../../engine/landing/tracking/compare-outcome.js'
import type { Prediction } from '../../../../engine/contract/transaction-tracking.js'
import type { LandedResult } from '../../../../engine/landing/tracking/landed-result.js'

const prediction: Prediction = {
  success: true,
  compute_units: 150,
  fee_lamports: '5000',
  balance_changes: [
    { account: 'Payer', mint: null, delta: '-1005000' },
    { account: 'Receiver', mint: null, delta: '1000000' },
    { account: 'VaultA', mint: 'MintA', delta: '-700' },
  ],
  context_slot: 10,
}

const exact: LandedResult = {
  slot: 12,
  failed: false,
  transactionError: null,
  feeLamports: 5000n,
  computeUnits: 150,
  balanceChanges: [
    { account: 'Receiver', mint: null, delta: 1_000_000n },
    { account: 'Payer', mint: null, delta: -1_005_000n },
    { account: 'VaultA', mint: 'MintA', delta: -700n },
  ],
}

t.test('what landed as predicted matches', async (t) => {
  t.same(compareOutcome(prediction, exact), { landed_slot: 12, matched: true, differences: [] })
})

t.test('a pool moved by another transaction first: the account and mint that differ are named', async (t) => {
  const outcome = compareOutcome(prediction, {
    ...exact,
    balanceChanges: [
      { account: 'Receiver', mint: null, delta: 1_000_000n },
      { account: 'Payer', mint: null, delta: -1_005_000n },
      { account: 'VaultA', mint: 'MintA', delta: -650n },
      { account: 'Stranger', mint: null, delta: 1n },
    ],
  })
  t.equal(outcome.matched, false)
  t.same(outcome.differences, [
    { field: 'balance_change', account: 'VaultA', mint: 'MintA', predicted: '-700', actual: '-650' },
    { field: 'balance_change', account: 'Stranger', mint: null, predicted: '0', actual: '1' },
  ])
})

t.test('failure, fee and compute units differ; a predicted change that did not happen is named', async (t) => {
  const outcome = compareOutcome(prediction, {
    ...exact,
    failed: true,
    feeLamports: 10_000n,
    computeUnits: 900,
    balanceChanges: [{ account: 'Payer', mint: null, delta: -10_000n }],
  })
  t.same(
    outcome.differences.map((difference) => [difference.field, difference.account, difference.predicted, difference.actual]),
    [
      ['success', null, 'true', 'false'],
      ['fee_lamports', null, '5000', '10000'],
      ['compute_units', null, '150', '900'],
      ['balance_change', 'Payer', '-1005000', '-10000'],
      ['balance_change', 'Receiver', '1000000', '0'],
      ['balance_change', 'VaultA', '-700', '0'],
    ],
  )
})

t.test('what a source cannot tell (compute units, fee) is not counted as a difference', async (t) => {
  t.equal(compareOutcome(prediction, { ...exact, computeUnits: null, feeLamports: null }).matched, true)
})
