/**
 * What a decoded swap instruction says: the venue, the amounts the user commits to, and the
 * accounts that move. Every key is a 32-byte view into the caller's buffers (the transaction
 * bytes or a lookup table), never a copy; do not mutate those buffers while a result is in use.
 */

export type SwapVenue =
  'jupiter_v6' | 'raydium_amm_v4' | 'raydium_cpmm' | 'raydium_clmm' | 'orca_whirlpool' | 'meteora_dlmm' | 'pumpfun' | 'pumpswap'

export type SwapMode = 'exact_in' | 'exact_out'

export interface SwapHop {
  /** Jupiter: the route step's Swap enum variant ('Whirlpool', 'RaydiumClmm', …, 'unknown'); else the venue name. */
  venue: string
  /** Jupiter: the share of the step's input (route `percent`, or `bps` / 100 for the V2 routes); else 100. */
  percent: number | null
}

export interface DecodedSwap {
  venue: SwapVenue
  /** 'Jupiter v6', 'Raydium AMM v4', 'Raydium CPMM', 'Raydium CLMM', 'Orca Whirlpool', 'Meteora DLMM', 'pump.fun', 'PumpSwap'. */
  venueName: string
  /** The instruction's IDL name in camelCase, e.g. 'sharedAccountsRoute', 'swapV2', 'buy', 'swapBaseIn'. */
  instruction: string
  /** Top-level instruction index in the message. */
  instructionIndex: number
  mode: SwapMode
  /**
   * exact_in: the input amount; exact_out: the MAXIMUM input the transaction accepts. Null when
   * the instruction does not state it (Jupiter token-ledger routes).
   */
  amountIn: bigint | null
  /**
   * exact_in: the MINIMUM output the transaction accepts; exact_out: the exact output. Null when
   * the instruction sets no bound (Meteora swapWithPriceImpact).
   */
  amountOut: bigint | null
  /** The slippage tolerance the instruction itself states: Jupiter `slippageBps`, Meteora `maxPriceImpactBps`; else null. */
  slippageBps: number | null
  /** Jupiter's quotedOutAmount (exact_in) or quotedInAmount (exact_out); else null. */
  quotedAmount: bigint | null
  /** The pool or state account: whirlpool, AMM id, pool state, lb pair, bonding curve, PumpSwap pool (the first pool of a two-hop swap). */
  pool: Uint8Array | null
  /** The user's token account paying the input; null when not among the accounts or when the input is native SOL. */
  userSource: Uint8Array | null
  /** The user's token account receiving the output; null when not among the accounts or when the output is native SOL. */
  userDestination: Uint8Array | null
  /** The input mint when the accounts name it or it is implied (pump.fun legacy trades: wrapped SOL). */
  inputMint: Uint8Array | null
  outputMint: Uint8Array | null
  /** The pool's token account receiving the input, when the accounts tell the direction (null for a native-SOL leg: pump.fun curves hold SOL as lamports). */
  vaultIn: Uint8Array | null
  /** The pool's token account paying the output, when the accounts tell the direction (null for a native-SOL leg). */
  vaultOut: Uint8Array | null
  /**
   * The pool's two token vaults in the pool's own order (A/B, coin/pc, X/Y, base/quote) when the
   * accounts name them in that order (Whirlpool: pool one; pump.fun: [base, quote], the quote
   * null for SOL); null where they come only as input/output (Raydium CPMM, CLMM). Raydium AMM v4
   * and Meteora DLMM do not say which vault takes the input: `getSwapVaults` resolves it from
   * the token accounts' mints.
   */
  poolVaults: readonly [Uint8Array | null, Uint8Array | null] | null
  /** Jupiter: one per route-plan step; two-hop Whirlpool swaps: two; others: one. */
  hops: SwapHop[]
}

/**
 * A venue decoder: data and accounts of one instruction of its program; null for anything that
 * is not a swap. May throw on garbage (the entry point catches).
 */
export type SwapDecoder = (
  data: Uint8Array,
  accounts: ReadonlyArray<Uint8Array | undefined>,
  instructionIndex: number,
) => DecodedSwap | null
