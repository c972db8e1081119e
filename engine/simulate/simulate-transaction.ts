/**
 * One simulate call: decode → load accounts (cache) → check the blockhash → write what changed
 * into the SVM → simulate the raw wire bytes → assemble SPEC 2.11's response. Nothing here waits
 * on the network when the accounts and the blockhash are already known.
 */
import { performance } from 'node:perf_hooks'
import { createServiceError, isServiceError } from '../../lib/errors.js'
import { isNativeFailure, type NativeSvm } from '../../lib/native-svm.js'
import { fromNativeTransactionError, type TransactionErrorJson } from '../../lib/transaction-error.js'
import { getComputeBudget } from '../decode/compute-budget.js'
import { withSignatureSlots } from '../decode/signature-slots.js'
import { decodeWireTransaction, type WireTransaction } from '../decode/wire-transaction.js'
import { getTransactionFee } from '../fees/transaction-fee.js'
import type { PriorityFeeSource } from '../fees/priority-fee-source.js'
import type { AccountCache } from '../state/account-cache.js'
import type { AddressNamer } from '../state/address-names.js'
import { type AccountKey, toAccountKey } from '../state/account-key.js'
import type { AccountEntry } from '../state/cached-account.js'
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../svm/well-known-programs.js'
import type { ChainTracker } from '../state/chain-tracker.js'
import type { SvmState } from '../svm/svm-state.js'
import { getSimulationRecommendations, getSimulationRiskLevel } from '../vectors/simulation-vector.js'
import { getBalanceChanges, getFeeOnlyChanges, toPostAccountMap } from './balance-changes.js'
import { getCallTree, getProgramBreakdown } from './call-tree.js'
import { getDecision, getSuggestedComputeLimit } from './decide.js'
import { classifyTransactionError, createFailure, type Failure } from './failure.js'
import { loadAccounts, type LoadedAccounts } from './load-accounts.js'
import { checkBlockhash } from './check-blockhash.js'
import type { Risk, SimulateOptions, SimulateResponse } from './simulate-types.js'
import { VECTORS } from './simulate-types.js'

export interface SimulateDependencies {
  svm: NativeSvm
  svmState: SvmState
  cache: AccountCache
  chain: ChainTracker
  priorityFees: PriorityFeeSource
  name: AddressNamer
  /** Decimals of a mint the cache holds. */
  getDecimals: (mint: AccountKey) => number | undefined
  /** Told which accounts a simulation used (the geyser hot set); must not allocate per key. */
  onAccountsUsed?: ((accounts: LoadedAccounts) => void) | undefined
}

const LAMPORTS_PER_SOL = 1_000_000_000
const NO_KEYS: readonly AccountKey[] = []
const NO_FLAGS: readonly boolean[] = []
const DEFAULT_TIMEOUT_MS = 800

function toRisk(riskLevel: Risk['risk_level']): Risk {
  return {
    mev_score: 0,
    mev_level: 'none',
    mev_type: null,
    has_blacklisted_program: false,
    blacklisted_programs: [],
    dex_programs: [],
    token_risk: null,
    risk_level: riskLevel,
  }
}

/** Rejects with `simulation_timeout` if `work` has not settled by the deadline. */
function withDeadline<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(createServiceError('simulation_timeout')), timeoutMs)
  })
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer))
}

/** The bytes to simulate: the transaction's own, or a copy carrying the latest blockhash. */
function withBlockhash(tx: WireTransaction, blockhash: Uint8Array): Uint8Array {
  const copy = new Uint8Array(tx.bytes)
  copy.set(blockhash, tx.recentBlockhash.byteOffset - tx.bytes.byteOffset)
  return copy
}

function getMinSlot(list: readonly AccountEntry[], min: number): number {
  for (let i = 0; i < list.length; i++) {
    const slot = (list[i] as AccountEntry).slot
    if (slot < min) min = slot
  }
  return min
}

/** The oldest slot among the states a simulation used (accounts, lookup tables, programdata, mints). */
function getMinAccountSlot(accounts: LoadedAccounts): number | null {
  const min = getMinSlot(accounts.dependencies, getMinSlot(accounts.tables, getMinSlot(accounts.entries, Infinity)))
  return min === Infinity ? null : min
}

