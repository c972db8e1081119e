/**
 * One token account's approvals scored together: its delegation (engine/detection/tokens/delegate-risk.ts)
 * and its close authority (engine/detection/tokens/close-authority-risk.ts), the account at the worse of the
 * two; and whether the revoke transaction should revoke its delegation.
 */
import { RISK_LEVELS, type RiskLevel } from '../../contract/risk-levels.js'
import { getCloseAuthorityRisk } from '../tokens/close-authority-risk.js'
import { getDelegateRisk } from '../tokens/delegate-risk.js'
import type { AuthorizedTokenAccount } from './wallet-token-accounts.js'

/** Delegations scored at this level or above are revoked. */
export const REVOKE_FROM_LEVEL: RiskLevel = 'medium'

export interface ApprovalScore {
  level: RiskLevel
  reasons: string[]
  knownAuthority: string | null
  /** The delegation is risky and the account can be revoked now (not frozen). */
  revoke: boolean
}

/** The rank of a level: safe 0 … critical 4. */
export function getRiskRank(level: RiskLevel): number {
  return RISK_LEVELS.indexOf(level)
}

/** Scores `account`, owned by `wallet`. */
export function getApprovalScore(account: AuthorizedTokenAccount, wallet: string): ApprovalScore {
  let level: RiskLevel = 'safe'
  const reasons: string[] = []
  let knownAuthority: string | null = null
  let revoke = false
  if (account.delegate !== null) {
    const risk = getDelegateRisk({ delegate: account.delegate, delegatedAmount: account.delegatedAmount, balance: account.balance })
    level = risk.level
    reasons.push(...risk.reasons)
    knownAuthority = risk.knownAuthority
    revoke = getRiskRank(risk.level) >= getRiskRank(REVOKE_FROM_LEVEL)
  }
  if (account.closeAuthority !== null) {
    const risk = getCloseAuthorityRisk({ closeAuthority: account.closeAuthority, owner: wallet, isNative: account.isNative })
    if (getRiskRank(risk.level) > getRiskRank(level)) level = risk.level
    reasons.push(...risk.reasons)
  }
  if (revoke && account.isFrozen) {
    revoke = false
    reasons.push('the account is frozen: the token program refuses Revoke until its freeze authority thaws it')
  }
  return { level, reasons, knownAuthority, revoke }
}
