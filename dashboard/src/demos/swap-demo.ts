/**
 * The swap demo: 0.1 SOL swapped for USDC on Orca's SOL/USDC whirlpool, through the real mainnet
 * Whirlpool program and the pool's recorded accounts, which localnet loads when started with
 * `LOCALNET_PROGRAMS_DIR=test/fixtures/programs LOCALNET_ACCOUNTS_DIR=test/fixtures/mainnet/orca-whirlpool`.
 * The transaction wraps the SOL, swaps it with a minimum output 1 % under the pool's quote, and
 * unwraps what is left (test/cases/benign-defi.ts builds the same, `approve` under the default
 * policy). A module of its own, so the Whirlpool client is loaded only for this demo.
 *
 * The quote is computed here from the pool's price and liquidity (Orca's swap step, exact in,
 * within the current tick range: 0.1 SOL does not leave it on this pool), not with
 * @orca-so/whirlpools-core, which is WebAssembly and which the dashboard's Content-Security-Policy
 * does not let run.
 */
import { address, lamports, type Address } from '@solana/kit'
import { fetchWhirlpool, getOracleAddress, getSwapInstruction, getTickArrayAddress } from '@orca-so/whirlpools-client'
import { getSetComputeUnitLimitInstruction, getSetComputeUnitPriceInstruction } from '@solana-program/compute-budget'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCloseAccountInstruction,
  getCreateAssociatedTokenIdempotentInstruction,
  getSyncNativeInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { buildSignedTransaction, createDemoRpc, createFundedWallet, type DemoRpc, type DemoTransaction } from './demo-chain.ts'
import { formatSol } from '../components/format.ts'

export const WHIRLPOOL_PROGRAM = address('whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc')
export const SOL_USDC_WHIRLPOOL = address('HJPjoWUrhoZzkNfRpHuieeFk9WcZWjwy6PBjZ81ngndJ')
const NATIVE_MINT = address('So11111111111111111111111111111111111111112')
const USDC_MINT = address('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v')

const SWAP_IN_LAMPORTS = 100_000_000n
/** The minimum output accepted: 1 % under the quote. */
const SLIPPAGE_BPS = 100n
/** The lowest price a→b may reach: the swap's bound is the minimum output, not a price. */
const MIN_SQRT_PRICE = 4_295_048_016n
const TICK_ARRAY_SIZE = 88
const FEE_RATE_DENOMINATOR = 1_000_000n
const Q64 = 1n << 64n

export const SWAP_UNAVAILABLE_MESSAGE =
  'The swap demo needs the Orca Whirlpool program and the SOL/USDC pool on the local chain: start the service with LOCALNET_PROGRAMS_DIR=test/fixtures/programs LOCALNET_ACCOUNTS_DIR=test/fixtures/mainnet/orca-whirlpool.'

/** The chain lacks the Whirlpool program or the pool: the demo cannot run here. */
export class SwapDemoUnavailableError extends Error {
  constructor() {
    super(SWAP_UNAVAILABLE_MESSAGE)
    this.name = 'SwapDemoUnavailableError'
  }
}

/** Whether the Whirlpool program and the SOL/USDC pool are on the chain. */
export async function isSwapDemoAvailable(rpc: DemoRpc, signal?: AbortSignal): Promise<boolean> {
  const [program, pool] = await Promise.all(
    [WHIRLPOOL_PROGRAM, SOL_USDC_WHIRLPOOL].map((account) =>
      rpc.getAccountInfo(account, { encoding: 'base64', commitment: 'processed' }).send({ abortSignal: signal }),
    ),
  )
  return program?.value !== null && program?.value !== undefined && pool?.value?.owner === WHIRLPOOL_PROGRAM
}

/** Orca's exact-in swap step for a → b inside one tick range: the output the pool pays for `amountIn`. */
export function quoteExactInAToB(pool: { sqrtPrice: bigint; liquidity: bigint; feeRate: number }, amountIn: bigint): bigint {
  const afterFee = (amountIn * (FEE_RATE_DENOMINATOR - BigInt(pool.feeRate))) / FEE_RATE_DENOMINATOR
  // The next price, rounded up (the pool keeps the rounding): L·√P / (L + amount·√P / 2^64), in Q64.64.
  const numerator = pool.liquidity * pool.sqrtPrice * Q64
  const denominator = pool.liquidity * Q64 + afterFee * pool.sqrtPrice
  const nextSqrtPrice = (numerator + denominator - 1n) / denominator
  // Token B out, rounded down: L·(√P − √P') / 2^64.
  return (pool.liquidity * (pool.sqrtPrice - nextSqrtPrice)) / Q64
}

