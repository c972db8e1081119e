/**
 * One simulate call: decode → load accounts (cache) → check the blockhash → write what changed into
 * the SVM → simulate the raw wire bytes → run the detection vectors → apply the policy → assemble
 * the response (docs/api.md#simulate-response). Nothing here waits on the network when the
 * accounts, the blockhash and what the vectors read are already known.
 */
import { elapsedMs } from '../../../lib/elapsed-ms.js'
import { performance } from 'node:perf_hooks'
import { createServiceError, isServiceError } from '../../../lib/errors.js'
import { isNativeFailure, type NativeMetadata, type NativeSvm } from '../../../lib/native-svm.js'
import { fromNativeTransactionError, type TransactionErrorJson } from '../../../lib/transaction-error.js'
import { getComputeBudget } from '../decode/compute-budget.js'
import { withSignatureSlots } from '../decode/signature-slots.js'
import { decodeWireTransaction, type WireTransaction } from '../decode/wire-transaction.js'
import { getTipLamports } from '../decode/tip-payments.js'
import type { TipFloor } from '../../contract/tips-response.js'
import { getTransactionFee } from '../../detection/fees/transaction-fee.js'
import type { PriorityFeeSource } from '../../detection/fees/priority-fee-source.js'
import type { AccountCache } from '../state/account-cache.js'
import type { AddressNamer } from '../state/address-names.js'
import { type AccountKey, toAccountKey } from '../state/account-key.js'
import type { AccountEntry } from '../state/cached-account.js'
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../svm/well-known-programs.js'
import type { ChainTracker } from '../state/chain-tracker.js'
import type { SvmState } from '../svm/svm-state.js'
import { getVerdict } from '../../detection/policy/decide-verdict.js'
import { getExtractableValue } from '../../detection/mev/extractable-value.js'
import type { SandwichFork } from '../../detection/mev/sandwich-fork.js'
import { assembleFindings } from '../../detection/vectors/assemble-findings.js'
import type { ReadSources } from '../../detection/vectors/read-sources.js'
import type { Detector } from '../../detection/vectors/run-detection.js'
import type { Logger } from '../../../lib/logger.js'
import type { InnerInstruction, VectorContext } from '../../detection/vectors/vector-context.js'
import { getBalanceChanges, getFeeOnlyChanges, type TokenDelta } from '../svm/balance-changes.js'
import { readPostAccounts, type PostAccount } from '../svm/post-accounts.js'
import { getCallTree, getProgramBreakdown } from '../svm/call-tree.js'
import { getSuggestedComputeLimit } from './suggested-compute-limit.js'
import { classifyTransactionError, createFailure, type Failure } from '../svm/failure.js'
import { loadAccounts, type LoadedAccounts } from '../svm/load-accounts.js'
import { checkBlockhash } from '../svm/check-blockhash.js'
import type { ParsedSimulateOptions } from './simulate-options.js'
import type { SimulateResponse } from '../../contract/simulate-response.js'
import { VECTORS } from '../../contract/vectors.js'

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
  /** What the detection vectors read besides the simulation (blacklist, tenant blocks, ...). */
  sources: ReadSources
  /** The registered vectors, bound to `sources`. */
  detector: Detector
  /**
   * Starts loading a tenant's program blocks when they are not cached (the program vector reads
   * them later, sharing the load); without it the load starts when the vector asks.
   */
  prefetchTenantBlocks?: ((tenantId: string) => void) | undefined
  /** The scratch SVM sandwiches are priced on (docs/detection.md#extractable-value); without it `mev` is null. */
  sandwichFork?: SandwichFork | undefined
  /** The bundle relay's tips; without it (or with no tip accounts) no answer is bundle-bound. */
  tips?: SimulateTips | undefined
  logger?: Logger | undefined
}

