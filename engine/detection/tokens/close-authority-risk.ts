/**
 * How dangerous a token account's close authority is (docs/api.md#wallet-approvals). A close
 * authority other than the owner is critical: it can close the account and take its lamports — at
 * any time for wrapped SOL (all the SOL), once it is empty for any other token (the rent) — and the
 * owner cannot take it back: SetAuthority(CloseAccount) must be signed by the current close
 * authority, so only it can remove itself.
 */
import type { RiskLevel } from '../../contract/risk-levels.js'

export interface CloseAuthorityRiskInput {
  /** Base58 addresses. */
  closeAuthority: string
  owner: string
  /** A wrapped-SOL account: closing it pays out the whole balance. */
  isNative: boolean
}

/** Scores one close authority. */
export function getCloseAuthorityRisk({ closeAuthority, owner, isNative }: CloseAuthorityRiskInput): {
  level: RiskLevel
  reasons: string[]
} {
  if (closeAuthority === owner) return { level: 'safe', reasons: ['the close authority is the owner itself'] }
  const what = isNative
    ? 'it can close this wrapped-SOL account at any time and take all its SOL; only it can remove itself, so move the SOL out'
    : 'it can close this account once it is empty and take its rent; only it can remove itself'
  return { level: 'critical', reasons: [`the close authority is ${closeAuthority}, not the owner: ${what}`] }
}
