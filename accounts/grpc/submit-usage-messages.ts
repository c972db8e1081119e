/**
 * Conversions between SubmitUsage (accounts/contract/user-service.ts) and its gRPC message: the tips' sum travels as
 * decimal text, since protobuf's u64 reaches JavaScript as a double.
 */
import { createServiceError } from '../../lib/errors.js'
import type { SubmitUsage } from '../contract/index.js'
import type {
  SubmitUsage as SubmitUsageMessage,
  SubmitUsage__Output as SubmitUsageOutput,
} from '../../proto/gen/preflight/accounts/v1/SubmitUsage.js'

/** The message of a user's submit usage. */
export function toSubmitUsageMessage(usage: SubmitUsage): SubmitUsageMessage {
  return {
    billable_submits: usage.billableSubmits,
    managed_tip_lamports: usage.managedTipLamports.toString(),
    unsettled_tips: usage.unsettledTips,
  }
}

/** The submit usage an answer carries; a tip sum that is no whole number is a broken answer. */
export function fromSubmitUsageMessage(message: SubmitUsageOutput): SubmitUsage {
  if (!/^[0-9]+$/.test(message.managed_tip_lamports)) {
    throw createServiceError('internal_error', `the accounts service sent a tip sum of ${JSON.stringify(message.managed_tip_lamports)}`)
  }
  return {
    billableSubmits: message.billable_submits,
    managedTipLamports: BigInt(message.managed_tip_lamports),
    unsettledTips: message.unsettled_tips,
  }
}
