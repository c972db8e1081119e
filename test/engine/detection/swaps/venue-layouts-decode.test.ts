// Raydium AMM v4 / CPMM / CLMM, Meteora DLMM, pump.fun and PumpSwap instructions written with
// kit's struct encoders from the venues' published argument lists (the sources cited in each
// decoder), then decoded: the byte layout is stated once here and once in the decoder.
import { createHash } from 'node:crypto'
import {
  getBooleanEncoder,
  getI32Encoder,
  getOptionEncoder,
  getStructEncoder,
  getU128Encoder,
  getU16Encoder,
  getU64Encoder,
  getU8Encoder,
} from '@solana/kit'
import t from 'tap'
import { decodeSwapInstruction } from '../../../../engine/detection/swaps/index.js'
import { METEORA_DLMM_PROGRAM_ID } from '../../../../engine/detection/swaps/meteora-dlmm-swap.js'
import { PUMPFUN_PROGRAM_ID, WRAPPED_SOL_MINT } from '../../../../engine/detection/swaps/pumpfun-swap.js'
import { PUMPSWAP_PROGRAM_ID } from '../../../../engine/detection/swaps/pumpswap-swap.js'
import { RAYDIUM_AMM_V4_PROGRAM_ID } from '../../../../engine/detection/swaps/raydium-amm-v4-swap.js'
import { RAYDIUM_CLMM_PROGRAM_ID } from '../../../../engine/detection/swaps/raydium-clmm-swap.js'
import { RAYDIUM_CPMM_PROGRAM_ID } from '../../../../engine/detection/swaps/raydium-cpmm-swap.js'

const anchor = (name: string) => [...createHash('sha256').update(`global:${name}`).digest().subarray(0, 8)]
const twoU64 = (first: string, second: string) =>
  getStructEncoder([
    [first, getU64Encoder()],
    [second, getU64Encoder()],
  ])
const withDiscriminator = (name: string, args: ArrayLike<number>) => new Uint8Array([...anchor(name), ...Array.from(args)])
/** `count` distinct keys; key i is filled with i + 1. */
const keys = (count: number): Uint8Array[] => Array.from({ length: count }, (_, i) => new Uint8Array(32).fill(i + 1))

t.test('Raydium AMM v4: swapBaseIn / swapBaseOut with 18 and 17 accounts, and the V2 pair', async (t) => {
  const tagged = (tag: number, first: bigint, second: bigint) =>
    new Uint8Array([tag, ...getU64Encoder().encode(first), ...getU64Encoder().encode(second)])
  const accounts18 = keys(18)
  const baseIn = decodeSwapInstruction(RAYDIUM_AMM_V4_PROGRAM_ID, tagged(9, 1_000n, 950n), accounts18, 5)!
  t.equal(baseIn.venue, 'raydium_amm_v4')
  t.equal(baseIn.venueName, 'Raydium AMM v4')
  t.equal(baseIn.instruction, 'swapBaseIn')
  t.equal(baseIn.mode, 'exact_in')
  t.equal(baseIn.amountIn, 1_000n)
  t.equal(baseIn.amountOut, 950n)
  t.equal(baseIn.pool, accounts18[1])
  t.same(baseIn.poolVaults, [accounts18[5], accounts18[6]], 'coin and pc vaults at 5, 6')
  t.equal(baseIn.userSource, accounts18[15])
  t.equal(baseIn.userDestination, accounts18[16])
  t.equal(baseIn.vaultIn, null, 'the direction is not in the accounts')

  const accounts17 = keys(17)
  const baseOut = decodeSwapInstruction(RAYDIUM_AMM_V4_PROGRAM_ID, tagged(11, 2_000n, 1_500n), accounts17, 0)!
  t.equal(baseOut.instruction, 'swapBaseOut')
  t.equal(baseOut.mode, 'exact_out')
  t.equal(baseOut.amountIn, 2_000n, 'max_amount_in')
  t.equal(baseOut.amountOut, 1_500n, 'amount_out')
  t.same(baseOut.poolVaults, [accounts17[4], accounts17[5]], 'without target orders the vaults are at 4, 5')
  t.equal(baseOut.userSource, accounts17[14])
  t.equal(baseOut.userDestination, accounts17[15])

  const accounts8 = keys(8)
  const v2 = decodeSwapInstruction(RAYDIUM_AMM_V4_PROGRAM_ID, tagged(16, 7n, 6n), accounts8, 0)!
  t.equal(v2.instruction, 'swapBaseInV2')
  t.same(v2.poolVaults, [accounts8[3], accounts8[4]])
  t.equal(v2.userSource, accounts8[5])
  t.equal(v2.userDestination, accounts8[6])
  t.equal(decodeSwapInstruction(RAYDIUM_AMM_V4_PROGRAM_ID, tagged(17, 7n, 6n), accounts8, 0)?.instruction, 'swapBaseOutV2')
  for (const tag of [0, 1, 3, 4, 10, 12, 15, 18, 255]) {
    t.equal(decodeSwapInstruction(RAYDIUM_AMM_V4_PROGRAM_ID, tagged(tag, 7n, 6n), accounts18, 0), null, `tag ${tag} is not a swap`)
  }
})