/** What a bundle-bound simulate reads of the relay's tips (docs/relay.md#tips). */
export interface SimulateTips {
  /** The relay's tip accounts; asked on every simulate, so a kept set, not one built per call. */
  getTipAccounts(): ReadonlySet<AccountKey>
  /** The current floor; asked only for a transaction that pays a tip account. */
  getTipFloor(): TipFloor
}

const LAMPORTS_PER_SOL = 1_000_000_000
const NO_KEYS: readonly AccountKey[] = []
const NO_FLAGS: readonly boolean[] = []
const NO_INNER: ReadonlyArray<ReadonlyArray<InnerInstruction>> = []
const DEFAULT_TIMEOUT_MS = 800
/** Authority flags of an issuer-managed mint, which the verdict does not block on (engine/detection/tokens/established-mints.ts). */
const ISSUER_AUTHORITY_FLAGS: ReadonlySet<string> = new Set(['mint_authority', 'freeze_authority'])

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

/** The static keys (as views) of a transaction whose full key list could not be resolved. */
function getStaticKeys(tx: WireTransaction): Uint8Array[] {
  const keys = new Array<Uint8Array>(tx.staticKeyCount)
  for (let i = 0; i < tx.staticKeyCount; i++) keys[i] = tx.bytes.subarray(tx.staticKeysOffset + 32 * i, tx.staticKeysOffset + 32 * i + 32)
  return keys
}

/** A bundle-bound transaction's tip and the floor it is held to. */
interface BundleTip {
  lamports: bigint
  floor: TipFloor
}

/** What `tx` tips the relay and the current floor, or null when it is not bundle-bound (or no tip account is known). */
function getBundleTip(tips: SimulateTips | undefined, tx: WireTransaction, keys: readonly AccountKey[] | null): BundleTip | null {
  if (tips === undefined) return null
  const tipAccounts = tips.getTipAccounts()
  const lamports = tipAccounts.size === 0 ? null : getTipLamports(tx, keys, tipAccounts)
  return lamports === null ? null : { lamports, floor: tips.getTipFloor() }
}

/** The CPIs a simulation made, as index lists over the message's keys (read from the SVM once). */
function toInnerInstructions(meta: NativeMetadata): ReadonlyArray<ReadonlyArray<InnerInstruction>> {
  return meta.innerInstructions().map((list) =>
    list.map((inner) => {
      const compiled = inner.instruction()
      return {
        programIdIndex: compiled.programIdIndex(),
        accountIndexes: compiled.accounts(),
        data: compiled.data(),
        stackHeight: inner.stackHeight(),
      }
    }),
  )
}

/** The vector context of one simulation, holding the native metadata its CPIs are read from if a vector asks. */
interface SimulationContext extends VectorContext {
  readonly nativeMeta: NativeMetadata | null
  innerInstructions: ReadonlyArray<ReadonlyArray<InnerInstruction>> | undefined
}

// One function for every context (called as its method), not a closure per simulate.
function getInnerInstructionsOnce(this: SimulationContext): ReadonlyArray<ReadonlyArray<InnerInstruction>> {
  return (this.innerInstructions ??= this.nativeMeta ? toInnerInstructions(this.nativeMeta) : NO_INNER)
}

