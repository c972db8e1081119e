/**
 * Meteora DLMM (lb_clmm) `swap`, `swapExactOut`, `swapWithPriceImpact` and their "2" variants:
 * the accounts name the pool's X and Y sides (reserves, mints, token programs) in the pool's
 * order and the user's token accounts as input then output, so the back-run swaps user_token_in
 * and user_token_out and keeps the rest. Both attacker swaps are exact in with no minimum
 * (`swap`, or `swap2` with the user's remaining_accounts_info for a "2" variant). The bin arrays
 * are the remaining accounts; the SDK passes them in the order the swap walks them from the
 * active bin (getBinArrayForSwap: descending indexes for X → Y, ascending for Y → X), so the
 * back-run's are the user's in that order for the way back from where the user's swap left the
 * active bin (program 0.8.0 also takes them in any order; the SDK's order holds for every version).
 * Layouts: MeteoraAg/dlmm-sdk (idls/dlmm.json, commons/src/quote.rs).
 */
import { isSameKey } from '../../swaps/instruction-bytes.js'
import type { InstructionAccount } from '../attacker-transaction.js'
import { writeU64, type ForkReader, type SandwichVenue } from './sandwich-venue.js'
import { readI32 } from '../../../hot-path/decode/little-endian.js'

/** sha256("global:swap")[..8], sha256("global:swap2")[..8]. */
const SWAP = new Uint8Array([248, 198, 158, 145, 225, 117, 135, 200])
const SWAP2 = new Uint8Array([65, 75, 63, 76, 235, 91, 91, 136])
/** sha256("account:BinArray")[..8]. */
const BIN_ARRAY = new Uint8Array([92, 142, 92, 220, 5, 148, 70, 181])
/** Bins a bin array holds. */
const BINS_PER_ARRAY = 70
/** LbPair: active_id i32 after the discriminator, two 32-byte parameter blocks and 4 bytes of seeds; token_x_mint further on. */
const ACTIVE_ID_OFFSET = 76
const TOKEN_X_MINT_OFFSET = 88
/** BinArray: index i64 after the discriminator, then version and padding, then lb_pair. */
const BIN_ARRAY_INDEX_OFFSET = 8
const BIN_ARRAY_PAIR_OFFSET = 24
/**
 * A swap refused at its own bound, as the program (version 0.8.0) answers it:
 * ExceededAmountSlippageTolerance under min_amount_out, and under the output max_price_impact_bps
 * allows; an exact out whose max_in_amount falls short fails MathOverflow when it falls a little
 * short and NotExactAmountOut when far.
 */
const BOUND_ERRORS = [6003, 6018, 6057]
/** user_token_in, user_token_out. */
const USER_TOKEN_IN = 4
const USER_TOKEN_OUT = 5
/** Named accounts before the remaining ones: 15 (… token_y_program, event_authority, program), and memo_program in the "2" variants. */
const NAMED_ACCOUNTS = 15
const NAMED_ACCOUNTS_2 = 16

interface DlmmInstruction {
  /** Whether it is a "2" variant (memo account, remaining_accounts_info in the data). */
  isV2: boolean
  /** Where remaining_accounts_info starts in the user's data (the "2" variants). */
  infoOffset: (data: Uint8Array) => number
}

const afterTwoAmounts = () => 24
/** swap_with_price_impact2: amount_in u64, active_id Option<i32>, max_price_impact_bps u16. */
const afterPriceImpact = (data: Uint8Array) => 17 + (data[16] === 1 ? 4 : 0) + 2

/** Every swap the decoder reads; the attacker's two are exact-in swaps of the same variant. */
const PRICED: Readonly<Record<string, DlmmInstruction>> = {
  swap: { isV2: false, infoOffset: afterTwoAmounts },
  swapExactOut: { isV2: false, infoOffset: afterTwoAmounts },
  swapWithPriceImpact: { isV2: false, infoOffset: afterPriceImpact },
  swap2: { isV2: true, infoOffset: afterTwoAmounts },
  swapExactOut2: { isV2: true, infoOffset: afterTwoAmounts },
  swapWithPriceImpact2: { isV2: true, infoOffset: afterPriceImpact },
}

