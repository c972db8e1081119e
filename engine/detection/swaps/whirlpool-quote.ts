/**
 * The expected result of an Orca Whirlpool swap from pool state, with Orca's own quote code
 * (@orca-so/whirlpools-core 3.1.0 `swapQuoteByInputToken` / `swapQuoteByOutputToken`, a WASM
 * build of the program's swap math) over accounts decoded with @orca-so/whirlpools-client.
 *
 * The WASM module aborts ("unreachable") on some inputs, e.g. seven tick arrays, and an abort
 * leaves its memory corrupt: every later call fails or lies. So the tick arrays are chosen here
 * (at most five, in swap order, starting with the one holding the current tick), and after an
 * abort this module stops quoting for the life of the process (null) rather than trust the module.
 */
import {
  DYNAMIC_TICK_ARRAY_DISCRIMINATOR,
  FIXED_TICK_ARRAY_DISCRIMINATOR,
  consolidateTick,
  getDynamicTickArrayDecoder,
  getOracleDecoder,
  getOracleDiscriminatorBytes,
  getTickArrayDecoder,
  getWhirlpoolDecoder,
  getWhirlpoolDiscriminatorBytes,
  getWhirlpoolSize,
} from '@orca-so/whirlpools-client'
import {
  type OracleFacade,
  type TickArrayFacade,
  type WhirlpoolFacade,
  swapQuoteByInputToken,
  swapQuoteByOutputToken,
} from '@orca-so/whirlpools-core'
import { hasDiscriminator } from './instruction-bytes.js'
import type { SwapMode } from './swap-types.js'

/** Ticks per tick array (the program's TICK_ARRAY_SIZE). */
const TICKS_PER_ARRAY = 88
/** The most tick arrays handed to the quote: more made the WASM abort in tests. */
export const MAX_QUOTE_TICK_ARRAYS = 5

export interface WhirlpoolQuoteRequest {
  /** The whirlpool account's data. */
  whirlpoolData: Uint8Array
  /** Tick-array accounts' data (fixed or dynamic), any order; those in the swap's path are used. */
  tickArrayData: ReadonlyArray<Uint8Array>
  /** The pool's oracle account data; needed for adaptive-fee pools, ignored otherwise. */
  oracleData?: Uint8Array | null
  /** The chain's unix time in seconds (the program rejects swaps before the pool's last reward update). */
  timestampSec: bigint
  aToB: boolean
  mode: SwapMode
  /** exact_in: the input amount; exact_out: the output amount. */
  amount: bigint
}

export interface WhirlpoolQuote {
  mode: SwapMode
  amountIn: bigint
  amountOut: bigint
  /** The LP + protocol fee taken from the input. */
  feeAmount: bigint
}

const WHIRLPOOL_DISCRIMINATOR = new Uint8Array(getWhirlpoolDiscriminatorBytes())
const ORACLE_DISCRIMINATOR = new Uint8Array(getOracleDiscriminatorBytes())
const WHIRLPOOL_SIZE = getWhirlpoolSize()
const whirlpoolDecoder = getWhirlpoolDecoder()
const fixedTickArrayDecoder = getTickArrayDecoder()
const dynamicTickArrayDecoder = getDynamicTickArrayDecoder()
const oracleDecoder = getOracleDecoder()

// Decoded accounts by data buffer: the cache replaces the buffer on a new account version and
// never mutates it, so this memoises per version and forgets with the version.
const decodedWhirlpools = new WeakMap<Uint8Array, WhirlpoolFacade | null>()
const decodedTickArrays = new WeakMap<Uint8Array, TickArrayFacade | null>()

let isWasmCorrupt = false
// The tsconfig's lib has no WebAssembly types; Node has the class.
const WasmRuntimeError = (globalThis as unknown as { WebAssembly: { RuntimeError: ErrorConstructor } }).WebAssembly.RuntimeError

function decodeWhirlpool(data: Uint8Array): WhirlpoolFacade | null {
  let whirlpool = decodedWhirlpools.get(data)
  if (whirlpool === undefined) {
    whirlpool = data.length >= WHIRLPOOL_SIZE && hasDiscriminator(data, WHIRLPOOL_DISCRIMINATOR) ? whirlpoolDecoder.decode(data) : null
    decodedWhirlpools.set(data, whirlpool)
  }
  return whirlpool
}