/** Simulates one base64-decoded wire transaction. */
export async function simulateTransaction(
  deps: SimulateDependencies,
  bytes: Uint8Array,
  options: ParsedSimulateOptions,
): Promise<SimulateResponse> {
  const startedAt = performance.now()
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const tx = decodeWireTransaction(withSignatureSlots(bytes))
  const budget = getComputeBudget(tx)
  const fee = getTransactionFee(tx, budget)

  let loaded = loadAccounts(tx, deps.cache, BigInt(deps.chain.slot))
  let blockhashStatus = checkBlockhash(deps.chain, tx, options.replaceRecentBlockhash === true, timeoutMs)
  if (loaded instanceof Promise || blockhashStatus instanceof Promise) {
    // Cold path: something must come from the chain. Both waits share one deadline. A tenant's
    // program blocks not yet loaded (its first call, say) load meanwhile instead of after them.
    if (options.tenantId !== undefined && (options.vectors === undefined || options.vectors.includes('program'))) {
      deps.prefetchTenantBlocks?.(options.tenantId)
    }
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
  let entries: readonly AccountEntry[] | null = null
  let rawKeys: readonly Uint8Array[] | null = null
  let post: Map<AccountKey, PostAccount> | null = null
  let meta: NativeMetadata | null = null
  let loadedAccounts: LoadedAccounts | null = null
  const tokenDeltas: TokenDelta[] = []

  if (!loaded.ok) {
    deps.svmState.sync(loaded.tables)
    failure = loaded.failure
  } else {
    const accounts: LoadedAccounts = loaded.accounts
    loadedAccounts = accounts
    minAccountSlot = getMinAccountSlot(accounts)
    writeKeys = accounts.keys
    writeFlags = accounts.writable
    entries = accounts.entries
    rawKeys = accounts.rawKeys
    // No await between writing the accounts and simulating: the SVM is shared by every request.
    deps.svmState.sync(accounts.tables)
    deps.svmState.sync(accounts.dependencies)
    deps.svmState.sync(accounts.entries)
    const result = deps.svm.simulateVersionedTransaction(replace ? withBlockhash(tx, latestBlockhash) : tx.bytes)
    deps.onAccountsUsed?.(accounts)
    meta = result.meta()
    logs = meta.logs()
    computeUnits = Number(meta.computeUnitsConsumed())
    if (isNativeFailure(result)) {
      transactionError = fromNativeTransactionError(result.err())
      // Methods, not arrow properties: tsx (npm start) compiles with esbuild's keepNames, which
      // names each arrow property with an Object.defineProperty call, ≈0.4 µs each per failure.
      failure = classifyTransactionError(transactionError, {
        getAddress(index) {
          const key = accounts.keys[index]
          return key ? deps.name(key) : `account #${index}`
        },
        isMissing(index) {
          return accounts.entries[index]?.exists === false
        },
        getInstruction(index) {
          return tx.instructions[index]
        },
        logs,
      })
      if (typeof transactionError === 'object' && 'InstructionError' in transactionError) {
        balanceChanges = getFeeOnlyChanges(accounts.entries[0], fee.feeLamports, deps.name)
      }
    } else {
      post = readPostAccounts(result.postAccounts(), accounts.keys, accounts.writable)
      balanceChanges = getBalanceChanges(
        {
          keys: accounts.keys,
          writable: accounts.writable,
          pre: accounts.entries,
          post,
          mayChangeTokens: accounts.keys.includes(TOKEN_PROGRAM) || accounts.keys.includes(TOKEN_2022_PROGRAM),
          getDecimals: deps.getDecimals,
          name: deps.name,
        },
        tokenDeltas,
      )
    }
  }
  // The chain would refuse a stale blockhash before running anything; the run above still tells
  // the caller what a rebuilt transaction would do.
  if (blockhashStatus === 'expired') {
    failure = createFailure('blockhash_expired', 'the recent blockhash is too old; rebuild the transaction')
    transactionError = 'BlockhashNotFound'
    balanceChanges = []
    tokenDeltas.length = 0
  }

  const success = failure === null
  const suggested = success && computeUnits !== null ? getSuggestedComputeLimit(computeUnits) : null
  const sourced = deps.priorityFees.get(writeKeys, writeFlags)
  const callTree = getCallTree(logs)
  const feeSol = Number(fee.feeLamports) / LAMPORTS_PER_SOL
  const vectors = options.vectors ?? VECTORS
  const keysResolved = rawKeys !== null
  // Read from the keys the simulation resolved (a tip account may come from a lookup table).
  const bundleTip = getBundleTip(deps.tips, tx, keysResolved ? writeKeys : null)
  const contextRawKeys = rawKeys ?? getStaticKeys(tx)
  const context: SimulationContext = {
    tx,
    keys: keysResolved ? writeKeys : contextRawKeys.map((key) => toAccountKey(key)),
    rawKeys: contextRawKeys,
    keysResolved,
    writable: writeFlags,
    signerCount: tx.numRequiredSignatures,
    entries,
    post,
    success,
    failure,
    computeUnits,
    suggestedComputeLimit: suggested,
    logs,
    callTree,
    balanceChanges,
    tokenDeltas,
    fee,
    budget,
    priorityFees: sourced,
    name: deps.name,
    slot: deps.chain.slot,
    epoch: deps.chain.clock?.epoch ?? 0n,
    unixTimestamp: deps.chain.clock?.unixTimestamp ?? BigInt(Math.floor(Date.now() / 1000)),
    tenantId: options.tenantId,
    deadline: startedAt + timeoutMs,
    nativeMeta: meta,
    innerInstructions: undefined,
    getInnerInstructions: getInnerInstructionsOnce,
    memo: new Map(),
  }
  let detection = deps.detector.detect(context, vectors)
  if (detection instanceof Promise) detection = await detection
  const findings = assembleFindings(detection)
  // After the vectors (their swap analysis is reused); synchronous, as the fork is shared.
  const mev =
    deps.sandwichFork && loadedAccounts && blockhashStatus !== 'expired' && vectors.includes('mev')
      ? getExtractableValue(deps.sandwichFork, context, loadedAccounts, deps.svm, options.policy)
      : null
  const verdict = getVerdict(
    {
      simulationCounts: vectors.includes('simulation'),
      success,
      riskLevel: findings.risk.risk_level,
      mevScore: findings.risk.mev_score,
      hasBlacklistedProgram: findings.risk.has_blacklisted_program,
      knownBots: findings.risk.known_bots,
      // An issuer-managed mint's authorities are the issuer's job (USDC can freeze): not a flag to block on.
      tokenFlags: findings.risk.token_risks.flatMap((token) =>
        token.issuer === null ? token.flags : token.flags.filter((flag) => !ISSUER_AUTHORITY_FLAGS.has(flag)),
      ),
      slippageBps: findings.slippage?.bps ?? null,
      extractableBps: mev?.extractable?.bps ?? null,
      computeUnits,
      feeSol,
      timedOutVectors: detection.timedOut,
    },
    options.policy,
  )
  return {
    success,
    compute_units: computeUnits,
    suggested_compute_limit: suggested,
    fee_estimate_sol: feeSol,
    fee_details: {
      signatures: fee.signatureCount,
      base_fee_lamports: Number(fee.baseFeeLamports),
      priority_fee_lamports: Number(fee.priorityFeeLamports),
      total_fee_lamports: Number(fee.feeLamports),
      compute_unit_limit: fee.computeUnitLimit,
      compute_unit_price_micro_lamports: Number(budget.unitPriceMicroLamports),
    },
    priority_fees: sourced.fees,
    tip_lamports: bundleTip ? Number(bundleTip.lamports) : null,
    tips: bundleTip?.floor ?? null,
    slippage: findings.slippage,
    risk: findings.risk,
    mev,
    summary: findings.summary,
    recommendations: findings.recommendations,
    program_breakdown: getProgramBreakdown(callTree),
    call_tree: callTree,
    balance_changes: balanceChanges,
    failure_reason: failure?.reason ?? null,
    failure_code: failure?.code ?? null,
    is_terminal: failure ? failure.isTerminal : null,
    transaction_error: transactionError,
    logs,
    latency_ms: elapsedMs(startedAt),
    context_slot: deps.chain.slot,
    min_account_slot: minAccountSlot,
    replacement_blockhash: replace ? deps.name(toAccountKey(latestBlockhash)) : null,
    landing_estimate: findings.landingEstimate,
    timed_out_vectors: detection.timedOut,
    decision: verdict.decision,
    decision_reasons: verdict.reasons,
    cached: false,
  }
}
