/**
 * "The whole balance" as a drain takes it: 90 % or more, so that leaving dust behind (a common
 * trick to look like a partial transfer) changes nothing.
 */

/** The share of a balance (basis points) from which an outflow counts as all of it. */
export const NEAR_TOTAL_SHARE_BPS = 9_000n
const U64_MAX = 0xffff_ffff_ffff_ffffn

/** Whether `amount` is all or nearly all of `balance` (u64::MAX always is; anything is all of nothing). */
export function isNearTotal(amount: bigint, balance: bigint): boolean {
  return amount === U64_MAX || (balance > 0n && amount * 10_000n >= balance * NEAR_TOTAL_SHARE_BPS) || (balance === 0n && amount > 0n)
}