t.test('Raydium CPMM: swap_base_input and swap_base_output', async (t) => {
  const accounts = keys(13)
  const input = decodeSwapInstruction(
    RAYDIUM_CPMM_PROGRAM_ID,
    withDiscriminator('swap_base_input', twoU64('amount_in', 'minimum_amount_out').encode({ amount_in: 10n, minimum_amount_out: 9n })),
    accounts,
    1,
  )!
  t.equal(input.venueName, 'Raydium CPMM')
  t.equal(input.instruction, 'swapBaseInput')
  t.equal(input.mode, 'exact_in')
  t.equal(input.amountIn, 10n)
  t.equal(input.amountOut, 9n)
  t.equal(input.pool, accounts[3])
  t.equal(input.userSource, accounts[4])
  t.equal(input.userDestination, accounts[5])
  t.equal(input.vaultIn, accounts[6])
  t.equal(input.vaultOut, accounts[7])
  t.equal(input.inputMint, accounts[10])
  t.equal(input.outputMint, accounts[11])
  const output = decodeSwapInstruction(
    RAYDIUM_CPMM_PROGRAM_ID,
    withDiscriminator('swap_base_output', twoU64('max_amount_in', 'amount_out').encode({ max_amount_in: 30n, amount_out: 20n })),
    accounts,
    1,
  )!
  t.equal(output.instruction, 'swapBaseOutput')
  t.equal(output.mode, 'exact_out')
  t.equal(output.amountIn, 30n)
  t.equal(output.amountOut, 20n)
})

t.test('Raydium CLMM: swap (v1) by base input and by base output', async (t) => {
  const args = getStructEncoder([
    ['amount', getU64Encoder()],
    ['other_amount_threshold', getU64Encoder()],
    ['sqrt_price_limit_x64', getU128Encoder()],
    ['is_base_input', getBooleanEncoder()],
  ])
  const accounts = keys(10)
  const byInput = decodeSwapInstruction(
    RAYDIUM_CLMM_PROGRAM_ID,
    withDiscriminator(
      'swap',
      args.encode({ amount: 500n, other_amount_threshold: 480n, sqrt_price_limit_x64: 2n ** 100n, is_base_input: true }),
    ),
    accounts,
    0,
  )!
  t.equal(byInput.instruction, 'swap')
  t.equal(byInput.mode, 'exact_in')
  t.equal(byInput.amountIn, 500n)
  t.equal(byInput.amountOut, 480n)
  t.equal(byInput.pool, accounts[2])
  t.equal(byInput.vaultIn, accounts[5])
  t.equal(byInput.vaultOut, accounts[6])
  t.equal(byInput.inputMint, null, 'swap (v1) does not name the mints')
  const byOutput = decodeSwapInstruction(
    RAYDIUM_CLMM_PROGRAM_ID,
    withDiscriminator('swap', args.encode({ amount: 500n, other_amount_threshold: 520n, sqrt_price_limit_x64: 0n, is_base_input: false })),
    accounts,
    0,
  )!
  t.equal(byOutput.mode, 'exact_out')
  t.equal(byOutput.amountOut, 500n, 'amount is the exact output')
  t.equal(byOutput.amountIn, 520n, 'the threshold is the maximum input')
})

