/**
 * The verdict policy (docs/detection.md#policy-and-verdict): its fields, the preset names, and
 * what a request may send — a preset name, or an object with only the fields to change (on top of
 * its `preset`, `default` when left out). engine/detection/policy/policy.ts holds the presets' values and
 * checks a policy again for every transport (gRPC sends it as JSON no schema has seen); its limits
 * come from here.
 */
import { Type, type Static } from '@sinclair/typebox'
import { FrozenArray, Nullable, OneOf, StringEnum } from '../../lib/json-schema.js'
import { riskLevelSchema } from './risk-levels.js'

export const POLICY_PRESETS = ['default', 'strict', 'permissive'] as const
export type PolicyPreset = (typeof POLICY_PRESETS)[number]

/** The limits of the policy's fields, for the schema and the engine's own check. */
export const POLICY_LIMITS = {
  maxSlippageBps: 10_000,
  maxComputeUnits: 1_400_000,
  maxFeeSol: 1_000_000,
  maxExtractableBps: 10_000,
  blockTokenFlags: 16,
} as const
/** A token flag's name, as `block_token_flags` takes it (`rug_pull`, `honeypot`, `freeze_authority`, …). */
export const TOKEN_FLAG_PATTERN = '^[a-z][a-z0-9_]{0,39}$'

const fractionSchema = Type.Number({ minimum: 0, maximum: 1 })

/** Every field of a policy, each with its type and range. */
const policyFieldSchemas = {
  require_simulation_pass: Type.Boolean(),
  max_risk_level: riskLevelSchema,
  max_mev_score: fractionSchema,
  relay_threshold: fractionSchema,
  block_if_known_bots: Type.Boolean(),
  force_relay: Type.Boolean(),
  block_blacklisted: Type.Boolean(),
  block_risky_tokens: Type.Boolean(),
  block_token_flags: FrozenArray(Type.String({ pattern: TOKEN_FLAG_PATTERN }), { maxItems: POLICY_LIMITS.blockTokenFlags }),
  max_slippage_bps: Nullable(Type.Integer({ minimum: 0, maximum: POLICY_LIMITS.maxSlippageBps })),
  max_compute_units: Nullable(Type.Integer({ minimum: 0, maximum: POLICY_LIMITS.maxComputeUnits })),
  max_fee_sol: Nullable(Type.Number({ minimum: 0, maximum: POLICY_LIMITS.maxFeeSol })),
  max_extractable_bps: Nullable(Type.Integer({ minimum: 0, maximum: POLICY_LIMITS.maxExtractableBps })),
  block_extractable: Type.Boolean(),
}

/** A policy with every field set: a preset, or what applies to a request once its changes are made. */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- only its type is the contract's (see the file's header)
const policyFieldsSchema = Type.Object(policyFieldSchemas, { additionalProperties: false })
export type Policy = Static<typeof policyFieldsSchema>

const policyPresetSchema = StringEnum(POLICY_PRESETS)

/**
 * The policy a request sends: a oneOf of two types, so generated clients type it
 * (`'strict' | {...}`); an error names the branch of the value's type (`policy.max_mev_score: must
 * be <= 1`, not "must be string": edge/validation-message.ts).
 */
export const policySchema = OneOf(
  [policyPresetSchema, Type.Partial(Type.Object({ preset: policyPresetSchema, ...policyFieldSchemas }), { additionalProperties: false })],
  { $id: 'Policy', description: 'A preset name, or the fields to change (on top of `preset`, `default` when it is left out).' },
)
export type PolicyInput = Static<typeof policySchema>
