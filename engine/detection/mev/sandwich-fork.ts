/**
 * Prices a sandwich of one swap on a scratch copy of the warm state: the largest front-run that
 * still lets the user's transaction pass, then front-run, the user's transaction and back-run run
 * one after the other, and what they move is read back. LiteSVM 1.5.0 has no cheap copy of an SVM
 * (toBytes/fromBytes serialize everything), so the fork is a second long-lived SVM holding only
 * what priced swaps touched: the transaction's accounts, their programdata and mints, its lookup
 * tables, written only when the cached version changed (svm-state.ts: a program is compiled once
 * per version, not per request). Every write a probe makes is undone before the next one, by
 * writing the transaction's writable accounts back as the cache holds them: nothing of a fork
 * reaches the warm SVM or outlives the call.
 *
 * The search: the attacker's budget is the pool's reserve of the input token (a front-run larger
 * than what the pool holds of the token would be a trade of its own, not a sandwich). It is tried
 * first; when it fails, the size is searched between what passed and what failed: by the secant
 * of the user's slack (how far its result stays inside its bound) while two sizes passed, else
 * by bisection (geometric while the bounds are far apart), until the bracket is within 1/128 of
 * itself or the user is left within 1/64 of its tolerance. A size passes when the front-run runs
 * and the user's transaction still succeeds after it; a swap whose bound leaves no margin against
 * its own result is not searched (nothing can be taken), and the search stops after
 * `maxSearchUnits` of compute or MAX_PROBES
 * sizes whatever it has reached (a transaction's priced swaps share those units). Nothing here
 * awaits: the fork is shared by every request of the engine.
 */
import { createHash } from 'node:crypto'
import {
  createNativeAccount,
  getDeletionAccount,
  isNativeFailure,
  type NativeAccount,
  type NativeFailure,
  type NativeMetadata,
  type NativeSvm,
  createNativeSvm,
} from '../../../lib/native-svm.js'
import { fromNativeTransactionError } from '../../../lib/transaction-error.js'
import type { LoadedAccounts } from '../../hot-path/svm/load-accounts.js'
import type { AccountKey } from '../../hot-path/state/account-key.js'
import type { AccountEntry, CachedAccount } from '../../hot-path/state/cached-account.js'
import { createSvmState, getNativeAccount, type SvmState } from '../../hot-path/svm/svm-state.js'
import { NATIVE_LOADER, SYSTEM_PROGRAM, SYSVAR_OWNER } from '../../hot-path/svm/well-known-programs.js'
import { readU64 } from '../../hot-path/decode/little-endian.js'
import { fromAccountKey, toAccountKey } from '../../hot-path/state/account-key.js'
import type { DecodedSwap } from '../swaps/swap-types.js'
import { getSandwichSwaps, type AttackerAccounts, type UserSwapInstruction } from './sandwich-swaps.js'
import { createAttackerTokenAccount, hasTransferFeeAmount } from './attacker-token-account.js'

/** What stopped the front-run growing: the attacker's budget, the user's bound, or the pool (liquidity, or the accounts the swap passes). */
export type SandwichLimit = 'budget' | 'minimum_output' | 'pool_accounts'

export interface SandwichRequest {
  swap: DecodedSwap
  user: UserSwapInstruction
  /** The user's transaction as simulated. */
  transaction: Uint8Array
  accounts: LoadedAccounts
  vaultIn: Uint8Array
  vaultOut: Uint8Array
  /** The SVM whose clock the fork takes (the warm one). */
  clockFrom: NativeSvm
  /**
   * How many swaps of the transaction are priced (default 1): they share the search's compute
   * budget equally, so a transaction of several swaps holds the engine no longer than one.
   */
  budgetShares?: number
}

export interface SandwichPrice {
  /** What the user gets (exact in) or pays (exact out) with nobody around it, on the fork. */
  quote: bigint
  /** The same under the sandwich. */
  sandwiched: bigint
  /** What the front-run paid (input token) and bought (output token). */
  frontRunIn: bigint
  frontRunOut: bigint
  /** What the back-run returned for `frontRunOut` (input token). */
  backRunOut: bigint
  /** Lamports the attacker's two transactions paid in fees. */
  attackerFees: bigint
  limit: SandwichLimit
  budget: bigint
  /** Sizes tried. */
  probes: number
}

