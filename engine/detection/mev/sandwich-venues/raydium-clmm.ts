/**
 * Raydium CLMM (amm_v3) `swap` / `swapV2`: the accounts name the input side first and the program
 * takes the direction from the input vault's mint, so the back-run swaps each input/output pair
 * (token accounts, vaults, and for swapV2 the vault mints; its two token programs are not per
 * side). The back-run's tick arrays are the user's, in the order a swap the other way walks them.
 * Layout: raydium-io/raydium-clmm (programs/amm/src/instructions/swap.rs, swap_v2.rs).
 */
import { hasDiscriminator, isSameKey } from '../../swaps/instruction-bytes.js'
import type { InstructionAccount } from '../attacker-transaction.js'
import { swapPairs, writeU128, writeU64, type ForkReader, type SandwichVenue } from './sandwich-venue.js'
import { readI32 } from '../../../hot-path/decode/little-endian.js'

/** TooLittleOutputReceived, TooMuchInputPaid (error.rs). */
const BOUND_ERRORS = [6022, 6023]
/** sha256("account:TickArrayState")[..8]; the start tick (i32) follows the pool id. */
const TICK_ARRAY = new Uint8Array([192, 155, 85, 205, 49, 249, 129, 42])
const TICK_ARRAY_START_OFFSET = 40
/** PoolState: discriminator, bump, amm_config, owner, token_mint_0/1, then token_vault_0 and token_vault_1. */
const POOL_VAULT_0_OFFSET = 137
const POOL_VAULT_1_OFFSET = 169
/** swap: 0 payer … 3/4 input/output token account, 5/6 input/output vault, 9 the first tick array. */
const SWAP_PAIRS = [
  [3, 4],
  [5, 6],
] as const
/** swapV2 also names 11/12 input/output vault mint; its tick arrays are all remaining accounts from 13. */
const SWAP_V2_PAIRS = [...SWAP_PAIRS, [11, 12]] as const

/** swap / swapV2 data with an exact-in amount, no minimum and no price limit (0: the program's own edge, either way). */
function getSwapData(user: Uint8Array, amount: bigint): Uint8Array {
  const data = new Uint8Array(user)
  writeU64(data, 8, amount)
  writeU64(data, 16, 0n)
  writeU128(data, 24, 0n)
  data[40] = 1
  return data
}

/**
 * `accounts` with the tick arrays from `first` on sorted by start tick in the direction of a swap
 * (descending when the price goes down). The program skips arrays ahead of the first one it
 * needs (the initialized array at or past the pool's current tick, by its bitmap) and then takes
 * each next one it needs from the rest in order, so every array of the user's in that order is
 * accepted from wherever the user's swap left the price. Other accounts among them (the
 * tick-array bitmap extension, found by its key wherever it is) keep their places.
 */
function orderTickArrays(
  accounts: readonly InstructionAccount[],
  first: number,
  priceDown: boolean,
  read: ForkReader,
): InstructionAccount[] {
  const places: number[] = []
  const arrays: Array<{ account: InstructionAccount; start: number }> = []
  for (let k = first; k < accounts.length; k++) {
    const account = accounts[k] as InstructionAccount
    const data = read(account.key)
    if (data === undefined || data.length < TICK_ARRAY_START_OFFSET + 4 || !hasDiscriminator(data, TICK_ARRAY)) continue
    places.push(k)
    arrays.push({ account, start: readI32(data, TICK_ARRAY_START_OFFSET) })
  }
  arrays.sort((a, b) => (priceDown ? b.start - a.start : a.start - b.start))
  const out = [...accounts]
  places.forEach((place, k) => (out[place] = (arrays[k] as { account: InstructionAccount }).account))
  return out
}

/**
 * Whether the back-run moves the price down: it pays token 0 into the pool when the user's swap
 * paid token 1 (its input vault is the pool's vault 1); null when the pool cannot tell.
 */
function isBackRunPriceDown(accounts: readonly InstructionAccount[], read: ForkReader): boolean | null {
  const pool = read((accounts[2] as InstructionAccount).key)
  const userInputVault = (accounts[5] as InstructionAccount).key
  if (pool === undefined || pool.length < POOL_VAULT_1_OFFSET + 32) return null
  if (isSameKey(userInputVault, pool.subarray(POOL_VAULT_1_OFFSET, POOL_VAULT_1_OFFSET + 32))) return true
  if (isSameKey(userInputVault, pool.subarray(POOL_VAULT_0_OFFSET, POOL_VAULT_0_OFFSET + 32))) return false
  return null
}

export const raydiumClmmSandwich: SandwichVenue = {
  boundErrors: new Set(BOUND_ERRORS),
  build(swap, user, accounts, build) {
    if (swap.instruction !== 'swap' && swap.instruction !== 'swapV2') return null
    const [pairs, firstTickArray] = swap.instruction === 'swap' ? [SWAP_PAIRS, 9] : [SWAP_V2_PAIRS, 13]
    const back = swapPairs(accounts, pairs)
    return {
      frontRun: (amount) => build(accounts, getSwapData(user.data, amount)),
      backRun: (amount, read) => {
        const priceDown = isBackRunPriceDown(accounts, read)
        return build(priceDown === null ? back : orderTickArrays(back, firstTickArray, priceDown, read), getSwapData(user.data, amount))
      },
    }
  },
}
