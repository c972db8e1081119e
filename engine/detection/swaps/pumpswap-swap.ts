/**
 * PumpSwap (pump_amm) trades, from the program's Anchor IDL and docs (pump-fun/pump-public-docs,
 * idl/pump_amm.json, docs/instructions/PUMP_SWAP_TRADE_V2.md). Data after the discriminator:
 *   buy, buy_v2                              base_amount_out u64 (exact), max_quote_amount_in u64
 *   buy_exact_quote_in, buy_exact_quote_in_v2  spendable_quote_in u64 (exact), min_base_amount_out u64
 *   sell, sell_v2                            base_amount_in u64 (exact), min_quote_amount_out u64
 * v1 and v2 share the first nine accounts: 0 pool, 1 user, 2 global_config, 3 base_mint,
 * 4 quote_mint, 5 user_base_token_account, 6 user_quote_token_account,
 * 7 pool_base_token_account, 8 pool_quote_token_account.
 */
import { toKeyBytes } from '../../hot-path/decode/key-bytes.js'
import { getAccount, hasDiscriminator } from './instruction-bytes.js'
import { readU64 } from '../../hot-path/decode/little-endian.js'
import type { SwapDecoder } from './swap-types.js'

export const PUMPSWAP_PROGRAM_ID = toKeyBytes('pAMMBay6oceH9fJKBRHGP5D4bD4sWpmSwMn52FMfXEA')

type TradeKind = 'buy' | 'buy_exact_in' | 'sell'

/** Discriminators as listed in idl/pump_amm.json (sha256("global:<name>")[..8]). */
const TRADES: readonly { name: string; discriminator: Uint8Array; kind: TradeKind }[] = [
  { name: 'buy', discriminator: new Uint8Array([102, 6, 61, 18, 1, 218, 235, 234]), kind: 'buy' },
  { name: 'sell', discriminator: new Uint8Array([51, 230, 133, 164, 1, 127, 131, 173]), kind: 'sell' },
  { name: 'buyExactQuoteIn', discriminator: new Uint8Array([198, 46, 21, 82, 180, 217, 232, 112]), kind: 'buy_exact_in' },
  { name: 'buyV2', discriminator: new Uint8Array([184, 23, 238, 97, 103, 197, 211, 61]), kind: 'buy' },
  { name: 'sellV2', discriminator: new Uint8Array([93, 246, 130, 60, 231, 233, 64, 178]), kind: 'sell' },
  { name: 'buyExactQuoteInV2', discriminator: new Uint8Array([194, 171, 28, 70, 104, 77, 91, 47]), kind: 'buy_exact_in' },
]

/** Decodes a PumpSwap trade; null for the program's other instructions. */
export const decodePumpswapSwap: SwapDecoder = (data, accounts, instructionIndex) => {
  let trade: (typeof TRADES)[number] | undefined
  for (const candidate of TRADES) {
    if (hasDiscriminator(data, candidate.discriminator)) {
      trade = candidate
      break
    }
  }
  if (trade === undefined || data.length < 24) return null
  const first = readU64(data, 8)
  const second = readU64(data, 16)
  const isBuy = trade.kind !== 'sell'
  // Base side: mint 3, user 5, pool vault 7; quote side: 4, 6, 8.
  const [inMint, inUser, inVault, outMint, outUser, outVault] = isBuy ? [4, 6, 8, 3, 5, 7] : [3, 5, 7, 4, 6, 8]
  return {
    venue: 'pumpswap',
    venueName: 'PumpSwap',
    instruction: trade.name,
    instructionIndex,
    mode: trade.kind === 'buy' ? 'exact_out' : 'exact_in',
    amountIn: trade.kind === 'buy' ? second : first,
    amountOut: trade.kind === 'buy' ? first : second,
    slippageBps: null,
    quotedAmount: null,
    pool: getAccount(accounts, 0),
    userSource: getAccount(accounts, inUser),
    userDestination: getAccount(accounts, outUser),
    inputMint: getAccount(accounts, inMint),
    outputMint: getAccount(accounts, outMint),
    vaultIn: getAccount(accounts, inVault),
    vaultOut: getAccount(accounts, outVault),
    poolVaults: [getAccount(accounts, 7), getAccount(accounts, 8)],
    hops: [{ venue: 'PumpSwap', percent: 100 }],
  }
}