function decodeTickArray(data: Uint8Array): TickArrayFacade | null {
  let tickArray = decodedTickArrays.get(data)
  if (tickArray === undefined) {
    tickArray = null
    try {
      if (hasDiscriminator(data, FIXED_TICK_ARRAY_DISCRIMINATOR)) {
        const fixed = fixedTickArrayDecoder.decode(data)
        tickArray = { startTickIndex: fixed.startTickIndex, ticks: fixed.ticks }
      } else if (hasDiscriminator(data, DYNAMIC_TICK_ARRAY_DISCRIMINATOR)) {
        const dynamic = dynamicTickArrayDecoder.decode(data)
        tickArray = { startTickIndex: dynamic.startTickIndex, ticks: dynamic.ticks.map(consolidateTick) }
      }
    } catch {
      tickArray = null
    }
    if (tickArray !== null && tickArray.ticks.length !== TICKS_PER_ARRAY) tickArray = null
    decodedTickArrays.set(data, tickArray)
  }
  return tickArray
}

function decodeOracle(data: Uint8Array | null | undefined): OracleFacade | null {
  if (data === null || data === undefined || !hasDiscriminator(data, ORACLE_DISCRIMINATOR)) return null
  try {
    return oracleDecoder.decode(data)
  } catch {
    return null
  }
}

/**
 * The tick arrays a swap walks, in order: from the array holding the current tick, downwards for
 * a→b, upwards for b→a; consecutive starts only (the quote rejects gaps), at most five.
 */
export function getSwapTickArrays(
  tickArrays: readonly TickArrayFacade[],
  tickCurrentIndex: number,
  tickSpacing: number,
  aToB: boolean,
): TickArrayFacade[] {
  const span = TICKS_PER_ARRAY * tickSpacing
  const currentStart = Math.floor(tickCurrentIndex / span) * span
  const byStart = new Map<number, TickArrayFacade>()
  for (const tickArray of tickArrays) byStart.set(tickArray.startTickIndex, tickArray)
  const path: TickArrayFacade[] = []
  for (let i = 0; i < MAX_QUOTE_TICK_ARRAYS; i++) {
    const tickArray = byStart.get(currentStart + (aToB ? -i : i) * span)
    if (tickArray === undefined) break
    path.push(tickArray)
  }
  return path
}

/** The quote of a Whirlpool swap; null when an account does not decode, the path has no tick array, or the swap cannot be filled. */
export function getWhirlpoolSwapQuote(request: WhirlpoolQuoteRequest): WhirlpoolQuote | null {
  if (isWasmCorrupt || request.amount <= 0n) return null
  const whirlpool = decodeWhirlpool(request.whirlpoolData)
  if (whirlpool === null || whirlpool.tickSpacing <= 0) return null
  const tickArrays: TickArrayFacade[] = []
  for (const data of request.tickArrayData) {
    const tickArray = decodeTickArray(data)
    if (tickArray !== null) tickArrays.push(tickArray)
  }
  const path = getSwapTickArrays(tickArrays, whirlpool.tickCurrentIndex, whirlpool.tickSpacing, request.aToB)
  if (path.length === 0) return null
  const oracle = decodeOracle(request.oracleData)
  try {
    if (request.mode === 'exact_in') {
      // specified_token_a: the input is token A when swapping a→b.
      const quote = swapQuoteByInputToken(request.amount, request.aToB, 0, whirlpool, oracle, path, request.timestampSec)
      return { mode: 'exact_in', amountIn: quote.tokenIn, amountOut: quote.tokenEstOut, feeAmount: quote.tradeFee }
    }
    // specified_token_a: the output is token A when swapping b→a.
    const quote = swapQuoteByOutputToken(request.amount, !request.aToB, 0, whirlpool, oracle, path, request.timestampSec)
    return { mode: 'exact_out', amountIn: quote.tokenEstIn, amountOut: quote.tokenOut, feeAmount: quote.tradeFee }
  } catch (error) {
    // Plain Errors ("Invalid tick array sequence", "Zero tradable amount") are the quote saying
    // no; a WebAssembly.RuntimeError is an abort that corrupted the module.
    if (error instanceof WasmRuntimeError) isWasmCorrupt = true
    return null
  }
}
