// The verdict: one case per policy field (it blocks past its bound and not within it),
// the warnings, and that every rule that fired is named.
import t from 'tap'
import { getVerdict, type VerdictInputs } from '../../../../engine/detection/policy/decide-verdict.js'
import { DEFAULT_POLICY, parsePolicy } from '../../../../engine/detection/policy/policy.js'

const clean: VerdictInputs = {
  simulationCounts: true,
  success: true,
  riskLevel: 'safe',
  mevScore: 0,
  hasBlacklistedProgram: false,
  knownBots: [],
  tokenFlags: [],
  slippageBps: null,
  extractableBps: null,
  computeUnits: 150,
  feeSol: 0.000005,
  timedOutVectors: [],
}
const verdict = (inputs: Partial<VerdictInputs>, policy: unknown = undefined) =>
  getVerdict({ ...clean, ...inputs }, parsePolicy(policy as never))
const rules = (inputs: Partial<VerdictInputs>, policy?: unknown) => verdict(inputs, policy).reasons.map((reason) => reason.rule)

t.test('a clean transaction is approved with no reasons', async (t) => {
  t.same(verdict({}), { decision: 'approve', reasons: [] })
})

t.test('require_simulation_pass', async (t) => {
  t.equal(verdict({ success: false, riskLevel: 'medium' }).decision, 'block')
  t.same(rules({ success: false, riskLevel: 'medium' }), ['require_simulation_pass'])
  t.equal(
    verdict({ success: false, riskLevel: 'medium' }, { require_simulation_pass: false }).decision,
    'warn',
    'off: the medium risk only warns',
  )
  t.equal(verdict({ success: false, simulationCounts: false }).decision, 'approve', 'the simulation vector did not run')
})

t.test('max_risk_level', async (t) => {
  t.equal(verdict({ riskLevel: 'critical' }).decision, 'block', 'critical is above the default high')
  t.equal(verdict({ riskLevel: 'high' }).decision, 'warn', 'high is not above high')
  t.equal(verdict({ riskLevel: 'medium' }, { max_risk_level: 'low' }).decision, 'block')
  t.equal(verdict({ riskLevel: 'low' }, { max_risk_level: 'low' }).decision, 'approve')
  t.equal(verdict({ riskLevel: 'critical' }, { max_risk_level: 'critical' }).decision, 'warn')
})

t.test('max_mev_score', async (t) => {
  t.equal(verdict({ mevScore: 0.71 }).decision, 'block')
  t.same(rules({ mevScore: 0.71 }), ['max_mev_score'])
  t.equal(verdict({ mevScore: 0.7 }).decision, 'warn', 'at the bound: not above it, but above the relay threshold')
  t.equal(verdict({ mevScore: 0.3 }, { max_mev_score: 0.2 }).decision, 'block')
})

t.test('relay_threshold warns (execute routes through the relay above it)', async (t) => {
  t.same(
    verdict({ mevScore: 0.41 }).reasons.map((r) => r.rule),
    ['relay_threshold'],
  )
  t.equal(verdict({ mevScore: 0.4 }).decision, 'approve')
  t.equal(verdict({ mevScore: 0.2 }, { relay_threshold: 0.1 }).decision, 'warn')
})

t.test('block_if_known_bots', async (t) => {
  const bots = { knownBots: ['AD65fgYti96iSSzSPaNazV9Bs29m7JbNomGjG4Cp5WFS'] }
  t.equal(verdict(bots).decision, 'approve', 'off by default')
  t.equal(verdict(bots, { block_if_known_bots: true }).decision, 'block')
  t.match(verdict(bots, { block_if_known_bots: true }).reasons[0]?.message, /AD65fgYti96iSSzSPaNazV9Bs29m7JbNomGjG4Cp5WFS/)
})

t.test('force_relay does not change a simulate verdict', async (t) => {
  t.same(verdict({}, { force_relay: true }), { decision: 'approve', reasons: [] })
})

t.test('block_blacklisted', async (t) => {
  t.same(rules({ hasBlacklistedProgram: true, riskLevel: 'critical' }), ['block_blacklisted', 'max_risk_level'])
  t.same(rules({ hasBlacklistedProgram: true, riskLevel: 'critical' }, { block_blacklisted: false }), ['max_risk_level'])
  t.equal(
    verdict({ hasBlacklistedProgram: true, riskLevel: 'critical' }, { block_blacklisted: false, max_risk_level: 'critical' }).decision,
    'warn',
  )
})

