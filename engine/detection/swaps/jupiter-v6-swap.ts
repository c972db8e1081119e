/**
 * Jupiter Aggregator v6 route instructions. Layouts from the program's Anchor IDL
 * (jup-ag/jupiter-amm-implementation @ 60e6efe5, jupiter/idl.json, checked against
 * test/fixtures/idl/jupiter_v6_idl.json by test/engine/detection/swaps) and, for the V2 routes that
 * newer Jupiter builds emit, sevenlabs-hq/carbon decoders/jupiter-swap-decoder
 * (src/instructions/*_v2.rs, generated from the current IDL).
 *
 * V1 routes put the route plan first and end with fixed-size arguments, so the amounts are read
 * from the end of the data: a route-plan variant this table does not know cannot misplace them.
 * V2 routes put the amounts first and the route plan last. A plan made only of known variants
 * must end exactly where the fixed arguments start (V1) or where the data ends (V2); otherwise the
 * data is truncated or garbled and the instruction is refused (null).
 *
 * The minimum output is quotedOutAmount × (10000 − slippageBps) / 10000, rounded down, slippage
 * capped at 10000: Jupiter's docs say the exact-in slippage applies to the output token and the
 * exact-out slippage to the input token (dev.jup.ag/docs/api/swap-api/quote, `slippageBps`), and a
 * public Jupiter v6 CPI helper reproduces the program's bound as
 * quoted_out × (MAX_SLIPPAGE_BPS − min(slippage_bps, MAX_SLIPPAGE_BPS)) / MAX_SLIPPAGE_BPS with
 * MAX_SLIPPAGE_BPS = 10_000 (`compute_min_amount_out`, jupiter_v6/mod.rs; the code-search index
 * did not name its repository); Jupiter's program source is not public. For exact-out routes the
 * maximum input is taken as quotedInAmount × (10000 + slippageBps) / 10000, rounded down; the
 * program's exact rounding is not published.
 */
import { toKeyBytes } from '../../hot-path/decode/key-bytes.js'
import { getAccount, hasDiscriminator, isSameKey } from './instruction-bytes.js'
import { readU16, readU32, readU64 } from '../../hot-path/decode/little-endian.js'
import { type AmountLayout, JUPITER_ROUTE_INSTRUCTIONS, type JupiterRouteInstruction } from './jupiter-route-instructions.js'
import { JUPITER_SWAP_VARIANTS } from './jupiter-swap-variants.js'
import type { DecodedSwap, SwapDecoder, SwapHop } from './swap-types.js'

export const JUPITER_V6_PROGRAM_ID = toKeyBytes('JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4')

const MAX_SLIPPAGE_BPS = 10_000

const V1_TAIL_BYTES: Record<Exclude<AmountLayout, 'v2'>, number> = { v1_exact_in: 19, v1_ledger: 11, v1_exact_out: 19 }
const V2_AMOUNT_BYTES = 22
/** After a step's Swap variant: V1 percent u8 + inputIndex u8 + outputIndex u8; V2 bps u16 + the two indexes. */
const V1_STEP_TAIL_BYTES = 3
const V2_STEP_TAIL_BYTES = 4

/** The least output an exact-in route accepts: quoted × (10000 − min(slippageBps, 10000)) / 10000, rounded down. */
export function getJupiterMinimumOut(quotedOutAmount: bigint, slippageBps: number): bigint {
  const keptBps = MAX_SLIPPAGE_BPS - Math.min(slippageBps, MAX_SLIPPAGE_BPS)
  return (quotedOutAmount * BigInt(keptBps)) / BigInt(MAX_SLIPPAGE_BPS)
}

/** The most input an exact-out route accepts: quoted × (10000 + slippageBps) / 10000, rounded down. */
export function getJupiterMaximumIn(quotedInAmount: bigint, slippageBps: number): bigint {
  return (quotedInAmount * BigInt(MAX_SLIPPAGE_BPS + slippageBps)) / BigInt(MAX_SLIPPAGE_BPS)
}

