/**
 * The user service keeps its own list of risk levels (it runs without the engine); it must be
 * the engine's, value for value and in severity order. The type assertions fail the typecheck,
 * the runtime one the test, when either side gains or loses a level.
 */
import t from 'tap'
import { RISK_LEVELS, type HistoryRiskLevel } from '../../accounts/contract/history.js'
import type { RiskLevel } from '../../engine/contract/risk-levels.js'

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
const sameType: Same<HistoryRiskLevel, RiskLevel> = true

t.test("history's risk levels are the engine's", async (t) => {
  t.equal(sameType, true)
  t.same([...RISK_LEVELS], ['safe', 'low', 'medium', 'high', 'critical'], 'least to most severe')
})
