/**
 * toSimulationRecord: every history field comes from the response field of the same name, the
 * caller and the call; toExecuteRecord, toSendRecord and toSubmitRecord fill what their responses have, with their kind.
 */
import t from 'tap'
import type { SimulateResponse } from '../../engine/contract/simulate-response.js'
import { toExecuteRecord, toSendRecord, toSimulationRecord, toSubmitRecord } from '../../callers/to-simulation-record.js'
import type { ExecuteResponse } from '../../engine/contract/execute-response.js'
import type { SendResponse } from '../../engine/contract/send-response.js'
import type { SubmitResponse } from '../../engine/contract/submit-response.js'

const approved: SimulateResponse = {
  success: true,
  compute_units: 4_512,
  suggested_compute_limit: 5_414,
  fee_estimate_sol: 0.000015,
  fee_details: null,
  priority_fees: { low: 0, medium: 1, high: 10, very_high: 100, samples: 150 },
  tip_lamports: null,
  tips: null,
  slippage: null,
  mev: null,
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

const submitted: ExecuteResponse = {
  simulation_success: true,
  action: 'submitted',
  reason: 'The policy passed: sent on direct_rpc.',
  signature: 'sig-execute',
  relay_bundle_id: null,
  route: 'direct_rpc',
  mev_score: 0.25,
  risk_level: 'low',
  recommended_priority_fee: 1_000,
  compute_units: 150,
  policy_applied: { preset: 'default' },
  latency_ms: 3.5,
  decision_reasons: [],
  summary: [],
  confirmation: 'pending',
  attempts: 1,
  slot: null,
  transaction_error: null,
}

t.test('an execute is recorded beside simulations with what its response has', async (t) => {
  t.strictSame(toExecuteRecord(submitted, { userId: 'user-3', apiKeyId: 'key-3' }, 1_700_000_001_000, 'sig-3'), {
    userId: 'user-3',
    apiKeyId: 'key-3',
    createdAtMs: 1_700_000_001_000,
    success: true,
    decision: 'approve',
    riskLevel: 'low',
    mevScore: 0.25,
    mevLevel: null,
    failureCode: null,
    failureReason: null,
    computeUnits: 150,
    feeEstimateSol: null,
    latencyMs: 3.5,
    signature: 'sig-3',
    cached: false,
    kind: 'execute',
  })
  const warned = { ...submitted, decision_reasons: [{ rule: 'token_risk', message: 'A received token is risky.' }] }
  t.equal(toExecuteRecord(warned, { userId: 'u', apiKeyId: null }, 0, null).decision, 'warn', 'submitted with reasons: warn')
  const blocked: ExecuteResponse = { ...submitted, action: 'blocked', route: 'none', signature: null, confirmation: null, attempts: 0 }
  t.match(toExecuteRecord(blocked, { userId: 'u', apiKeyId: null }, 0, null), { decision: 'block', success: true, failureReason: null })
  const failedExecute: ExecuteResponse = {
    ...blocked,
    simulation_success: false,
    action: 'simulation_failed',
    reason: 'The fee payer has no SOL.',
  }
  t.match(toExecuteRecord(failedExecute, { userId: 'u', apiKeyId: null }, 0, null), {
    decision: 'block',
    success: false,
    failureReason: 'The fee payer has no SOL.',
  })
})

t.test('a send is recorded beside simulations; nothing was judged', async (t) => {
  const sent: SendResponse = {
    signature: 'sig-send',
    route: 'direct_rpc',
    confirmation: 'confirmed',
    attempts: 2,
    slot: 400,
    transaction_error: null,
    latency_ms: 812.5,
  }
  t.strictSame(toSendRecord(sent, { userId: 'user-4', apiKeyId: null }, 1_700_000_002_000, null), {
    userId: 'user-4',
    apiKeyId: null,
    createdAtMs: 1_700_000_002_000,
    success: true,
    decision: null,
    riskLevel: null,
    mevScore: null,
    mevLevel: null,
    failureCode: null,
    failureReason: null,
    computeUnits: null,
    feeEstimateSol: null,
    latencyMs: 812.5,
    signature: null,
    cached: false,
    kind: 'send',
  })
  for (const confirmation of ['failed', 'expired', 'dropped'] as const) {
    t.equal(
      toSendRecord({ ...sent, confirmation }, { userId: 'u', apiKeyId: null }, 0, null).success,
      false,
      `${confirmation}: not a success`,
    )
  }
})

t.test("a submit is recorded as a send, with its answer's strategy, billing, bundle and tip", async (t) => {
  const submitted: SubmitResponse = {
    signature: 'sig-submit',
    strategy: 'managed_tip_bundle',
    route: 'relay_bundle',
    bundle_id: 'bundle-7',
    tip_lamports: 1_000_000_000_000,
    bundle_lint: [],
    confirmation: 'pending',
    attempts: 1,
    slot: null,
    transaction_error: null,
    latency_ms: 41.5,
    billable: true,
  }
  t.strictSame(toSubmitRecord(submitted, { userId: 'user-5', apiKeyId: 'key-5' }, 1_700_000_003_000, null), {
    userId: 'user-5',
    apiKeyId: 'key-5',
    createdAtMs: 1_700_000_003_000,
    success: true,
    decision: null,
    riskLevel: null,
    mevScore: null,
    mevLevel: null,
    failureCode: null,
    failureReason: null,
    computeUnits: null,
    feeEstimateSol: null,
    latencyMs: 41.5,
    signature: null,
    cached: false,
    kind: 'submit',
    strategy: 'managed_tip_bundle',
    billable: true,
    bundleId: 'bundle-7',
    tipLamports: '1000000000000',
  })
  const direct = { ...submitted, strategy: 'direct', route: 'direct_rpc', bundle_id: null, tip_lamports: null, billable: false } as const
  t.match(toSubmitRecord(direct, { userId: 'u', apiKeyId: null }, 0, null), {
    kind: 'submit',
    strategy: 'direct',
    billable: false,
    bundleId: null,
    tipLamports: null,
  })
  t.equal(
    toSubmitRecord({ ...submitted, confirmation: 'dropped' }, { userId: 'u', apiKeyId: null }, 0, null).success,
    false,
    'dropped: not a success',
  )
})
