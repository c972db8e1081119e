/**
 * Every detection vector, in one list: the order they run in and the order their advice is listed
 * in the response. A vector is added here once its file defines it (defineDetectionVector); its
 * name must be in `VECTORS` (engine/contract/vectors.ts), and a compile-time check below fails when a name
 * has no vector or a vector no name.
 */
import type { Vector } from '../../contract/vectors.js'
import type { DetectionVector } from './detection-vector.js'
import { mevVector } from './mev-vector.js'
import { priorityFeeVector } from './priority-fee-vector.js'
import { programVector } from './program-vector.js'
import { rugVector } from './rug-vector.js'
import { simulationVector } from './simulation-vector.js'
import { slippageVector } from './slippage-vector.js'

// The simulation's advice first, then what the transaction itself risks, then the price to pay.
export const DETECTION_VECTORS = [simulationVector, programVector, rugVector, slippageVector, mevVector, priorityFeeVector] as const

type RegisteredVector = (typeof DETECTION_VECTORS)[number]

/** What each vector found, by name. */
export type VectorResults = {
  [V in RegisteredVector as V['name']]: V extends DetectionVector<Vector, infer Findings, never> ? Findings : never
}

// Every requestable vector is registered, and nothing else is.
type Unregistered = Exclude<Vector, RegisteredVector['name']>
const EVERY_VECTOR_REGISTERED: [Unregistered] extends [never] ? true : Unregistered = true
void EVERY_VECTOR_REGISTERED
