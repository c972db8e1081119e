/** toSimulationRecord: every history field comes from the response field of the same name, the caller and the call. */
import t from 'tap'
import type { SimulateResponse } from '../../engine/simulate/simulate-types.js'
import { toSimulationRecord } from '../../callers/to-simulation-record.js'

const approved: SimulateResponse = {
  success: true,
  compute_units: 4_512,
  suggested_compute_limit: 5_414,
  fee_estimate_sol: 0.000015,
  fee_details: null,
  priority_fees: { low: 0, medium: 1, high: 10, very_high: 100, samples: 150 },
  slippage: null,
  summary: [],
  risk: {
    mev_score: 12,
    mev_level: 'low',
    mev_type: null,
    has_blacklisted_program: false,
    blacklisted_programs: [],
    blacklist_entries: [],
    dex_programs: [],
    token_risk: null,
    token_risks: [],
    findings: [],
    mev_factors: null,
    known_bots: [],
    risk_level: 'low',
  },
  recommendations: [],
  program_breakdown: [],
  call_tree: [],
  balance_changes: [],
  failure_reason: null,
  failure_code: null,
  is_terminal: null,
  transaction_error: null,
  logs: [],
  latency_ms: 0.42,
  context_slot: 321,
  min_account_slot: 318,
  replacement_blockhash: null,
  landing_estimate: null,
  timed_out_vectors: [],
  decision: 'approve',
  decision_reasons: [],
  cached: false,
}

const failed: SimulateResponse = {
  ...approved,
  success: false,
  compute_units: null,
  fee_estimate_sol: null,
  risk: { ...approved.risk, mev_score: 0, mev_level: 'none', risk_level: 'high' },
  failure_reason: 'The fee payer holds 0.001 SOL; the transaction needs 0.5 SOL.',
  failure_code: 'insufficient_sol',
  is_terminal: true,
  transaction_error: { InstructionError: [0, { Custom: 1 }] },
  latency_ms: 0.31,
  decision: 'block',
}

t.test('a successful simulation through an API key', async (t) => {
  t.strictSame(toSimulationRecord(approved, { userId: 'user-1', apiKeyId: 'key-1' }, 1_700_000_000_000, 'sig-1'), {
    userId: 'user-1',
    apiKeyId: 'key-1',
    createdAtMs: 1_700_000_000_000,
    success: true,
    decision: 'approve',
    riskLevel: 'low',
    mevScore: 12,
    mevLevel: 'low',
    failureCode: null,
    failureReason: null,
    computeUnits: 4_512,
    feeEstimateSol: 0.000015,
    latencyMs: 0.42,
    signature: 'sig-1',
    cached: false,
    kind: 'simulate',
  })
})

t.test('a failed simulation through a bearer token', async (t) => {
  t.strictSame(toSimulationRecord(failed, { userId: 'user-2', apiKeyId: null }, 1_700_000_000_500, null), {
    userId: 'user-2',
    apiKeyId: null,
    createdAtMs: 1_700_000_000_500,
    success: false,
    decision: 'block',
    riskLevel: 'high',
    mevScore: 0,
    mevLevel: 'none',
    failureCode: 'insufficient_sol',
    failureReason: 'The fee payer holds 0.001 SOL; the transaction needs 0.5 SOL.',
    computeUnits: null,
    feeEstimateSol: null,
    latencyMs: 0.31,
    signature: null,
    cached: false,
    kind: 'simulate',
  })
})

t.test("an execute's simulation is recorded as an execute", async (t) => {
  const record = toSimulationRecord(approved, { userId: 'user-1', apiKeyId: null }, 0, 'sig-2', 'execute')
  t.equal(record.kind, 'execute')
  t.equal(record.signature, 'sig-2')
})

t.test('a response a cache answered is marked cached', async (t) => {
  const fromCache = { ...approved, cached: true }
  t.equal(toSimulationRecord(fromCache, { userId: 'user-1', apiKeyId: null }, 0, null).cached, true)
  // What a peer that is not this engine might send: only a real true counts.
  const notBoolean = { ...approved, cached: 'yes' } as unknown as SimulateResponse
  t.equal(toSimulationRecord(notBoolean, { userId: 'user-1', apiKeyId: null }, 0, null).cached, false)
})
