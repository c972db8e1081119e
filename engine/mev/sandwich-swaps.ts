/**
 * The attacker's two swaps around a user's swap, built from the user's own instruction: the same
 * program, pool and pool accounts, with the user's signer and token accounts replaced by the
 * attacker's. The front-run pays `amount` of the user's input token in the user's direction with
 * no minimum; the back-run pays `amount` of the output token back the other way, with no minimum.
 * Only venues whose swap names every account both directions need are built (Orca Whirlpool
 * `swap` / `swapV2`, Raydium CPMM `swapBaseInput` / `swapBaseOutput`); null for the others.
 */
import { isSameKey } from '../swaps/instruction-bytes.js'
import type { DecodedSwap } from '../swaps/swap-types.js'
import { buildAttackerTransaction, type InstructionAccount } from './attacker-transaction.js'

export interface AttackerAccounts {
  /** The attacker's wallet: fee payer and swap authority. */
  payer: Uint8Array
  /** Its token account of the user's input mint. */
  input: Uint8Array
  /** Its token account of the user's output mint. */
  output: Uint8Array
}

/** The user's swap instruction as the message has it. */
export interface UserSwapInstruction {
  program: Uint8Array
  accounts: readonly Uint8Array[]
  writable: readonly boolean[]
  data: Uint8Array
  /** The transaction's signers (their accounts become the attacker's wallet). */
  signers: readonly Uint8Array[]
  blockhash: Uint8Array
}

/** Reads an account of the fork as the previous transactions left it. */
export type ForkReader = (key: Uint8Array) => Uint8Array | undefined

export interface SandwichSwaps {
  frontRun(amount: bigint): Uint8Array
  /** Built after the user's transaction ran, from the pool as it left it. */
  backRun(amount: bigint, read: ForkReader): Uint8Array
}

/** Whirlpool's price bounds (the program's MIN_SQRT_PRICE / MAX_SQRT_PRICE): no limit in either direction. */
const MIN_SQRT_PRICE = 4_295_048_016n
const MAX_SQRT_PRICE = 79_226_673_515_401_279_992_447_579_055n
/** sha256("global:swap_base_input")[..8] (Raydium CPMM). */
const SWAP_BASE_INPUT = new Uint8Array([143, 190, 90, 218, 196, 30, 51, 222])
/** Ticks a Whirlpool tick array holds, times the tick spacing. */
const TICKS_PER_ARRAY = 88

function writeU64(data: Uint8Array, offset: number, value: bigint): void {
  for (let i = 0; i < 8; i++) data[offset + i] = Number((value >> BigInt(8 * i)) & 0xffn)
}

function writeU128(data: Uint8Array, offset: number, value: bigint): void {
  writeU64(data, offset, value & 0xffff_ffff_ffff_ffffn)
  writeU64(data, offset + 8, value >> 64n)
}

function isSigner(user: UserSwapInstruction, key: Uint8Array): boolean {
  for (const signer of user.signers) if (isSameKey(signer, key)) return true
  return false
}

/** The user's accounts with the user's wallet and token accounts replaced by the attacker's. */
function toAttackerAccounts(user: UserSwapInstruction, swap: DecodedSwap, attacker: AttackerAccounts): InstructionAccount[] {
  return user.accounts.map((key, k) => {
    if (isSigner(user, key)) return { key: attacker.payer, writable: true }
    if (swap.userSource !== null && isSameKey(key, swap.userSource)) return { key: attacker.input, writable: true }
    if (swap.userDestination !== null && isSameKey(key, swap.userDestination)) return { key: attacker.output, writable: true }
    return { key, writable: user.writable[k] === true }
  })
}

/** Whirlpool swap / swapV2 data with an exact-in amount, no minimum and no price limit in direction `aToB`. */
function getWhirlpoolData(user: Uint8Array, amount: bigint, aToB: boolean): Uint8Array {
  const data = new Uint8Array(user)
  writeU64(data, 8, amount)
  writeU64(data, 16, 0n)
  writeU128(data, 24, aToB ? MIN_SQRT_PRICE : MAX_SQRT_PRICE)
  data[40] = 1
  data[41] = aToB ? 1 : 0
  return data
}

function readI32(data: Uint8Array, offset: number): number {
  return data[offset]! | (data[offset + 1]! << 8) | (data[offset + 2]! << 16) | (data[offset + 3]! << 24)
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

function getCpmmData(amount: bigint): Uint8Array {
  const data = new Uint8Array(24)
  data.set(SWAP_BASE_INPUT)
  writeU64(data, 8, amount)
  return data
}

/** The attacker's two swaps around `swap`, or null when its venue or instruction is not one this builds. */
export function getSandwichSwaps(swap: DecodedSwap, user: UserSwapInstruction, attacker: AttackerAccounts): SandwichSwaps | null {
  if (swap.userSource === null || swap.userDestination === null) return null
  const accounts = toAttackerAccounts(user, swap, attacker)
  const build = (instructionAccounts: readonly InstructionAccount[], data: Uint8Array) =>
    buildAttackerTransaction(attacker.payer, user.program, instructionAccounts, data, user.blockhash)
  if (swap.venue === 'orca_whirlpool' && (swap.instruction === 'swap' || swap.instruction === 'swapV2')) {
    // The accounts name the pool's A and B sides, so both directions use them as they are; the
    // direction is the data's aToB. The back-run's tick arrays are the user's, reordered for the
    // way back (orderTickArrays).
    const aToB = user.data[41] === 1
    // swap: whirlpool 2, tick arrays 7–9; swapV2: whirlpool 4, tick arrays 11–13.
    const [pool, firstTickArray] = swap.instruction === 'swap' ? [2, 7] : [4, 11]
    return {
      frontRun: (amount) => build(accounts, getWhirlpoolData(user.data, amount, aToB)),
      backRun: (amount, read) =>
        build(orderTickArrays(accounts, pool, firstTickArray, !aToB, read), getWhirlpoolData(user.data, amount, !aToB)),
    }
  }
  if (swap.venue === 'raydium_cpmm') {
    // payer, authority, amm_config, pool_state, input/output token account, input/output vault,
    // input/output token program, input/output mint, observation_state: the back-run swaps each pair.
    const back = [...accounts]
    for (const [a, b] of [
      [4, 5],
      [6, 7],
      [8, 9],
      [10, 11],
    ] as const) {
      back[a] = accounts[b] as InstructionAccount
      back[b] = accounts[a] as InstructionAccount
    }
    return {
      frontRun: (amount) => build(accounts, getCpmmData(amount)),
      backRun: (amount) => build(back, getCpmmData(amount)),
    }
  }
  return null
}