export type SandwichOutcome = { priced: true; price: SandwichPrice } | { priced: false; reason: string }

export interface SandwichFork {
  price(request: SandwichRequest): SandwichOutcome
  /** Drops an address the cache evicted (the fork's memory stays bounded by the cache's). */
  forget(key: AccountKey): void
}

function deriveKey(label: string): Uint8Array {
  return new Uint8Array(createHash('sha256').update(`solana-preflight sandwich fork: ${label}`).digest())
}

const ATTACKER: AttackerAccounts = {
  payer: deriveKey('attacker'),
  input: deriveKey('attacker input'),
  output: deriveKey('attacker output'),
}
/** The attacker's wallet only pays fees: any balance that covers them does. */
const ATTACKER_LAMPORTS = 1_000_000_000_000n
const EMPTY = new Uint8Array(0)
/**
 * Sizes tried at most (the swaps measured need up to 14). Past it, the largest size that passed
 * so far is priced: a lower bound of what can be taken, never more. A count, not a time, so the
 * same state always gives the same answer.
 */
const MAX_PROBES = 24
/**
 * Compute units the probes may burn by default (SANDWICH_MAX_SEARCH_UNITS): front-runs and the
 * user's transaction after each. A swap whose every probe ran near the compute limit would
 * otherwise hold the event loop for 24 such runs; the measured swaps need at most 5.4 million
 * (the Whirlpool swap with no minimum). Units, not time, so the same state still gives the same
 * answer; past them, the largest size that passed is priced, a lower bound.
 */
export const MAX_SEARCH_UNITS = 16_000_000n

/** The compute units a sent transaction consumed, failed or not. */
function getConsumedUnits(result: NativeMetadata | NativeFailure): bigint {
  return isNativeFailure(result) ? result.meta().computeUnitsConsumed() : result.computeUnitsConsumed()
}

function isSvmManaged(entry: CachedAccount): boolean {
  const owner = toAccountKey(entry.owner)
  return owner === SYSVAR_OWNER || owner === NATIVE_LOADER
}

/** Why a transaction failed, as far as the search cares: the swap's own bound (one of its venue's `boundErrors`), or anything else. */
function getLimit(result: NativeFailure, boundErrors: ReadonlySet<number>): SandwichLimit {
  const error = fromNativeTransactionError(result.err())
  if (typeof error === 'object' && 'InstructionError' in error) {
    const inner = error.InstructionError[1]
    if (typeof inner === 'object' && 'Custom' in inner && boundErrors.has(inner.Custom)) return 'minimum_output'
  }
  return 'pool_accounts'
}

function getTokenAmount(svm: NativeSvm, key: Uint8Array): bigint {
  const data = svm.getAccount(key)?.data()
  return data !== undefined && data.length >= 72 ? readU64(data, 64) : 0n
}

function getEntry(accounts: LoadedAccounts, key: Uint8Array): AccountEntry | undefined {
  const index = accounts.keys.indexOf(toAccountKey(key))
  return index === -1 ? undefined : accounts.entries[index]
}