t.test('block_risky_tokens', async (t) => {
  t.equal(verdict({ tokenFlags: ['honeypot'], riskLevel: 'high' }).decision, 'warn', 'off by default')
  t.same(rules({ tokenFlags: ['honeypot'], riskLevel: 'high' }, { block_risky_tokens: true }), ['block_risky_tokens'])
  t.same(rules({ tokenFlags: ['rug_pull'] }, { block_risky_tokens: true }), ['block_risky_tokens'])
  t.equal(verdict({ tokenFlags: ['freeze_authority'] }, { block_risky_tokens: true }).decision, 'approve', 'only rug_pull and honeypot')
})

t.test('block_token_flags', async (t) => {
  t.equal(verdict({ tokenFlags: ['freeze_authority'] }, { block_token_flags: ['freeze_authority'] }).decision, 'block')
  t.equal(verdict({ tokenFlags: ['mint_authority'] }, { block_token_flags: ['freeze_authority'] }).decision, 'approve')
})

t.test('max_slippage_bps', async (t) => {
  t.equal(verdict({ slippageBps: 300 }).decision, 'approve', 'no limit by default')
  t.equal(verdict({ slippageBps: 101 }, { max_slippage_bps: 100 }).decision, 'block')
  t.equal(verdict({ slippageBps: 100 }, { max_slippage_bps: 100 }).decision, 'approve')
  t.equal(verdict({ slippageBps: null }, { max_slippage_bps: 0 }).decision, 'approve', 'no swap, nothing to bound')
})

t.test('max_extractable_bps: warns past it by default, blocks with block_extractable (strict)', async (t) => {
  t.equal(DEFAULT_POLICY.max_extractable_bps, 100, 'the documented default')
  t.same(verdict({ extractableBps: 101 }), {
    decision: 'warn',
    reasons: [
      {
        rule: 'max_extractable_bps',
        message: 'a sandwich can take 101 bps of the swap, above 100: raise the minimum output',
      },
    ],
  })
  t.equal(verdict({ extractableBps: 100 }).decision, 'approve', 'at the bound')
  t.equal(verdict({ extractableBps: null }).decision, 'approve', 'not priced, nothing to bound')
  t.equal(verdict({ extractableBps: 51 }, 'strict').decision, 'block', 'strict: 50 bps, and it blocks')
  t.equal(verdict({ extractableBps: 50 }, 'strict').decision, 'approve')
  t.equal(verdict({ extractableBps: 300 }, 'permissive').decision, 'approve', 'permissive: 300 bps')
  t.equal(verdict({ extractableBps: 301 }, 'permissive').decision, 'warn')
  t.equal(verdict({ extractableBps: 9_000 }, { max_extractable_bps: null }).decision, 'approve', 'null: no bound')
  t.equal(verdict({ extractableBps: 101 }, { block_extractable: true }).decision, 'block')
})

t.test('max_compute_units', async (t) => {
  t.equal(verdict({ computeUnits: 200_001 }, { max_compute_units: 200_000 }).decision, 'block')
  t.equal(verdict({ computeUnits: 200_000 }, { max_compute_units: 200_000 }).decision, 'approve')
})

t.test('max_fee_sol', async (t) => {
  t.equal(verdict({ feeSol: 0.01 }, { max_fee_sol: 0.005 }).decision, 'block')
  t.equal(verdict({ feeSol: 0.005 }, { max_fee_sol: 0.005 }).decision, 'approve')
})

t.test('a vector that did not answer in time warns', async (t) => {
  t.same(verdict({ timedOutVectors: ['rug'] }), {
    decision: 'warn',
    reasons: [{ rule: 'timed_out_vectors', message: 'not checked in time: rug' }],
  })
})

t.test('every rule that blocks is named, in order', async (t) => {
  const all = verdict(
    {
      success: false,
      hasBlacklistedProgram: true,
      riskLevel: 'critical',
      mevScore: 0.9,
      knownBots: ['x'],
      tokenFlags: ['rug_pull', 'freeze_authority'],
      slippageBps: 500,
      extractableBps: 5_000,
      computeUnits: 500_000,
      feeSol: 1,
    },
    {
      block_if_known_bots: true,
      block_risky_tokens: true,
      block_token_flags: ['freeze_authority'],
      max_slippage_bps: 100,
      block_extractable: true,
      max_compute_units: 200_000,
      max_fee_sol: 0.1,
    },
  )
  t.equal(all.decision, 'block')
  t.same(
    all.reasons.map((reason) => reason.rule),
    [
      'require_simulation_pass',
      'block_blacklisted',
      'max_risk_level',
      'max_mev_score',
      'block_if_known_bots',
      'block_risky_tokens',
      'block_token_flags',
      'max_slippage_bps',
      'max_extractable_bps',
      'max_compute_units',
      'max_fee_sol',
    ],
  )
  t.equal(DEFAULT_POLICY.max_risk_level, 'high')
})
