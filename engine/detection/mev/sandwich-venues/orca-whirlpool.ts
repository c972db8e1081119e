/**
 * Orca Whirlpool `swap` / `swapV2`: the accounts name the pool's A and B sides, so both
 * directions use them as they are and the direction is the data's aToB. The back-run's tick
 * arrays are the user's, reordered for the way back. Layout: orca-so/whirlpools
 * (programs/whirlpool/src/instructions/swap.rs, v2/swap.rs).
 */
import { isSameKey } from '../../swaps/instruction-bytes.js'
import type { InstructionAccount } from '../attacker-transaction.js'
import { writeU128, writeU64, type ForkReader, type SandwichVenue } from './sandwich-venue.js'
import { readI32 } from '../../../hot-path/decode/little-endian.js'

/** The program's MIN_SQRT_PRICE / MAX_SQRT_PRICE: no limit in either direction. */
const MIN_SQRT_PRICE = 4_295_048_016n
const MAX_SQRT_PRICE = 79_226_673_515_401_279_992_447_579_055n
/** Ticks a tick array holds, times the tick spacing. */
const TICKS_PER_ARRAY = 88
/** AmountOutBelowMinimum, AmountInAboveMaximum. */
const BOUND_ERRORS = [6036, 6037]

/** swap / swapV2 data with an exact-in amount, no minimum and no price limit in direction `aToB`. */
function getSwapData(user: Uint8Array, amount: bigint, aToB: boolean): Uint8Array {
  const data = new Uint8Array(user)
  writeU64(data, 8, amount)
  writeU64(data, 16, 0n)
  writeU128(data, 24, aToB ? MIN_SQRT_PRICE : MAX_SQRT_PRICE)
  data[40] = 1
  data[41] = aToB ? 1 : 0
  return data
}

/**
 * The user's three tick arrays in the order a swap in direction `aToB` walks them from the pool's
 * current tick (the array holding it first, then the next ones that way; the last repeated when
 * the user's arrays run out, as Orca's client does near the edge). Whirlpool versions before the
 * sparse tick-array sequence require that order, and the back-run goes the other way round from
 * where the user's swap left the price.
 */
function orderTickArrays(
  accounts: readonly InstructionAccount[],
  pool: number,
  first: number,
  aToB: boolean,
  read: ForkReader,
): InstructionAccount[] {
  const whirlpool = read((accounts[pool] as InstructionAccount).key)
  if (whirlpool === undefined || whirlpool.length < 85) return [...accounts]
  const spacing = whirlpool[41]! | (whirlpool[42]! << 8)
  // A swap upwards starts from the array holding the tick one spacing above (Orca's client's shift).
  const tick = readI32(whirlpool, 81) + (aToB ? 0 : spacing)
  const span = TICKS_PER_ARRAY * spacing
  const arrays: Array<{ account: InstructionAccount; start: number }> = []
  for (let k = first; k < first + 3; k++) {
    const account = accounts[k] as InstructionAccount
    const data = read(account.key)
    if (data === undefined || data.length < 12) return [...accounts]
    if (!arrays.some((seen) => isSameKey(seen.account.key, account.key))) arrays.push({ account, start: readI32(data, 8) })
  }
  const ordered = arrays
    .filter(({ start }) => (aToB ? start <= tick : start + span > tick))
    .sort((a, b) => (aToB ? b.start - a.start : a.start - b.start))
  if (ordered.length === 0) return [...accounts]
  const out = [...accounts]
  for (let k = 0; k < 3; k++) out[first + k] = (ordered[Math.min(k, ordered.length - 1)] as { account: InstructionAccount }).account
  return out
}

export const orcaWhirlpoolSandwich: SandwichVenue = {
  boundErrors: new Set(BOUND_ERRORS),
  build(swap, user, accounts, build) {
    if (swap.instruction !== 'swap' && swap.instruction !== 'swapV2') return null
    const aToB = user.data[41] === 1
    // swap: whirlpool 2, tick arrays 7–9; swapV2: whirlpool 4, tick arrays 11–13.
    const [pool, firstTickArray] = swap.instruction === 'swap' ? [2, 7] : [4, 11]
    return {
      frontRun: (amount) => build(accounts, getSwapData(user.data, amount, aToB)),
      backRun: (amount, read) => build(orderTickArrays(accounts, pool, firstTickArray, !aToB, read), getSwapData(user.data, amount, !aToB)),
    }
  },
}
