/**
 * The response's `mev` (docs/detection.md#extractable-value): each top-level swap's sandwich
 * priced on the fork (sandwich-fork.ts), the one that loses the user the most reported, with the
 * bound that caps what it can take at the policy's `max_extractable_bps`. Runs only for swaps the
 * engine decoded as top-level instructions of a transaction that succeeded, so every other
 * simulate pays nothing for it.
 */
import type { NativeSvm } from '../../../lib/native-svm.js'
import type { Extractable, Mev } from '../../contract/simulate-response.js'
import type { Policy } from '../../contract/policy-input.js'
import type { LoadedAccounts } from '../../hot-path/svm/load-accounts.js'
import type { AccountKey } from '../../hot-path/state/account-key.js'
import type { DecodedSwap } from '../swaps/swap-types.js'
import { getSwapAnalysis, getSwapSides } from '../vectors/swap-analysis.js'
import type { VectorContext } from '../vectors/vector-context.js'
import type { SandwichFork, SandwichOutcome, SandwichPrice } from './sandwich-fork.js'
import { WRAPPED_SOL_MINT } from '../../hot-path/svm/well-known-programs.js'

const BPS = 10_000n
/**
 * Top-level swaps priced at most in one transaction, in order. They share one search budget
 * (SANDWICH_MAX_SEARCH_UNITS), so a transaction of several swaps holds the engine no longer than
 * one: two get 8 million units each, more than the 5.4 million the measured swaps need at most;
 * with three or four, a swap that needs more is priced at the largest size its share reached, a
 * lower bound of what it can lose.
 */
export const MAX_PRICED_SWAPS = 4

function unpriced(reason: string): Mev {
  return { extractable: null, recommended_min_output: null, recommended_max_input: null, unpriced_reason: reason }
}

function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b
}

/**
 * `amount` of the token on one side of the swap in lamports, at the swap's own price on the fork
 * (`sideAmount` of that token for `solAmount` lamports); null when neither side is SOL.
 */
function toLamports(amount: bigint, mint: AccountKey, otherMint: AccountKey, sideAmount: bigint, solAmount: bigint): bigint | null {
  if (mint === WRAPPED_SOL_MINT) return amount
  if (otherMint !== WRAPPED_SOL_MINT || sideAmount <= 0n) return null
  return (amount * solAmount) / sideAmount
}

/**
 * The response's `mev` for `context`'s swaps: of those priced, the one with the largest loss in
 * bps of its quote (then in lamports); null when it has none to price (no decoded swap, a failed
 * simulation). `unpriced_reason` is the first swap's reason when none could be priced.
 */
export function getExtractableValue(
  fork: SandwichFork,
  context: VectorContext,
  accounts: LoadedAccounts,
  warm: NativeSvm,
  policy: Readonly<Policy>,
): Mev | null {
  if (!context.success) return null
  const analysis = getSwapAnalysis(context)
  if (analysis.swaps.length === 0) return null
  if (analysis.fromInnerInstructions) return unpriced('a swap made inside another program (a router) is not priced')
  let worst: Mev | null = null
  let reason: string | null = null
  const priced = analysis.swaps.slice(0, MAX_PRICED_SWAPS)
  for (const swap of priced) {
    const mev = priceSwap(fork, context, accounts, warm, policy, swap, priced.length)
    if (mev === null) continue
    if (mev.extractable === null) reason ??= mev.unpriced_reason
    else if (worst?.extractable == null || isWorse(mev.extractable, worst.extractable)) worst = mev
  }
  return worst ?? unpriced(reason ?? 'no swap could be priced')
}

/** Whether `a` takes more from the user than `b`: in bps of its quote, then in lamports. */
function isWorse(a: Extractable, b: Extractable): boolean {
  if (a.bps !== b.bps) return a.bps > b.bps
  return (a.lamports ?? 0) > (b.lamports ?? 0)
}

