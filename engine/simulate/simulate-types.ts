/**
 * The simulate request's and response's types under the path the engine's modules import them
 * by. Each is defined once, in engine/contract/ (TypeBox schemas, whose `Static` types these are),
 * so what the edge validates and publishes is what the engine answers; nothing is declared here.
 */
export { VECTORS, type Vector } from '../contract/vectors.js'
export type { RiskLevel } from '../contract/risk-levels.js'
export type { SimulateOptions } from '../contract/simulate-request.js'
export type {
  BalanceChange,
  BlacklistedProgram,
  Decision,
  Extractable,
  FeeDetails,
  LandingEstimate,
  Mev,
  MevFactors,
  MevLevel,
  PriorityFees,
  Recommendation,
  Risk,
  RiskFinding,
  SignerSummary,
  SimulateResponse,
  Slippage,
  TokenRisk,
} from '../contract/simulate-response.js'
