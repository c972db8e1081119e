/**
 * What a detection vector is, for the registry (vector-registry.ts): its name, the read sources
 * it uses (nothing else reaches it), how it runs over one simulated transaction, and how its
 * findings enter the response. docs/extending.md walks through adding one.
 */
import type { LandingEstimate, Recommendation, Risk, SignerSummary, Slippage } from '../../contract/simulate-response.js'
import type { RiskLevel } from '../../contract/risk-levels.js'
import type { Vector } from '../../contract/vectors.js'
import type { ReadSourceName, ReadSources } from './read-sources.js'
import type { VectorContext } from './vector-context.js'

/** The response fields the vectors fill, each starting at its neutral value (a vector that did not run leaves it there). */
export interface FindingsDraft {
  /** Every level a vector reported: the response's `risk_level` is the highest. */
  levels: RiskLevel[]
  /** In registry order: the order the response lists them. */
  recommendations: Recommendation[]
  risk: Omit<Risk, 'risk_level' | 'has_blacklisted_program' | 'blacklisted_programs'>
  slippage: Slippage | null
  landingEstimate: LandingEstimate | null
  /** What the transaction does to each signer, in sentences (the program vector's). */
  summary: SignerSummary[]
}

export interface DetectionVector<Name extends Vector, Findings, Reads extends ReadSourceName> {
  readonly name: Name
  /** The sources it reads besides the VectorContext. */
  readonly reads: readonly Reads[]
  /**
   * Binds it to its sources, once per engine (and once per result-cache recorder, whose sources
   * record). The function runs it for one simulation: synchronously when what it needs is in
   * memory, with a promise only when it must load something (bounded by the request's deadline).
   */
  bind(sources: Pick<ReadSources, Reads>): (context: VectorContext) => Findings | Promise<Findings>
  /** Adds its findings to the response being assembled. */
  contribute(findings: Findings, draft: FindingsDraft): void
}

/** Defines a vector (the identity, for its types to be inferred from the definition). */
export function defineDetectionVector<Name extends Vector, Findings, Reads extends ReadSourceName = never>(
  vector: DetectionVector<Name, Findings, Reads>,
): DetectionVector<Name, Findings, Reads> {
  return vector
}