t.test('Meteora DLMM: swap, swap2, swapExactOut, swapWithPriceImpact', async (t) => {
  const accounts = keys(16)
  const amounts = twoU64('amount_in', 'min_amount_out').encode({ amount_in: 1_000n, min_amount_out: 990n })
  for (const name of ['swap', 'swap2']) {
    // swap2 appends remaining_accounts_info (a Vec of slices): an empty one here.
    const data = withDiscriminator(name, name === 'swap2' ? new Uint8Array([...amounts, 0, 0, 0, 0]) : amounts)
    const swap = decodeSwapInstruction(METEORA_DLMM_PROGRAM_ID, data, accounts, 0)!
    t.equal(swap.venueName, 'Meteora DLMM')
    t.equal(swap.instruction, name)
    t.equal(swap.mode, 'exact_in')
    t.equal(swap.amountIn, 1_000n)
    t.equal(swap.amountOut, 990n)
    t.equal(swap.pool, accounts[0])
    t.same(swap.poolVaults, [accounts[2], accounts[3]], 'reserve_x, reserve_y')
    t.equal(swap.userSource, accounts[4])
    t.equal(swap.userDestination, accounts[5])
  }
  const exactOut = decodeSwapInstruction(
    METEORA_DLMM_PROGRAM_ID,
    withDiscriminator('swap_exact_out', twoU64('max_in_amount', 'out_amount').encode({ max_in_amount: 70n, out_amount: 60n })),
    accounts,
    0,
  )!
  t.equal(exactOut.instruction, 'swapExactOut')
  t.equal(exactOut.mode, 'exact_out')
  t.equal(exactOut.amountIn, 70n)
  t.equal(exactOut.amountOut, 60n)

  const priceImpact = getStructEncoder([
    ['amount_in', getU64Encoder()],
    ['active_id', getOptionEncoder(getI32Encoder())],
    ['max_price_impact_bps', getU16Encoder()],
  ])
  for (const activeId of [null, -4_321]) {
    const swap = decodeSwapInstruction(
      METEORA_DLMM_PROGRAM_ID,
      withDiscriminator(
        'swap_with_price_impact',
        priceImpact.encode({ amount_in: 3_000n, active_id: activeId, max_price_impact_bps: 150 }),
      ),
      accounts,
      0,
    )!
    t.equal(swap.instruction, 'swapWithPriceImpact')
    t.equal(swap.amountIn, 3_000n)
    t.equal(swap.amountOut, null, 'no minimum output: the bound is on price impact')
    t.equal(swap.slippageBps, 150, `max_price_impact_bps read past active_id ${activeId}`)
  }
})

t.test('pump.fun: legacy buy / sell / buyExactSolIn move SOL as lamports', async (t) => {
  // global, fee_recipient, mint, bonding_curve, associated_bonding_curve, associated_user, user, …
  const accounts = keys(16)
  const buy = decodeSwapInstruction(
    PUMPFUN_PROGRAM_ID,
    withDiscriminator(
      'buy',
      new Uint8Array([...twoU64('amount', 'max_sol_cost').encode({ amount: 1_000_000n, max_sol_cost: 50_000n }), 1, 1]),
    ),
    accounts,
    2,
  )!
  t.equal(buy.venueName, 'pump.fun')
  t.equal(buy.instruction, 'buy')
  t.equal(buy.mode, 'exact_out', 'buy: exact tokens out')
  t.equal(buy.amountOut, 1_000_000n)
  t.equal(buy.amountIn, 50_000n, 'max_sol_cost')
  t.same(buy.inputMint, WRAPPED_SOL_MINT, 'SOL is implied')
  t.equal(buy.outputMint, accounts[2])
  t.equal(buy.pool, accounts[3], 'the bonding curve')
  t.equal(buy.userSource, null, 'SOL comes from the wallet, not a token account')
  t.equal(buy.userDestination, accounts[5])
  t.equal(buy.vaultIn, null)
  t.equal(buy.vaultOut, accounts[4])

  const sell = decodeSwapInstruction(
    PUMPFUN_PROGRAM_ID,
    withDiscriminator('sell', twoU64('amount', 'min_sol_output').encode({ amount: 2_000n, min_sol_output: 30n })),
    accounts,
    0,
  )!
  t.equal(sell.mode, 'exact_in')
  t.equal(sell.amountIn, 2_000n)
  t.equal(sell.amountOut, 30n)
  t.equal(sell.userSource, accounts[5])
  t.equal(sell.userDestination, null)
  t.same(sell.outputMint, WRAPPED_SOL_MINT)

  const exactSol = decodeSwapInstruction(
    PUMPFUN_PROGRAM_ID,
    withDiscriminator(
      'buy_exact_sol_in',
      twoU64('spendable_sol_in', 'min_tokens_out').encode({ spendable_sol_in: 9n, min_tokens_out: 8n }),
    ),
    accounts,
    0,
  )!
  t.equal(exactSol.instruction, 'buyExactSolIn')
  t.equal(exactSol.mode, 'exact_in')
  t.equal(exactSol.amountIn, 9n)
  t.equal(exactSol.amountOut, 8n)
})

