/**
 * How risky a token delegation is: a delegate may move up to its amount out of the account at any
 * time, without the owner signing again. Within the balance to a known DEX or protocol authority
 * it is what trading needs; the whole balance (or nearly) to a key a person holds is a drain
 * waiting to be pulled.
 */
import type { RiskLevel } from '../simulate/simulate-types.js'
import type { AccountKey } from '../state/account-key.js'
import { getKnownAuthority } from './known-authorities.js'
import { isProgramControlled } from './program-controlled.js'

/** A delegation of this share of the balance or more counts as the whole of it. */
export const NEAR_TOTAL_SHARE_BPS = 9_000n
const U64_MAX = 0xffff_ffff_ffff_ffffn

export interface DelegationRisk {
  level: RiskLevel
  unlimited: boolean
  knownAuthority: string | null
  reasons: string[]
}

/** Whether `amount` is all or nearly all of `balance` (u64::MAX always is). */
export function isNearTotal(amount: bigint, balance: bigint): boolean {
  return amount === U64_MAX || (balance > 0n && amount * 10_000n >= balance * NEAR_TOTAL_SHARE_BPS) || (balance === 0n && amount > 0n)
}

/** The risk of letting `delegate` spend `delegatedAmount` of a `balance`. */
export function getDelegationRisk(input: { delegate: AccountKey; delegatedAmount: bigint; balance: bigint }): DelegationRisk {
  const unlimited = isNearTotal(input.delegatedAmount, input.balance)
  const knownAuthority = getKnownAuthority(input.delegate)
  if (knownAuthority !== null) {
    return unlimited && input.delegatedAmount > input.balance
      ? { level: 'medium', unlimited, knownAuthority, reasons: [`more than the balance, to ${knownAuthority}`] }
      : { level: 'safe', unlimited, knownAuthority, reasons: [`within the balance, to ${knownAuthority}`] }
  }
  const program = isProgramControlled(input.delegate)
  if (unlimited) {
    return program
      ? { level: 'high', unlimited, knownAuthority, reasons: ['all or nearly all of the balance, to an unknown program address'] }
      : { level: 'critical', unlimited, knownAuthority, reasons: ['all or nearly all of the balance, to a key a person holds'] }
  }
  return program
    ? { level: 'low', unlimited, knownAuthority, reasons: ['part of the balance, to a program address'] }
    : { level: 'high', unlimited, knownAuthority, reasons: ['part of the balance, to a key a person holds'] }
}