/** `swap` (or `swap2` keeping the user's remaining_accounts_info) of exactly `amount` in, with no minimum out. */
function getSwapData(user: Uint8Array, instruction: DlmmInstruction, amount: bigint): Uint8Array {
  const info = instruction.isV2 ? user.subarray(instruction.infoOffset(user)) : new Uint8Array(0)
  const data = new Uint8Array(24 + info.length)
  data.set(instruction.isV2 ? SWAP2 : SWAP)
  writeU64(data, 8, amount)
  data.set(info, 24)
  return data
}

function isBinArrayOf(data: Uint8Array | undefined, pool: Uint8Array): data is Uint8Array {
  if (data === undefined || data.length < BIN_ARRAY_PAIR_OFFSET + 32) return false
  for (let i = 0; i < 8; i++) if (data[i] !== BIN_ARRAY[i]) return false
  return isSameKey(data.subarray(BIN_ARRAY_PAIR_OFFSET, BIN_ARRAY_PAIR_OFFSET + 32), pool)
}

/** The bin array index holding `binId` (floor division: bin -1 is in array -1). */
function getBinArrayIndex(binId: number): number {
  return Math.floor(binId / BINS_PER_ARRAY)
}

/**
 * The back-run's accounts: user_token_in and user_token_out swapped, and the user's bin arrays
 * (the remaining accounts that are bin arrays of this pool; the others, such as transfer-hook
 * accounts, stay first and in place) in the order a swap walks them from the pool's active bin
 * as the fork now holds it: the array holding it, then the next ones in the back-run's direction.
 * Arrays behind the active bin are left out (the way back does not reach them).
 */
function getBackRunAccounts(accounts: readonly InstructionAccount[], named: number, read: ForkReader): InstructionAccount[] {
  const swapped = [...accounts]
  swapped[USER_TOKEN_IN] = accounts[USER_TOKEN_OUT] as InstructionAccount
  swapped[USER_TOKEN_OUT] = accounts[USER_TOKEN_IN] as InstructionAccount
  const pool = (accounts[0] as InstructionAccount).key
  const lbPair = read(pool)
  // The back-run sells the user's output token: X → Y (walking down) when that is the pool's X.
  const backInput = read((accounts[USER_TOKEN_OUT] as InstructionAccount).key)
  if (lbPair === undefined || lbPair.length < TOKEN_X_MINT_OFFSET + 32 || backInput === undefined || backInput.length < 32) return swapped
  const swapForY = isSameKey(backInput.subarray(0, 32), lbPair.subarray(TOKEN_X_MINT_OFFSET, TOKEN_X_MINT_OFFSET + 32))
  const active = getBinArrayIndex(readI32(lbPair, ACTIVE_ID_OFFSET))

  const others: InstructionAccount[] = []
  const arrays: Array<{ account: InstructionAccount; index: number }> = []
  for (const account of swapped.slice(named)) {
    const data = read(account.key)
    if (!isBinArrayOf(data, pool)) others.push(account)
    else if (!arrays.some((seen) => isSameKey(seen.account.key, account.key))) {
      arrays.push({ account, index: readI32(data, BIN_ARRAY_INDEX_OFFSET) })
    }
  }
  const ordered = arrays
    .filter(({ index }) => (swapForY ? index <= active : index >= active))
    .sort((a, b) => (swapForY ? b.index - a.index : a.index - b.index))
  if (ordered.length === 0) return swapped
  return [...swapped.slice(0, named), ...others, ...ordered.map(({ account }) => account)]
}

export const meteoraDlmmSandwich: SandwichVenue = {
  boundErrors: new Set(BOUND_ERRORS),
  build(swap, user, accounts, build) {
    const instruction = PRICED[swap.instruction]
    if (instruction === undefined) return null
    const named = instruction.isV2 ? NAMED_ACCOUNTS_2 : NAMED_ACCOUNTS
    return {
      frontRun: (amount) => build(accounts, getSwapData(user.data, instruction, amount)),
      backRun: (amount, read) => build(getBackRunAccounts(accounts, named, read), getSwapData(user.data, instruction, amount)),
    }
  },
}