/** Simulates one base64-decoded wire transaction. */
export async function simulateTransaction(
  deps: SimulateDependencies,
  bytes: Uint8Array,
  options: SimulateOptions = {},
): Promise<SimulateResponse> {
  const startedAt = performance.now()
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const tx = decodeWireTransaction(withSignatureSlots(bytes))
  const budget = getComputeBudget(tx)
  const fee = getTransactionFee(tx, budget)

  let loaded = loadAccounts(tx, deps.cache, BigInt(deps.chain.slot))
  let blockhashStatus = checkBlockhash(deps.chain, tx, options.replaceRecentBlockhash === true)
  if (loaded instanceof Promise || blockhashStatus instanceof Promise) {
    // Cold path: something must come from the chain. Both waits share one deadline.
    try {
      ;[loaded, blockhashStatus] = await withDeadline(Promise.all([loaded, blockhashStatus]), timeoutMs)
    } catch (error) {
      if (isServiceError(error)) throw error
      throw createServiceError('upstream_unavailable', undefined, error)
    }
  }

  const latestBlockhash = deps.chain.latestBlockhash
  const replace = options.replaceRecentBlockhash === true && latestBlockhash !== undefined
  let failure: Failure | null = null
  let transactionError: TransactionErrorJson | null = null
  let computeUnits: number | null = null
  let logs: string[] = []
  let balanceChanges: SimulateResponse['balance_changes'] = []
  let minAccountSlot: number | null = null
  let writeKeys: readonly AccountKey[] = NO_KEYS
  let writeFlags: readonly boolean[] = NO_FLAGS

  if (!loaded.ok) {
    deps.svmState.sync(loaded.tables)
    failure = loaded.failure
  } else {
    const accounts: LoadedAccounts = loaded.accounts
    minAccountSlot = getMinAccountSlot(accounts)
    writeKeys = accounts.keys
    writeFlags = accounts.writable
    // No await between writing the accounts and simulating: the SVM is shared by every request.
    deps.svmState.sync(accounts.tables)
    deps.svmState.sync(accounts.dependencies)
    deps.svmState.sync(accounts.entries)
    const result = deps.svm.simulateVersionedTransaction(replace ? withBlockhash(tx, latestBlockhash) : tx.bytes)
    deps.onAccountsUsed?.(accounts)
    const meta = result.meta()
    logs = meta.logs()
    computeUnits = Number(meta.computeUnitsConsumed())
    if (isNativeFailure(result)) {
      transactionError = fromNativeTransactionError(result.err())
      failure = classifyTransactionError(transactionError, {
        getAddress: (index) => (accounts.keys[index] ? deps.name(accounts.keys[index]) : `account #${index}`),
        isMissing: (index) => accounts.entries[index]?.exists === false,
        getInstruction: (index) => tx.instructions[index],
        logs,
      })
      if (typeof transactionError === 'object' && 'InstructionError' in transactionError) {
        balanceChanges = getFeeOnlyChanges(accounts.entries[0], fee.feeLamports, deps.name)
      }
    } else {
      balanceChanges = getBalanceChanges({
        keys: accounts.keys,
        writable: accounts.writable,
        pre: accounts.entries,
        post: toPostAccountMap(result.postAccounts()),
        mayChangeTokens: accounts.keys.includes(TOKEN_PROGRAM) || accounts.keys.includes(TOKEN_2022_PROGRAM),
        getDecimals: deps.getDecimals,
        name: deps.name,
      })
    }
  }
  // The chain would refuse a stale blockhash before running anything; the run above still tells
  // the caller what a rebuilt transaction would do.
  if (blockhashStatus === 'expired') {
    failure = createFailure('blockhash_expired', 'the recent blockhash is too old; rebuild the transaction')
    transactionError = 'BlockhashNotFound'
    balanceChanges = []
  }

  const success = failure === null
  const vectors = options.vectors ?? VECTORS
  const simulationCounts = vectors.includes('simulation')
  const riskLevel = simulationCounts ? getSimulationRiskLevel({ success, failure }) : 'safe'
  const suggested = success && computeUnits !== null ? getSuggestedComputeLimit(computeUnits) : null
  const sourced = deps.priorityFees.get(writeKeys, writeFlags)
  const priorityFees = sourced.fees
  const callTree = getCallTree(logs)
  return {
    success,
    compute_units: computeUnits,
    suggested_compute_limit: suggested,
    fee_estimate_sol: Number(fee.feeLamports) / LAMPORTS_PER_SOL,
    fee_details: {
      signatures: fee.signatureCount,
      base_fee_lamports: Number(fee.baseFeeLamports),
      priority_fee_lamports: Number(fee.priorityFeeLamports),
      total_fee_lamports: Number(fee.feeLamports),
      compute_unit_limit: fee.computeUnitLimit,
      compute_unit_price_micro_lamports: Number(budget.unitPriceMicroLamports),
    },
    priority_fees: priorityFees,
    slippage: null,
    risk: toRisk(riskLevel),
    recommendations: getSimulationRecommendations({
      success,
      failure,
      computeUnits,
      suggestedComputeLimit: suggested,
      requestedComputeLimit: budget.unitLimit,
      effectiveComputeLimit: fee.computeUnitLimit,
      computeUnitPriceMicroLamports: budget.unitPriceMicroLamports,
      priorityFees: sourced,
    }),
    program_breakdown: getProgramBreakdown(callTree),
    call_tree: callTree,
    balance_changes: balanceChanges,
    failure_reason: failure?.reason ?? null,
    failure_code: failure?.code ?? null,
    is_terminal: failure ? failure.isTerminal : null,
    transaction_error: transactionError,
    logs,
    latency_ms: Math.round((performance.now() - startedAt) * 1000) / 1000,
    context_slot: deps.chain.slot,
    min_account_slot: minAccountSlot,
    replacement_blockhash: replace ? deps.name(toAccountKey(latestBlockhash)) : null,
    decision: getDecision({ simulationCounts, success, riskLevel }),
  }
}
