/**
 * pump.fun bonding-curve trades, from the program's Anchor IDL and instruction docs
 * (pump-fun/pump-public-docs, idl/pump.json, docs/instructions/BUY.md, SELL.md, TRADE_V3.md).
 * Every trade starts its data with two u64 after the discriminator:
 *   buy, buy_v2, buy_v3                          amount (base out, exact), max_sol_cost (quote in, max)
 *   buy_exact_sol_in, buy_exact_quote_in_v2/v3   spendable quote in (exact), min_tokens_out
 *   sell, sell_v2, sell_v3                       amount (base in, exact), min_sol_output
 * Legacy trades are SOL-paired and move SOL between the user's wallet and the bonding curve's
 * lamports, so their SOL leg has no token account; v2/v3 trades name the quote mint, and for
 * wrapped SOL the quote still moves as lamports (the quote token accounts are passed but unused).
 */
import { toKeyBytes } from '../../hot-path/decode/key-bytes.js'
import { getAccount, hasDiscriminator, isSameKey } from './instruction-bytes.js'
import { readU64 } from '../../hot-path/decode/little-endian.js'
import type { DecodedSwap, SwapDecoder } from './swap-types.js'

export const PUMPFUN_PROGRAM_ID = toKeyBytes('6EF8rrecthR5Dkzon8Nwu78hRvfCKubJ14M5uBEwF6P')
export const WRAPPED_SOL_MINT = toKeyBytes('So11111111111111111111111111111111111111112')

type TradeKind = 'buy' | 'buy_exact_in' | 'sell'

/** Account positions; -1 when the instruction has none (legacy trades: the quote is always SOL). */
interface TradeAccounts {
  baseMint: number
  quoteMint: number
  bondingCurve: number
  curveBase: number
  curveQuote: number
  userBase: number
  userQuote: number
}

// global, fee_recipient, mint, bonding_curve, associated_bonding_curve, associated_user, user, …
const LEGACY: TradeAccounts = { baseMint: 2, quoteMint: -1, bondingCurve: 3, curveBase: 4, curveQuote: -1, userBase: 5, userQuote: -1 }
// global, base_mint, quote_mint, 3 programs, 4 fee accounts, bonding_curve,
// associated_base_bonding_curve, associated_quote_bonding_curve, user, associated_base_user, associated_quote_user, …
const V2: TradeAccounts = { baseMint: 1, quoteMint: 2, bondingCurve: 10, curveBase: 11, curveQuote: 12, userBase: 14, userQuote: 15 }
// global, base_mint, quote_mint, base_token_program, quote_token_program, bonding_curve,
// associated_base_bonding_curve, associated_quote_bonding_curve, user, associated_base_user, associated_quote_user, …
const V3: TradeAccounts = { baseMint: 1, quoteMint: 2, bondingCurve: 5, curveBase: 6, curveQuote: 7, userBase: 9, userQuote: 10 }

interface PumpTrade {
  name: string
  discriminator: Uint8Array
  kind: TradeKind
  accounts: TradeAccounts
}

/** Discriminators as listed in idl/pump.json (sha256("global:<name>")[..8]). */
const TRADES: readonly PumpTrade[] = [
  { name: 'buy', discriminator: new Uint8Array([102, 6, 61, 18, 1, 218, 235, 234]), kind: 'buy', accounts: LEGACY },
  { name: 'sell', discriminator: new Uint8Array([51, 230, 133, 164, 1, 127, 131, 173]), kind: 'sell', accounts: LEGACY },
  { name: 'buyExactSolIn', discriminator: new Uint8Array([56, 252, 116, 8, 158, 223, 205, 95]), kind: 'buy_exact_in', accounts: LEGACY },
  { name: 'buyV2', discriminator: new Uint8Array([184, 23, 238, 97, 103, 197, 211, 61]), kind: 'buy', accounts: V2 },
  { name: 'sellV2', discriminator: new Uint8Array([93, 246, 130, 60, 231, 233, 64, 178]), kind: 'sell', accounts: V2 },
  { name: 'buyExactQuoteInV2', discriminator: new Uint8Array([194, 171, 28, 70, 104, 77, 91, 47]), kind: 'buy_exact_in', accounts: V2 },
  { name: 'buyV3', discriminator: new Uint8Array([7, 5, 29, 196, 245, 23, 101, 80]), kind: 'buy', accounts: V3 },
  { name: 'sellV3', discriminator: new Uint8Array([28, 146, 222, 119, 38, 196, 105, 213]), kind: 'sell', accounts: V3 },
  { name: 'buyExactQuoteInV3', discriminator: new Uint8Array([225, 247, 80, 30, 213, 179, 132, 136]), kind: 'buy_exact_in', accounts: V3 },
]

/** Decodes a pump.fun trade; null for the program's other instructions. */
export const decodePumpfunSwap: SwapDecoder = (data, accounts, instructionIndex) => {
  let trade: PumpTrade | undefined
  for (const candidate of TRADES) {
    if (hasDiscriminator(data, candidate.discriminator)) {
      trade = candidate
      break
    }
  }
  if (trade === undefined || data.length < 24) return null
  const first = readU64(data, 8)
  const second = readU64(data, 16)
  const at = trade.accounts
  const quoteMint = at.quoteMint < 0 ? WRAPPED_SOL_MINT : getAccount(accounts, at.quoteMint)
  // SOL-paired curves move lamports: no token account on the quote side. An unresolved quote mint
  // (lookup table not loaded) could be either, so its token accounts are not reported.
  const isTokenQuote = quoteMint !== null && !isSameKey(quoteMint, WRAPPED_SOL_MINT)
  const quoteTokenAccount = (index: number) => (isTokenQuote && index >= 0 ? getAccount(accounts, index) : null)
  const base = {
    mint: getAccount(accounts, at.baseMint),
    user: getAccount(accounts, at.userBase),
    vault: getAccount(accounts, at.curveBase),
  }
  const quote = { mint: quoteMint, user: quoteTokenAccount(at.userQuote), vault: quoteTokenAccount(at.curveQuote) }
  const isBuy = trade.kind !== 'sell'
  const [input, output] = isBuy ? [quote, base] : [base, quote]
  const swap: DecodedSwap = {
    venue: 'pumpfun',
    venueName: 'pump.fun',
    instruction: trade.name,
    instructionIndex,
    mode: trade.kind === 'buy' ? 'exact_out' : 'exact_in',
    // buy: (tokens out, max quote in); buy exact in: (quote in, min tokens out); sell: (tokens in, min quote out).
    amountIn: trade.kind === 'buy' ? second : first,
    amountOut: trade.kind === 'buy' ? first : second,
    slippageBps: null,
    quotedAmount: null,
    pool: getAccount(accounts, at.bondingCurve),
    userSource: input.user,
    userDestination: output.user,
    inputMint: input.mint,
    outputMint: output.mint,
    vaultIn: input.vault,
    vaultOut: output.vault,
    poolVaults: [base.vault, quote.vault],
    hops: [{ venue: 'pump.fun', percent: 100 }],
  }
  return swap
}
