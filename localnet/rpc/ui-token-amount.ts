/**
 * Agave's `UiTokenAmount` JSON (`token_amount_to_ui_amount_v3` without interest or scaling, as
 * the ledger and the instruction parser use it): `uiAmount` is the amount over 10^decimals as a
 * float, null when 10^decimals overflows a usize (decimals over 19).
 */
import { toUiAmountString } from '../chain/token-balances.js'

export type UiTokenAmountJson = {
  readonly uiAmount: number | null
  readonly decimals: number
  readonly amount: string
  readonly uiAmountString: string
}

/** 10^19 is the largest power of ten a 64-bit usize holds. */
const MAX_FLOAT_DECIMALS = 19

/** The JSON token amount of `amount` base units at `decimals`. */
export function toUiTokenAmountJson(amount: bigint, decimals: number): UiTokenAmountJson {
  return {
    uiAmount: decimals > MAX_FLOAT_DECIMALS ? null : Number(amount) / 10 ** decimals,
    decimals,
    amount: amount.toString(),
    uiAmountString: toUiAmountString(amount, decimals),
  }
}