t.test('pump.fun v2/v3: the quote mint is an account; token-paired quotes have token accounts', async (t) => {
  const usdc = new Uint8Array(32).fill(200)
  // v3: global, base_mint, quote_mint, base_token_program, quote_token_program, bonding_curve,
  // associated_base_bonding_curve, associated_quote_bonding_curve, user, associated_base_user, associated_quote_user, …
  const v3 = keys(17)
  v3[2] = usdc
  const buy = decodeSwapInstruction(
    PUMPFUN_PROGRAM_ID,
    withDiscriminator(
      'buy_exact_quote_in_v3',
      twoU64('spendable_quote_in', 'min_tokens_out').encode({ spendable_quote_in: 5n, min_tokens_out: 4n }),
    ),
    v3,
    0,
  )!
  t.equal(buy.instruction, 'buyExactQuoteInV3')
  t.equal(buy.inputMint, usdc)
  t.equal(buy.outputMint, v3[1])
  t.equal(buy.pool, v3[5])
  t.equal(buy.userSource, v3[10], 'USDC leaves the user quote account')
  t.equal(buy.userDestination, v3[9])
  t.equal(buy.vaultIn, v3[7])
  t.equal(buy.vaultOut, v3[6])

  // v2: … bonding_curve 10, associated_base_bonding_curve 11, associated_quote_bonding_curve 12, user 13, associated_base_user 14, associated_quote_user 15.
  const v2 = keys(26)
  v2[2] = WRAPPED_SOL_MINT
  const sell = decodeSwapInstruction(
    PUMPFUN_PROGRAM_ID,
    withDiscriminator('sell_v2', twoU64('amount', 'min_sol_output').encode({ amount: 100n, min_sol_output: 1n })),
    v2,
    0,
  )!
  t.equal(sell.instruction, 'sellV2')
  t.equal(sell.pool, v2[10])
  t.equal(sell.userSource, v2[14])
  t.equal(sell.vaultIn, v2[11])
  t.equal(sell.userDestination, null, 'SOL-paired: the quote moves as lamports')
  t.equal(sell.vaultOut, null)
  t.equal(decodeSwapInstruction(PUMPFUN_PROGRAM_ID, withDiscriminator('buy_v2', new Uint8Array(16)), v2, 0)?.mode, 'exact_out')
  t.equal(decodeSwapInstruction(PUMPFUN_PROGRAM_ID, withDiscriminator('create', new Uint8Array(16)), v2, 0), null, 'create is not a trade')
})

t.test('PumpSwap: sell and buyExactQuoteIn', async (t) => {
  // pool, user, global_config, base_mint, quote_mint, user_base, user_quote, pool_base, pool_quote, …
  const accounts = keys(23)
  const sell = decodeSwapInstruction(
    PUMPSWAP_PROGRAM_ID,
    withDiscriminator('sell', twoU64('base_amount_in', 'min_quote_amount_out').encode({ base_amount_in: 40n, min_quote_amount_out: 3n })),
    accounts,
    0,
  )!
  t.equal(sell.instruction, 'sell')
  t.equal(sell.mode, 'exact_in')
  t.equal(sell.amountIn, 40n)
  t.equal(sell.amountOut, 3n)
  t.equal(sell.inputMint, accounts[3])
  t.equal(sell.outputMint, accounts[4])
  t.equal(sell.userSource, accounts[5])
  t.equal(sell.userDestination, accounts[6])
  t.equal(sell.vaultIn, accounts[7])
  t.equal(sell.vaultOut, accounts[8])
  const buy = decodeSwapInstruction(
    PUMPSWAP_PROGRAM_ID,
    withDiscriminator(
      'buy_exact_quote_in',
      new Uint8Array([
        ...twoU64('spendable_quote_in', 'min_base_amount_out').encode({ spendable_quote_in: 11n, min_base_amount_out: 10n }),
        ...getU8Encoder().encode(0),
      ]),
    ),
    accounts,
    0,
  )!
  t.equal(buy.instruction, 'buyExactQuoteIn')
  t.equal(buy.mode, 'exact_in')
  t.equal(buy.amountIn, 11n)
  t.equal(buy.amountOut, 10n)
  t.equal(buy.vaultIn, accounts[8], 'quote in')
  t.equal(decodeSwapInstruction(PUMPSWAP_PROGRAM_ID, withDiscriminator('sell_v2', new Uint8Array(16)), accounts, 0)?.instruction, 'sellV2')
})
