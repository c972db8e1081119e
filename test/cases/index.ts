export { CASES } from './case-set.js'
export type { BuiltCase, CaseKind, TransactionCase } from './case-types.js'
export { runCases, type CaseRun, type PresetVerdict } from './run-cases.js'
