/**
 * The verdict policy (docs/detection.md#policy-and-verdict): the defaults, the three presets
 * (`default`, `strict`, `permissive`), and the validation every transport applies to a policy a
 * request carries. A request sends a preset name, or an object with only the fields to change
 * (optionally on top of a preset named by its `preset` field). The fields, their types and limits
 * are the contract's (engine/contract/policy-input.ts).
 */
import { createServiceError } from '../../../lib/errors.js'
import {
  POLICY_LIMITS,
  POLICY_PRESETS,
  TOKEN_FLAG_PATTERN,
  type Policy,
  type PolicyInput,
  type PolicyPreset,
} from '../../contract/policy-input.js'
import { RISK_LEVELS, type RiskLevel } from '../../contract/risk-levels.js'

export type { Policy, PolicyInput }

export const TOKEN_FLAGS_FOR_POLICY = ['rug_pull', 'honeypot', 'freeze_authority'] as const

/** The `default` preset: what applies when a request names no policy. */
export const DEFAULT_POLICY: Readonly<Policy> = Object.freeze({
  require_simulation_pass: true,
  max_risk_level: 'high',
  max_mev_score: 0.7,
  relay_threshold: 0.4,
  block_if_known_bots: false,
  force_relay: false,
  block_blacklisted: true,
  block_risky_tokens: false,
  block_token_flags: Object.freeze([]),
  max_slippage_bps: null,
  max_compute_units: null,
  max_fee_sol: null,
  // A sandwich may take at most 1 % of the trade: the tolerance wallets commonly set, above which
  // the recommended minimum output is what caps the loss (docs/detection.md#extractable-value).
  max_extractable_bps: 100,
  block_extractable: false,
})

/**
 * `strict`: for wallets protecting retail users — medium risk blocks, tighter MEV bounds, known
 * bots and every token flag block, slippage above 1 % and a sandwich taking over 0.5 % block. `permissive`: for bots that accept
 * risk knowingly — only a failed simulation, a blacklisted program or critical risk block.
 */
export const PRESET_POLICIES: Readonly<Record<PolicyPreset, Readonly<Policy>>> = Object.freeze({
  default: DEFAULT_POLICY,
  strict: Object.freeze({
    ...DEFAULT_POLICY,
    max_risk_level: 'medium',
    max_mev_score: 0.4,
    relay_threshold: 0.2,
    block_if_known_bots: true,
    block_risky_tokens: true,
    block_token_flags: Object.freeze([...TOKEN_FLAGS_FOR_POLICY]),
    max_slippage_bps: 100,
    max_extractable_bps: 50,
    block_extractable: true,
  }),
  permissive: Object.freeze({
    ...DEFAULT_POLICY,
    max_risk_level: 'high',
    max_mev_score: 1,
    relay_threshold: 0.7,
    max_extractable_bps: 300,
  }),
})

const TOKEN_FLAG = new RegExp(TOKEN_FLAG_PATTERN)

function fail(field: string, rule: string): never {
  throw createServiceError('validation_error', `policy.${field}: ${rule}`)
}

function readBoolean(value: unknown, field: string): boolean {
  if (typeof value !== 'boolean') fail(field, 'must be a boolean')
  return value
}

function readFraction(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 1) fail(field, 'must be a number from 0 to 1')
  return value
}

function readLimit(value: unknown, field: string, max: number, integer: boolean): number | null {
  if (value === null) return null
  const ok = typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= max && (!integer || Number.isInteger(value))
  if (!ok) fail(field, `must be null or ${integer ? 'an integer' : 'a number'} from 0 to ${max}`)
  return value
}

function readRiskLevel(value: unknown, field: string): RiskLevel {
  if (typeof value !== 'string' || !(RISK_LEVELS as readonly string[]).includes(value))
    fail(field, `must be one of ${RISK_LEVELS.join(', ')}`)
  return value as RiskLevel
}

function readTokenFlags(value: unknown, field: string): readonly string[] {
  if (!Array.isArray(value) || value.length > POLICY_LIMITS.blockTokenFlags)
    fail(field, `must be an array of at most ${POLICY_LIMITS.blockTokenFlags} flags`)
  for (const flag of value) {
    if (typeof flag !== 'string' || !TOKEN_FLAG.test(flag)) fail(field, 'must hold flag names such as rug_pull, honeypot, freeze_authority')
  }
  return Object.freeze([...new Set(value as string[])])
}

const FIELD_READERS: { [K in keyof Policy]: (value: unknown, field: K) => Policy[K] } = {
  require_simulation_pass: readBoolean,
  max_risk_level: readRiskLevel,
  max_mev_score: readFraction,
  relay_threshold: readFraction,
  block_if_known_bots: readBoolean,
  force_relay: readBoolean,
  block_blacklisted: readBoolean,
  block_risky_tokens: readBoolean,
  block_token_flags: readTokenFlags,
  max_slippage_bps: (value, field) => readLimit(value, field, POLICY_LIMITS.maxSlippageBps, true),
  max_compute_units: (value, field) => readLimit(value, field, POLICY_LIMITS.maxComputeUnits, true),
  max_fee_sol: (value, field) => readLimit(value, field, POLICY_LIMITS.maxFeeSol, false),
  max_extractable_bps: (value, field) => readLimit(value, field, POLICY_LIMITS.maxExtractableBps, true),
  block_extractable: readBoolean,
}

function readPreset(value: unknown, field: string): PolicyPreset {
  if (typeof value !== 'string' || !(POLICY_PRESETS as readonly string[]).includes(value)) {
    fail(field, `must be one of ${POLICY_PRESETS.join(', ')}`)
  }
  return value as PolicyPreset
}

/** The effective policy of a request; throws `validation_error` naming the field. Absent: the defaults. */
export function parsePolicy(input: PolicyInput | undefined): Readonly<Policy> {
  if (input === undefined) return DEFAULT_POLICY
  if (typeof input === 'string') {
    if (!(POLICY_PRESETS as readonly string[]).includes(input)) {
      throw createServiceError('validation_error', `policy: must be one of ${POLICY_PRESETS.join(', ')} or an object`)
    }
    return PRESET_POLICIES[input]
  }
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw createServiceError('validation_error', 'policy: must be a preset name or an object')
  }
  const base = input.preset === undefined ? DEFAULT_POLICY : PRESET_POLICIES[readPreset(input.preset, 'preset')]
  const policy: Policy = { ...base }
  for (const [field, value] of Object.entries(input)) {
    if (field === 'preset') continue
    const reader = FIELD_READERS[field as keyof Policy] as ((value: unknown, field: string) => never) | undefined
    if (!reader) fail(field, 'is not a policy field')
    ;(policy as unknown as Record<string, unknown>)[field] = reader(value, field)
  }
  return Object.freeze(policy)
}

/** Whether `level` is above `max` in the risk levels' order (safe < low < medium < high < critical). */
export function isRiskAbove(level: RiskLevel, max: RiskLevel): boolean {
  return RISK_LEVELS.indexOf(level) > RISK_LEVELS.indexOf(max)
}