/** The three tick arrays an a → b swap walks from the current tick (down the price). */
async function getTickArraysDown(whirlpool: Address, tickCurrentIndex: number, tickSpacing: number): Promise<[Address, Address, Address]> {
  const span = TICK_ARRAY_SIZE * tickSpacing
  const start = Math.floor(tickCurrentIndex / span) * span
  const [first, second, third] = await Promise.all(
    [start, start - span, start - 2 * span].map(async (index) => (await getTickArrayAddress(whirlpool, index))[0]),
  )
  return [first as Address, second as Address, third as Address]
}

export async function buildSwapDemo(rpcUrl: string, signal?: AbortSignal): Promise<DemoTransaction> {
  const rpc = createDemoRpc(rpcUrl)
  if (!(await isSwapDemoAvailable(rpc, signal))) throw new SwapDemoUnavailableError()
  const pool = (await fetchWhirlpool(rpc, SOL_USDC_WHIRLPOOL, { commitment: 'processed', abortSignal: signal })).data
  const quote = quoteExactInAToB(pool, SWAP_IN_LAMPORTS)
  const minimumOut = (quote * (10_000n - SLIPPAGE_BPS)) / 10_000n
  const [{ signer: wallet }, tickArrays, [oracle]] = await Promise.all([
    createFundedWallet(rpc, signal),
    getTickArraysDown(SOL_USDC_WHIRLPOOL, pool.tickCurrentIndex, pool.tickSpacing),
    // The recorded program version checks the oracle's PDA seeds (later ones read it only for adaptive-fee pools).
    getOracleAddress(SOL_USDC_WHIRLPOOL),
  ])
  const ata = async (mint: Address) =>
    (await findAssociatedTokenPda({ owner: wallet.address, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS }))[0]
  const [wrapped, usdc] = await Promise.all([ata(NATIVE_MINT), ata(USDC_MINT)])
  const transaction = await buildSignedTransaction(
    rpc,
    wallet,
    [
      getSetComputeUnitLimitInstruction({ units: 150_000 }),
      getSetComputeUnitPriceInstruction({ microLamports: 10_000n }),
      getCreateAssociatedTokenIdempotentInstruction({ payer: wallet, ata: wrapped, owner: wallet.address, mint: NATIVE_MINT }),
      getTransferSolInstruction({ source: wallet, destination: wrapped, amount: lamports(SWAP_IN_LAMPORTS) }),
      getSyncNativeInstruction({ account: wrapped }),
      getCreateAssociatedTokenIdempotentInstruction({ payer: wallet, ata: usdc, owner: wallet.address, mint: USDC_MINT }),
      getSwapInstruction({
        tokenAuthority: wallet,
        whirlpool: SOL_USDC_WHIRLPOOL,
        tokenOwnerAccountA: wrapped,
        tokenVaultA: pool.tokenVaultA,
        tokenOwnerAccountB: usdc,
        tokenVaultB: pool.tokenVaultB,
        tickArray0: tickArrays[0],
        tickArray1: tickArrays[1],
        tickArray2: tickArrays[2],
        oracle,
        amount: SWAP_IN_LAMPORTS,
        otherAmountThreshold: minimumOut,
        sqrtPriceLimit: MIN_SQRT_PRICE,
        amountSpecifiedIsInput: true,
        aToB: true,
      }),
      getCloseAccountInstruction({ account: wrapped, destination: wallet.address, owner: wallet }),
    ],
    signal,
  )
  const usdcText = (units: bigint) => `${units / 1_000_000n}.${(units % 1_000_000n).toString().padStart(6, '0')} USDC`
  return {
    transaction,
    wallet: wallet.address,
    description: `A fresh wallet (${wallet.address}), airdropped 2 SOL, swaps ${formatSol(SWAP_IN_LAMPORTS)} for USDC on Orca's SOL/USDC whirlpool: the pool quotes ${usdcText(quote)}, the swap accepts at least ${usdcText(minimumOut)} (1 % under).`,
  }
}