/** Creates the fork: its own SVM, empty until a swap is priced. */
export function createSandwichFork(maxSearchUnits = MAX_SEARCH_UNITS): SandwichFork {
  const svm = createNativeSvm()
  const state: SvmState = createSvmState(svm)
  const rents = new Map<number, bigint>()
  const rentFor = (size: number) => {
    let rent = rents.get(size)
    if (rent === undefined) rents.set(size, (rent = svm.minimumBalanceForRentExemption(BigInt(size))))
    return rent
  }
  const payer = createNativeAccount(ATTACKER_LAMPORTS, EMPTY, fromAccountKey(SYSTEM_PROGRAM), false, 0n)

  const readFork = (key: Uint8Array) => svm.getAccount(key)?.data()

  function restore(accounts: LoadedAccounts): void {
    for (let i = 0; i < accounts.keys.length; i++) {
      if (!accounts.writable[i]) continue
      const entry = accounts.entries[i] as AccountEntry
      if (entry.exists && (entry.executable || isSvmManaged(entry))) continue
      svm.setAccount(accounts.rawKeys[i] as Uint8Array, entry.exists ? getNativeAccount(entry) : getDeletionAccount())
    }
    svm.setAccount(ATTACKER.payer, getDeletionAccount())
    svm.setAccount(ATTACKER.input, getDeletionAccount())
    svm.setAccount(ATTACKER.output, getDeletionAccount())
  }

  function price(request: SandwichRequest): SandwichOutcome {
    const { accounts, swap } = request
    const vaultIn = getEntry(accounts, request.vaultIn)
    const vaultOut = getEntry(accounts, request.vaultOut)
    if (!vaultIn?.exists || !vaultOut?.exists) return { priced: false, reason: "the pool's vaults are not loaded" }
    // The output account starts empty for every probe, so one serves them all (as the payer's
    // does); the input one is made per probe with its amount, once checked it can be made.
    const attackerOutput = createAttackerTokenAccount(vaultOut, ATTACKER.payer, 0n, rentFor)
    if (typeof attackerOutput === 'string') return { priced: false, reason: attackerOutput }
    const inputShaped = createAttackerTokenAccount(vaultIn, ATTACKER.payer, 0n, rentFor)
    if (typeof inputShaped === 'string') return { priced: false, reason: inputShaped }
    const sandwich = getSandwichSwaps(swap, request.user, ATTACKER)
    if (sandwich === null) return { priced: false, reason: `${swap.venueName} ${swap.instruction} is not priced` }
    const { swaps, boundErrors } = sandwich
    const budget = readU64(vaultIn.data, 64)
    const exactIn = swap.mode === 'exact_in'
    const searchUnits = maxSearchUnits / BigInt(Math.max(1, request.budgetShares ?? 1))

    svm.setClock(request.clockFrom.getClock())
    state.sync(accounts.tables)
    state.sync(accounts.dependencies)
    state.sync(accounts.entries)

    const setAttacker = (amount: bigint) => {
      svm.setAccount(ATTACKER.payer, payer)
      svm.setAccount(ATTACKER.input, createAttackerTokenAccount(vaultIn, ATTACKER.payer, amount, rentFor) as NativeAccount)
      svm.setAccount(ATTACKER.output, attackerOutput)
    }
    // What the user's transaction takes from (exact in: output vault) or gives to (exact out:
    // input vault) the pool; the user's own account where the token charges a transfer fee,
    // since the bound is on what the user receives or pays, the fee included. Only there: a
    // vault is moved by the swap alone, while a user's account may also be moved by the
    // transaction's other instructions (a wrapped-SOL account closed after the swap).
    const userAccount = exactIn ? swap.userDestination : swap.userSource
    const atUser = userAccount !== null && hasTransferFeeAmount(exactIn ? vaultOut : vaultIn)
    const measured = atUser ? userAccount : exactIn ? request.vaultOut : request.vaultIn
    const readUserSide = () => getTokenAmount(svm, measured)
    /** The user receives (exact in) or pays (exact out); the pool the other way round. */
    const userMoved = (before: bigint, after: bigint) => (exactIn === atUser ? after - before : before - after)
    /** How far the user's result stays inside its own bound (exact in: above the minimum; exact out: below the maximum). */
    const bound = (exactIn ? swap.amountOut : swap.amountIn) ?? 0n
    const getSlack = (moved: bigint) => (exactIn ? moved - bound : bound - moved)
    /** The user's slack after a front-run of `amount`, or what stopped it. */
    let spentUnits = 0n
    const probe = (amount: bigint): bigint | SandwichLimit => {
      restore(accounts)
      setAttacker(amount)
      const frontRun = svm.sendVersionedTransaction(swaps.frontRun(amount))
      spentUnits += getConsumedUnits(frontRun)
      if (isNativeFailure(frontRun)) return 'pool_accounts'
      const before = readUserSide()
      const user = svm.sendVersionedTransaction(request.transaction)
      spentUnits += getConsumedUnits(user)
      return isNativeFailure(user) ? getLimit(user, boundErrors) : getSlack(userMoved(before, readUserSide()))
    }

    try {
      restore(accounts)
      const alone = readUserSide()
      if (isNativeFailure(svm.sendVersionedTransaction(request.transaction))) {
        return { priced: false, reason: 'the transaction fails on the fork' }
      }
      const quote = userMoved(alone, readUserSide())
      if (budget === 0n || quote <= 0n) return { priced: false, reason: 'the swap moves nothing on the fork' }
      const margin = getSlack(quote)

      // lo passes with slack slackLo (prev/slackPrev: the pass before), hi fails (or is the budget, untried).
      let probes = 0
      let lo = 0n
      let slackLo = margin
      let prev = -1n
      let slackPrev = 0n
      let hi = budget
      let limit: SandwichLimit = 'minimum_output'
      let overshoots = 0n
      if (margin > 0n) {
        probes++
        const atBudget = probe(budget)
        if (typeof atBudget === 'bigint') {
          lo = budget
          limit = 'budget'
        } else limit = atBudget
      }
      // Stop when the user is left within 1/64 of its tolerance (the loss is then as good as the
      // most its bound allows), or when the bracket is within 1/128 of itself (1/32 where the pool,
      // not the bound, stops the front-run: the loss there moves little with the last percents).
      while (
        probes < MAX_PROBES &&
        spentUnits < searchUnits &&
        hi - lo > 1n &&
        hi - lo > lo >> (limit === 'minimum_output' ? 7n : 5n) &&
        !(limit === 'minimum_output' && slackLo * 64n <= margin)
      ) {
        let mid = -1n
        // The user's result falls smoothly and convexly with the front-run's size: the secant
        // through the last two passing sizes lands at or before where the slack runs out.
        // After sizes failed since the last pass, aim at half, a quarter, … of the way (on a curve
        // that bends the other way the secant overshoots, and bisection alone is slow).
        if (prev >= 0n && slackPrev > slackLo) mid = lo + ((((lo - prev) * slackLo) / (slackPrev - slackLo)) >> overshoots)
        if (mid <= lo || mid >= hi) {
          if (lo === 0n) mid = BigInt(Math.floor(Math.sqrt(Number(hi))))
          else if (hi / lo > 4n) mid = BigInt(Math.floor(Math.sqrt(Number(lo) * Number(hi))))
          else mid = (lo + hi) / 2n
        }
        if (mid <= lo) mid = lo + 1n
        if (mid >= hi) mid = hi - 1n
        probes++
        const outcome = probe(mid)
        if (typeof outcome === 'bigint') {
          prev = lo
          slackPrev = slackLo
          lo = mid
          slackLo = outcome
          overshoots = 0n
        } else {
          if (mid !== lo + 1n && prev >= 0n) overshoots++
          hi = mid
          limit = outcome
        }
      }

      restore(accounts)
      setAttacker(lo)
      if (lo > 0n && isNativeFailure(svm.sendVersionedTransaction(swaps.frontRun(lo)))) {
        return { priced: false, reason: 'the front-run fails on the fork' }
      }
      const frontRunIn = lo - getTokenAmount(svm, ATTACKER.input)
      const frontRunOut = getTokenAmount(svm, ATTACKER.output)
      const before = readUserSide()
      if (isNativeFailure(svm.sendVersionedTransaction(request.transaction))) {
        return { priced: false, reason: 'the transaction fails after the front-run on the fork' }
      }
      const sandwiched = userMoved(before, readUserSide())
      const beforeBack = getTokenAmount(svm, ATTACKER.input)
      if (frontRunOut > 0n && isNativeFailure(svm.sendVersionedTransaction(swaps.backRun(frontRunOut, readFork)))) {
        return { priced: false, reason: 'the back-run fails on the fork' }
      }
      const backRunOut = getTokenAmount(svm, ATTACKER.input) - beforeBack
      const attackerFees = ATTACKER_LAMPORTS - (svm.getAccount(ATTACKER.payer)?.lamports() ?? ATTACKER_LAMPORTS)
      return {
        priced: true,
        price: { quote, sandwiched, frontRunIn, frontRunOut, backRunOut, attackerFees, limit, budget, probes },
      }
    } finally {
      restore(accounts)
    }
  }

  return { price, forget: state.forget }
}

/**
 * A fork created at the first swap it prices: an engine (and each simulate worker) that never
 * sees a priced swap does not pay for a second SVM's start and memory.
 */
export function createLazySandwichFork(maxSearchUnits = MAX_SEARCH_UNITS): SandwichFork {
  let fork: SandwichFork | null = null
  return {
    price: (request) => (fork ??= createSandwichFork(maxSearchUnits)).price(request),
    forget: (key) => fork?.forget(key),
  }
}
