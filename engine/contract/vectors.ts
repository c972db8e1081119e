/**
 * The detection vectors a simulate request may select (`vectors`) and a response may name
 * (`timed_out_vectors`); docs/detection.md describes each. The result cache's request identity
 * takes the list from here too.
 */
import type { Static } from '@sinclair/typebox'
import { StringEnum } from '../../lib/json-schema.js'

export const VECTORS = ['mev', 'slippage', 'rug', 'program', 'priority_fee', 'simulation'] as const

export const vectorSchema = StringEnum(VECTORS)
export type Vector = Static<typeof vectorSchema>
