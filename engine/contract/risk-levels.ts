/** The risk levels, lowest first (docs/detection.md#risk-levels): a response's, a finding's, a token's and the policy's `max_risk_level`. */
import type { Static } from '@sinclair/typebox'
import { StringEnum } from '../../lib/json-schema.js'

export const RISK_LEVELS = ['safe', 'low', 'medium', 'high', 'critical'] as const

export const riskLevelSchema = StringEnum(RISK_LEVELS)
export type RiskLevel = Static<typeof riskLevelSchema>