/**
 * The route plan's hops, from `start` (the Vec's u32 length) to `end`, or null when the data is
 * inconsistent: a plan of known variants that runs past `end` or stops short of it (truncated or
 * garbled data). A Swap variant the table does not know ends the decode with one 'unknown' hop
 * after those decoded; the rest of the plan cannot be checked then.
 */
function decodeRoutePlan(data: Uint8Array, start: number, end: number, isV2: boolean): SwapHop[] | null {
  if (start + 4 > end) return null
  const count = readU32(data, start)
  const stepTailBytes = isV2 ? V2_STEP_TAIL_BYTES : V1_STEP_TAIL_BYTES
  const hops: SwapHop[] = []
  let o = start + 4
  for (let i = 0; i < count; i++) {
    if (o >= end) return null
    const variant = JUPITER_SWAP_VARIANTS[data[o]!]
    if (variant === undefined) {
      hops.push({ venue: 'unknown', percent: null })
      return hops
    }
    o += 1 + variant.fieldBytes
    if (o + stepTailBytes > end) return null
    hops.push({ venue: variant.name, percent: isV2 ? readU16(data, o) / 100 : data[o]! })
    o += stepTailBytes
  }
  return o === end ? hops : null
}

function findRouteInstruction(data: Uint8Array): JupiterRouteInstruction | undefined {
  for (const instruction of JUPITER_ROUTE_INSTRUCTIONS) {
    if (hasDiscriminator(data, instruction.discriminator)) return instruction
  }
  return undefined
}

/** Decodes a Jupiter v6 route instruction; null for Jupiter's other instructions and garbled data. */
export const decodeJupiterV6Swap: SwapDecoder = (data, accounts, instructionIndex) => {
  const instruction = findRouteInstruction(data)
  if (instruction === undefined) return null
  const argsStart = 8 + (instruction.hasId ? 1 : 0)

  let amount: bigint | null
  let quoted: bigint
  let slippageBps: number
  let hops: SwapHop[]
  if (instruction.amounts === 'v2') {
    if (data.length < argsStart + V2_AMOUNT_BYTES + 4) return null
    amount = readU64(data, argsStart)
    quoted = readU64(data, argsStart + 8)
    slippageBps = readU16(data, argsStart + 16)
    const plan = decodeRoutePlan(data, argsStart + V2_AMOUNT_BYTES, data.length, true)
    if (plan === null) return null
    hops = plan
  } else {
    const tailStart = data.length - V1_TAIL_BYTES[instruction.amounts]
    if (tailStart < argsStart + 4) return null
    let o = tailStart
    amount = null
    if (instruction.amounts !== 'v1_ledger') {
      amount = readU64(data, o)
      o += 8
    }
    quoted = readU64(data, o)
    slippageBps = readU16(data, o + 8)
    const plan = decodeRoutePlan(data, argsStart, tailStart, false)
    if (plan === null) return null
    hops = plan
  }

  let destination = getAccount(accounts, instruction.destinationAccount)
  if (instruction.optionalDestinationAccount >= 0) {
    const optional = getAccount(accounts, instruction.optionalDestinationAccount)
    // Anchor passes the program id itself for an optional account that is not set.
    if (optional !== null && !isSameKey(optional, JUPITER_V6_PROGRAM_ID)) destination = optional
  }
  const isExactIn = instruction.mode === 'exact_in'
  const swap: DecodedSwap = {
    venue: 'jupiter_v6',
    venueName: 'Jupiter v6',
    instruction: instruction.name,
    instructionIndex,
    mode: instruction.mode,
    amountIn: isExactIn ? amount : getJupiterMaximumIn(quoted, slippageBps),
    amountOut: isExactIn ? getJupiterMinimumOut(quoted, slippageBps) : amount,
    slippageBps,
    quotedAmount: quoted,
    pool: null,
    userSource: getAccount(accounts, instruction.sourceAccount),
    userDestination: destination,
    inputMint: instruction.sourceMintAccount >= 0 ? getAccount(accounts, instruction.sourceMintAccount) : null,
    outputMint: getAccount(accounts, instruction.destinationMintAccount),
    vaultIn: null,
    vaultOut: null,
    poolVaults: null,
    hops,
  }
  return swap
}
