/**
 * Orca Whirlpool swap, swapV2, twoHopSwap and twoHopSwapV2. The discriminators come from the
 * official client (@orca-so/whirlpools-client 7.0.0); the arguments are read at their fixed
 * offsets, the layout of the client's instruction-data codecs:
 *   swap / swapV2        amount u64 @8, otherAmountThreshold u64 @16, sqrtPriceLimit u128 @24,
 *                        amountSpecifiedIsInput bool @40, aToB bool @41 (swapV2: then
 *                        remainingAccountsInfo Option<{ slices: Vec<{ u8, u8 }> }> @42)
 *   twoHopSwap / V2      amount u64 @8, otherAmountThreshold u64 @16, amountSpecifiedIsInput @24,
 *                        aToBOne @25, aToBTwo @26, sqrtPriceLimitOne u128 @27, sqrtPriceLimitTwo
 *                        u128 @43 (V2: then remainingAccountsInfo @59)
 * The client's kit decoders take about 10 µs an instruction; these reads take well under one, and
 * test/engine/detection/swaps checks them against the client's encoders and decoders. Account positions are
 * the client's Parsed*Instruction types. `amount` is the input when `amountSpecifiedIsInput`,
 * else the exact output; `otherAmountThreshold` is then the minimum output or the maximum input.
 */
import {
  getSwapDiscriminatorBytes,
  getSwapV2DiscriminatorBytes,
  getTwoHopSwapDiscriminatorBytes,
  getTwoHopSwapV2DiscriminatorBytes,
} from '@orca-so/whirlpools-client'
import { toKeyBytes } from '../../hot-path/decode/key-bytes.js'
import { getAccount, hasDiscriminator } from './instruction-bytes.js'
import { readU32, readU64 } from '../../hot-path/decode/little-endian.js'
import type { DecodedSwap, SwapDecoder, SwapHop } from './swap-types.js'

export const ORCA_WHIRLPOOL_PROGRAM_ID = toKeyBytes('whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc')

const VENUE_NAME = 'Orca Whirlpool'
const SWAP = new Uint8Array(getSwapDiscriminatorBytes())
const SWAP_V2 = new Uint8Array(getSwapV2DiscriminatorBytes())
const TWO_HOP_SWAP = new Uint8Array(getTwoHopSwapDiscriminatorBytes())
const TWO_HOP_SWAP_V2 = new Uint8Array(getTwoHopSwapV2DiscriminatorBytes())
const SWAP_BYTES = 42
const TWO_HOP_SWAP_BYTES = 59

/** A Borsh bool: 0 or 1, anything else is not a valid instruction. */
function readBool(data: Uint8Array, offset: number): boolean | null {
  const value = data[offset]
  return value === 0 ? false : value === 1 ? true : null
}

/** Whether `data` holds a whole Option<RemainingAccountsInfo> at `offset` (tag, then u32 count of 2-byte slices). */
function hasRemainingAccountsInfo(data: Uint8Array, offset: number): boolean {
  const tag = data[offset]
  if (tag === 0) return true
  if (tag !== 1 || data.length < offset + 5) return false
  return data.length >= offset + 5 + 2 * readU32(data, offset + 1)
}

interface Amounts {
  amount: bigint
  otherAmountThreshold: bigint
  amountSpecifiedIsInput: boolean
}

interface Sides {
  pool: Uint8Array | null
  userSource: Uint8Array | null
  userDestination: Uint8Array | null
  inputMint: Uint8Array | null
  outputMint: Uint8Array | null
  vaultIn: Uint8Array | null
  vaultOut: Uint8Array | null
  poolVaults: DecodedSwap['poolVaults']
}

const ONE_HOP: SwapHop[] = [{ venue: VENUE_NAME, percent: 100 }]
const TWO_HOPS: SwapHop[] = [
  { venue: VENUE_NAME, percent: 100 },
  { venue: VENUE_NAME, percent: 100 },
]

interface Amounts {
  amount: bigint
  otherAmountThreshold: bigint
  amountSpecifiedIsInput: boolean
}

interface Sides {
  pool: Uint8Array | null
  userSource: Uint8Array | null
  userDestination: Uint8Array | null
  inputMint: Uint8Array | null
  outputMint: Uint8Array | null
  vaultIn: Uint8Array | null
  vaultOut: Uint8Array | null
  poolVaults: DecodedSwap['poolVaults']
}

function toSwap(name: string, instructionIndex: number, amounts: Amounts, sides: Sides, hops: SwapHop[]): DecodedSwap {
  const isExactIn = amounts.amountSpecifiedIsInput
  return {
    venue: 'orca_whirlpool',
    venueName: VENUE_NAME,
    instruction: name,
    instructionIndex,
    mode: isExactIn ? 'exact_in' : 'exact_out',
    amountIn: isExactIn ? amounts.amount : amounts.otherAmountThreshold,
    amountOut: isExactIn ? amounts.otherAmountThreshold : amounts.amount,
    slippageBps: null,
    quotedAmount: null,
    ...sides,
    hops: [...hops],
  }
}