/** One top-level swap's sandwich; null when its instruction is not in the message. */
function priceSwap(
  fork: SandwichFork,
  context: VectorContext,
  accounts: LoadedAccounts,
  warm: NativeSvm,
  policy: Readonly<Policy>,
  swap: DecodedSwap,
  budgetShares: number,
): Mev | null {
  const sides = getSwapSides(context, swap)
  if (sides.vaultIn === null || sides.vaultOut === null || sides.inputMint === null || sides.outputMint === null) {
    return unpriced("the swap's pool vaults are not known")
  }
  const instruction = context.tx.instructions[swap.instructionIndex]
  if (!instruction) return null
  const signers: Uint8Array[] = []
  for (let i = 0; i < context.signerCount; i++) signers.push(context.rawKeys[i] as Uint8Array)
  let outcome: SandwichOutcome
  try {
    outcome = fork.price({
      swap,
      user: {
        program: context.rawKeys[instruction.programIdIndex] as Uint8Array,
        accounts: Array.from(instruction.accountIndexes, (index) => context.rawKeys[index] as Uint8Array),
        writable: Array.from(instruction.accountIndexes, (index) => context.writable[index] === true),
        data: instruction.data,
        signers,
        blockhash: context.tx.recentBlockhash,
      },
      transaction: context.tx.bytes,
      accounts,
      vaultIn: accounts.rawKeys[accounts.keys.indexOf(sides.vaultIn)] as Uint8Array,
      vaultOut: accounts.rawKeys[accounts.keys.indexOf(sides.vaultOut)] as Uint8Array,
      clockFrom: warm,
      budgetShares,
    })
  } catch (error) {
    // A fork that cannot run the swap (a native error) leaves the simulate itself standing.
    return unpriced(`the fork could not run the sandwich: ${error instanceof Error ? error.message : String(error)}`)
  }
  if (!outcome.priced) return unpriced(outcome.reason)
  return toMev(outcome.price, swap, sides.inputMint, sides.outputMint, context, policy)
}

function toMev(
  price: SandwichPrice,
  swap: DecodedSwap,
  inputMint: AccountKey,
  outputMint: AccountKey,
  context: VectorContext,
  policy: Readonly<Policy>,
): Mev {
  const { amountIn, amountOut } = swap
  const exactIn = swap.mode === 'exact_in'
  // exact in: the user loses output; exact out: it pays more input. The other side is fixed.
  const [lossMint, otherMint] = exactIn ? [outputMint, inputMint] : [inputMint, outputMint]
  const fixedSide = (exactIn ? amountIn : amountOut) ?? 0n
  const loss = exactIn ? price.quote - price.sandwiched : price.sandwiched - price.quote
  const lossLamports = toLamports(loss, lossMint, otherMint, price.quote, fixedSide)
  const profit = price.backRunOut - price.frontRunIn
  // The profit is in the input token: at the quote's price, input ↔ output is fixedSide ↔ quote (exact in) or quote ↔ fixedSide.
  const profitLamports = exactIn
    ? toLamports(profit, inputMint, outputMint, fixedSide, price.quote)
    : toLamports(profit, inputMint, outputMint, price.quote, fixedSide)
  const maxBps = policy.max_extractable_bps === null ? null : BigInt(policy.max_extractable_bps)
  return {
    extractable: {
      instruction_index: swap.instructionIndex,
      amount: String(loss),
      mint: context.name(lossMint),
      lamports: lossLamports === null || lossLamports < 0n ? null : Number(lossLamports),
      bps: loss <= 0n ? 0 : Number((loss * BPS) / price.quote),
      front_run_amount: String(price.frontRunIn),
      limited_by: price.limit,
      attacker_profit: String(profit),
      attacker_fee_lamports: Number(price.attackerFees),
      attacker_profit_lamports: profitLamports === null ? null : Number(profitLamports - price.attackerFees),
      quote: String(price.quote),
      sandwiched: String(price.sandwiched),
    },
    // A sandwich can push the result at most to the swap's own bound: that bound caps the loss.
    recommended_min_output: exactIn && maxBps !== null ? String(ceilDiv(price.quote * (BPS - maxBps), BPS)) : null,
    recommended_max_input: !exactIn && maxBps !== null ? String((price.quote * (BPS + maxBps)) / BPS) : null,
    unpriced_reason: null,
  }
}
