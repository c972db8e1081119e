// Policies (docs/detection.md#policy-and-verdict): presets, fields to change, and a clear
// validation error naming each bad field.
import t from 'tap'
import { isServiceError } from '../../../../lib/errors.js'
import { DEFAULT_POLICY, parsePolicy, PRESET_POLICIES } from '../../../../engine/detection/policy/policy.js'

t.test('no policy is the default preset, a preset name is that preset', async (t) => {
  t.same(parsePolicy(undefined), {
    require_simulation_pass: true,
    max_risk_level: 'high',
    max_mev_score: 0.7,
    relay_threshold: 0.4,
    block_if_known_bots: false,
    force_relay: false,
    block_blacklisted: true,
    block_risky_tokens: false,
    block_token_flags: [],
    max_slippage_bps: null,
    max_compute_units: null,
    max_fee_sol: null,
    max_extractable_bps: 100,
    block_extractable: false,
  })
  t.equal(parsePolicy('default'), DEFAULT_POLICY)
  t.equal(parsePolicy('strict'), PRESET_POLICIES.strict)
  t.equal(parsePolicy('strict').max_risk_level, 'medium')
  t.equal(parsePolicy('strict').block_risky_tokens, true)
  t.equal(parsePolicy('permissive').max_mev_score, 1)
  t.same([parsePolicy('strict').max_extractable_bps, parsePolicy('strict').block_extractable], [50, true])
  t.same([parsePolicy('permissive').max_extractable_bps, parsePolicy('permissive').block_extractable], [300, false])
})

t.test('an object changes only the fields it names, on the defaults or on its preset', async (t) => {
  const policy = parsePolicy({ max_slippage_bps: 50, block_token_flags: ['freeze_authority', 'freeze_authority'] })
  t.equal(policy.max_slippage_bps, 50)
  t.same(policy.block_token_flags, ['freeze_authority'], 'duplicates collapse')
  t.equal(policy.max_mev_score, 0.7, 'the rest stays default')
  const strictWithoutLimit = parsePolicy({ preset: 'strict', max_slippage_bps: null })
  t.equal(strictWithoutLimit.max_slippage_bps, null, 'null removes a limit the preset sets')
  t.equal(strictWithoutLimit.max_risk_level, 'medium', 'the preset’s other fields stay')
  t.ok(Object.isFrozen(policy))
})

t.test('every field is checked: type and range, with the field named', async (t) => {
  const bad: Array<[unknown, RegExp]> = [
    ['aggressive', /policy: must be one of default, strict, permissive/],
    [[], /policy: must be a preset name or an object/],
    [{ preset: 'lax' }, /policy\.preset/],
    [{ unknown_rule: true }, /policy\.unknown_rule: is not a policy field/],
    [{ require_simulation_pass: 'yes' }, /policy\.require_simulation_pass: must be a boolean/],
    [{ max_risk_level: 'extreme' }, /policy\.max_risk_level/],
    [{ max_mev_score: 1.5 }, /policy\.max_mev_score: must be a number from 0 to 1/],
    [{ max_mev_score: Number.NaN }, /policy\.max_mev_score/],
    [{ relay_threshold: -0.1 }, /policy\.relay_threshold/],
    [{ block_if_known_bots: 1 }, /policy\.block_if_known_bots/],
    [{ force_relay: null }, /policy\.force_relay/],
    [{ block_blacklisted: 'true' }, /policy\.block_blacklisted/],
    [{ block_risky_tokens: 0 }, /policy\.block_risky_tokens/],
    [{ block_token_flags: 'rug_pull' }, /policy\.block_token_flags/],
    [{ block_token_flags: ['Rug Pull'] }, /policy\.block_token_flags/],
    [{ max_slippage_bps: 10_001 }, /policy\.max_slippage_bps/],
    [{ max_slippage_bps: 12.5 }, /policy\.max_slippage_bps: must be null or an integer/],
    [{ max_compute_units: 1_400_001 }, /policy\.max_compute_units/],
    [{ max_fee_sol: -1 }, /policy\.max_fee_sol/],
    [{ max_extractable_bps: 10_001 }, /policy\.max_extractable_bps: must be null or an integer from 0 to 10000/],
    [{ max_extractable_bps: 0.5 }, /policy\.max_extractable_bps/],
    [{ block_extractable: 'no' }, /policy\.block_extractable: must be a boolean/],
  ]
  for (const [input, message] of bad) {
    t.throws(() => parsePolicy(input as never), message, JSON.stringify(input))
    try {
      parsePolicy(input as never)
    } catch (error) {
      t.ok(isServiceError(error, 'validation_error'), `${JSON.stringify(input)} is a validation_error`)
    }
  }
})
