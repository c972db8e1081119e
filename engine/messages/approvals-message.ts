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
import { fromOptionalField, toOptionalField } from '../../lib/grpc/optional-field.js'

function toTokenApprovalMessage(approval: TokenApproval): TokenApprovalMessage {
  return {
    ...approval,
    symbol: toOptionalField(approval.symbol),
    decimals: toOptionalField(approval.decimals),
    delegate: toOptionalField(approval.delegate),
    close_authority: toOptionalField(approval.close_authority),
    known_authority: toOptionalField(approval.known_authority),
  }
}

function fromTokenApprovalMessage(message: TokenApprovalOutput): TokenApproval {
  return {
    token_account: message.token_account,
    mint: message.mint,
    symbol: fromOptionalField(message.symbol),
    token_program: message.token_program,
    balance: message.balance,
    decimals: fromOptionalField(message.decimals),
    delegate: fromOptionalField(message.delegate),
    delegated_amount: message.delegated_amount,
    close_authority: fromOptionalField(message.close_authority),
    risk_level: message.risk_level as RiskLevel,
    reasons: message.reasons,
    known_authority: fromOptionalField(message.known_authority),
  }
}

/** The gRPC message of an approval scan. */
export function toApprovalsResponseMessage(response: ApprovalsResponse): ApprovalsResponseMessage {
  return {
    ...response,
    approvals: response.approvals.map(toTokenApprovalMessage),
    revoke_transaction: toOptionalField(response.revoke_transaction),
  }
}

/** The approval scan a gRPC message carries. */
export function fromApprovalsResponseMessage(message: ApprovalsResponseOutput): ApprovalsResponse {
  return {
    wallet: message.wallet,
    slot: message.slot,
    approvals: message.approvals.map(fromTokenApprovalMessage),
    revoke_transaction: fromOptionalField(message.revoke_transaction),
    revoke_accounts: message.revoke_accounts,
    truncated: message.truncated,
    token_accounts_scanned: message.token_accounts_scanned,
  }
}