/** One pool: owner/vault A then owner/vault B at `ownerA`, `ownerA + 1`, `ownerA + 2`, `ownerA + 3`. */
function getOnePoolSides(
  accounts: ReadonlyArray<Uint8Array | undefined>,
  aToB: boolean,
  pool: number,
  ownerA: number,
  mintA: number,
): Sides {
  const [inOwner, inVault, outOwner, outVault] = aToB
    ? [ownerA, ownerA + 1, ownerA + 2, ownerA + 3]
    : [ownerA + 2, ownerA + 3, ownerA, ownerA + 1]
  return {
    pool: getAccount(accounts, pool),
    userSource: getAccount(accounts, inOwner),
    userDestination: getAccount(accounts, outOwner),
    inputMint: mintA < 0 ? null : getAccount(accounts, aToB ? mintA : mintA + 1),
    outputMint: mintA < 0 ? null : getAccount(accounts, aToB ? mintA + 1 : mintA),
    vaultIn: getAccount(accounts, inVault),
    vaultOut: getAccount(accounts, outVault),
    poolVaults: [getAccount(accounts, ownerA + 1), getAccount(accounts, ownerA + 3)],
  }
}

/** Decodes a Whirlpool swap instruction; null for the program's other instructions. */
export const decodeOrcaWhirlpoolSwap: SwapDecoder = (data, accounts, instructionIndex) => {
  const isSwapV2 = hasDiscriminator(data, SWAP_V2)
  if (isSwapV2 || hasDiscriminator(data, SWAP)) {
    if (data.length < SWAP_BYTES + (isSwapV2 ? 1 : 0)) return null
    if (isSwapV2 && !hasRemainingAccountsInfo(data, SWAP_BYTES)) return null
    const amountSpecifiedIsInput = readBool(data, 40)
    const aToB = readBool(data, 41)
    if (amountSpecifiedIsInput === null || aToB === null) return null
    const amounts = { amount: readU64(data, 8), otherAmountThreshold: readU64(data, 16), amountSpecifiedIsInput }
    // swap: tokenProgram, tokenAuthority, whirlpool, tokenOwnerAccountA, tokenVaultA,
    //   tokenOwnerAccountB, tokenVaultB, tickArray0..2, oracle.
    // swapV2: tokenProgramA, tokenProgramB, memoProgram, tokenAuthority, whirlpool, tokenMintA,
    //   tokenMintB, tokenOwnerAccountA, tokenVaultA, tokenOwnerAccountB, tokenVaultB, …
    const sides = isSwapV2 ? getOnePoolSides(accounts, aToB, 4, 7, 5) : getOnePoolSides(accounts, aToB, 2, 3, -1)
    return toSwap(isSwapV2 ? 'swapV2' : 'swap', instructionIndex, amounts, sides, ONE_HOP)
  }
  const isTwoHopV2 = hasDiscriminator(data, TWO_HOP_SWAP_V2)
  if (!isTwoHopV2 && !hasDiscriminator(data, TWO_HOP_SWAP)) return null
  if (data.length < TWO_HOP_SWAP_BYTES + (isTwoHopV2 ? 1 : 0)) return null
  if (isTwoHopV2 && !hasRemainingAccountsInfo(data, TWO_HOP_SWAP_BYTES)) return null
  const amountSpecifiedIsInput = readBool(data, 24)
  const aToBOne = readBool(data, 25)
  const aToBTwo = readBool(data, 26)
  if (amountSpecifiedIsInput === null || aToBOne === null || aToBTwo === null) return null
  const amounts = { amount: readU64(data, 8), otherAmountThreshold: readU64(data, 16), amountSpecifiedIsInput }
  let sides: Sides
  if (isTwoHopV2) {
    // whirlpoolOne, whirlpoolTwo, mintInput, mintIntermediate, mintOutput, 3 token programs,
    // ownerInput, vaultOneInput, vaultOneIntermediate, vaultTwoIntermediate, vaultTwoOutput, ownerOutput, …
    sides = {
      pool: getAccount(accounts, 0),
      userSource: getAccount(accounts, 8),
      userDestination: getAccount(accounts, 13),
      inputMint: getAccount(accounts, 2),
      outputMint: getAccount(accounts, 4),
      vaultIn: getAccount(accounts, 9),
      vaultOut: getAccount(accounts, 12),
      // Pool one's vaults; which is A depends on aToBOne.
      poolVaults: aToBOne ? [getAccount(accounts, 9), getAccount(accounts, 10)] : [getAccount(accounts, 10), getAccount(accounts, 9)],
    }
  } else {
    // tokenProgram, tokenAuthority, whirlpoolOne, whirlpoolTwo, ownerOneA, vaultOneA, ownerOneB,
    // vaultOneB, ownerTwoA, vaultTwoA, ownerTwoB, vaultTwoB, …
    sides = {
      pool: getAccount(accounts, 2),
      userSource: getAccount(accounts, aToBOne ? 4 : 6),
      userDestination: getAccount(accounts, aToBTwo ? 10 : 8),
      inputMint: null,
      outputMint: null,
      vaultIn: getAccount(accounts, aToBOne ? 5 : 7),
      vaultOut: getAccount(accounts, aToBTwo ? 11 : 9),
      poolVaults: [getAccount(accounts, 5), getAccount(accounts, 7)],
    }
  }
  return toSwap(isTwoHopV2 ? 'twoHopSwapV2' : 'twoHopSwap', instructionIndex, amounts, sides, TWO_HOPS)
}
