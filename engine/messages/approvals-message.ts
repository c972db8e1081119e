/**
 * Conversions between the approval scan's answer (engine/contract/approvals-response.ts) and its
 * gRPC message. The message mirrors the JSON names; JSON's null is an unset proto3 optional field.
 */
import type { ApprovalsResponse as ApprovalsResponseMessage } from '../../proto/gen/preflight/engine/v1/ApprovalsResponse.js'
import type { ApprovalsResponse__Output as ApprovalsResponseOutput } from '../../proto/gen/preflight/engine/v1/ApprovalsResponse.js'
import type { TokenApproval as TokenApprovalMessage } from '../../proto/gen/preflight/engine/v1/TokenApproval.js'
import type { TokenApproval__Output as TokenApprovalOutput } from '../../proto/gen/preflight/engine/v1/TokenApproval.js'
import type { ApprovalsResponse, TokenApproval } from '../contract/approvals-response.js'
import type { RiskLevel } from '../contract/risk-levels.js'

const orUndefined = <T>(value: T | null): T | undefined => (value === null ? undefined : value)
const orNull = <T>(value: T | undefined | null): T | null => (value === undefined || value === null ? null : value)

function toTokenApprovalMessage(approval: TokenApproval): TokenApprovalMessage {
  return {
    ...approval,
    symbol: orUndefined(approval.symbol),
    decimals: orUndefined(approval.decimals),
    delegate: orUndefined(approval.delegate),
    close_authority: orUndefined(approval.close_authority),
    known_authority: orUndefined(approval.known_authority),
  }
}

function fromTokenApprovalMessage(message: TokenApprovalOutput): TokenApproval {
  return {
    token_account: message.token_account,
    mint: message.mint,
    symbol: orNull(message.symbol),
    token_program: message.token_program,
    balance: message.balance,
    decimals: orNull(message.decimals),
    delegate: orNull(message.delegate),
    delegated_amount: message.delegated_amount,
    close_authority: orNull(message.close_authority),
    risk_level: message.risk_level as RiskLevel,
    reasons: message.reasons,
    known_authority: orNull(message.known_authority),
  }
}

/** The gRPC message of an approval scan. */
export function toApprovalsResponseMessage(response: ApprovalsResponse): ApprovalsResponseMessage {
  return {
    ...response,
    approvals: response.approvals.map(toTokenApprovalMessage),
    revoke_transaction: orUndefined(response.revoke_transaction),
  }
}

/** The approval scan a gRPC message carries. */
export function fromApprovalsResponseMessage(message: ApprovalsResponseOutput): ApprovalsResponse {
  return {
    wallet: message.wallet,
    slot: message.slot,
    approvals: message.approvals.map(fromTokenApprovalMessage),
    revoke_transaction: orNull(message.revoke_transaction),
    revoke_accounts: message.revoke_accounts,
    truncated: message.truncated,
    token_accounts_scanned: message.token_accounts_scanned,
  }
}
