/**
 * How dangerous a token account's standing delegation is (docs/api.md#wallet-approvals): the
 * delegate may transfer up to `delegatedAmount` from the account at any time, without the owner
 * signing again. Pure: the approval scan and the drain analysis score delegations alike.
 *
 * | delegate | amount | level |
 * |---|---|---|
 * | a known program authority (engine/detection/programs/known-authorities.ts) | within the balance | safe |
 * | a known program authority | more than the balance (later deposits covered) | low |
 * | any other | nothing left to spend (0) | low |
 * | any other, off the ed25519 curve (a PDA: only its program can sign) | unlimited or ≥ 90 % of the balance | high |
 * | any other, on the curve (a key someone holds) | unlimited or ≥ 90 % of the balance | critical |
 * | any other | a smaller part of the balance | medium |
 */
import type { RiskLevel } from '../../contract/risk-levels.js'
import { getKnownAuthority } from '../programs/known-authorities.js'
import { fromBase58Address } from '../../hot-path/state/account-key.js'
import { isProgramControlled } from '../../hot-path/state/program-controlled.js'

/** What Approve writes for "no limit": the largest u64. */
export const UNLIMITED_DELEGATION = 2n ** 64n - 1n
/** A delegation of at least this share of the balance (basis points) counts as all of it. */
export const NEAR_FULL_DELEGATION_BPS = 9_000n
const BPS = 10_000n

export interface DelegateRiskInput {
  /** The delegate's base58 address. */
  delegate: string
  /** What the delegate may still transfer (base units). */
  delegatedAmount: bigint
  /** The account's balance (base units). */
  balance: bigint
}

export interface DelegateRisk {
  level: RiskLevel
  reasons: string[]
  /** The name of the known program authority the delegate is, or null. */
  knownAuthority: string | null
}

/** Whether `delegatedAmount` is unlimited or covers (nearly) the whole balance; an empty account counts as covered. */
export function isNearFullDelegation(delegatedAmount: bigint, balance: bigint): boolean {
  return delegatedAmount === UNLIMITED_DELEGATION || delegatedAmount * BPS >= balance * NEAR_FULL_DELEGATION_BPS
}

function describeAmount(delegatedAmount: bigint, balance: bigint): string {
  if (delegatedAmount === UNLIMITED_DELEGATION) return 'an unlimited delegation'
  if (balance === 0n) return `a delegation of ${delegatedAmount} base units on an empty account (it covers what arrives)`
  return `a delegation of ${delegatedAmount} base units (${(delegatedAmount * 100n) / balance} % of the balance)`
}

/** Scores one standing delegation. */
export function getDelegateRisk({ delegate, delegatedAmount, balance }: DelegateRiskInput): DelegateRisk {
  const known = getKnownAuthority(delegate)
  if (known) {
    if (delegatedAmount <= balance) {
      return {
        level: 'safe',
        reasons: [`delegated within the balance to ${known.name}, a program address that moves tokens only as its program allows`],
        knownAuthority: known.name,
      }
    }
    return {
      level: 'low',
      reasons: [`${describeAmount(delegatedAmount, balance)} to ${known.name}, a known program authority: it also covers later deposits`],
      knownAuthority: known.name,
    }
  }
  if (delegatedAmount === 0n) {
    return { level: 'low', reasons: [`${delegate} is still the delegate, with nothing left to spend`], knownAuthority: null }
  }
  const amount = describeAmount(delegatedAmount, balance)
  if (isNearFullDelegation(delegatedAmount, balance)) {
    if (isProgramControlled(fromBase58Address(delegate))) {
      return {
        level: 'high',
        reasons: [
          `${amount} to ${delegate}, a program address (off the ed25519 curve) of a program not known here: only that program can use it`,
        ],
        knownAuthority: null,
      }
    }
    return {
      level: 'critical',
      reasons: [
        `${amount} to ${delegate}, a key someone holds (on the ed25519 curve): it can take these tokens at any time without you signing`,
      ],
      knownAuthority: null,
    }
  }
  return {
    level: 'medium',
    reasons: [`${amount} to ${delegate}, a key not known here: it can transfer that much at any time without you signing`],
    knownAuthority: null,
  }
}
