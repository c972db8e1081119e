/**
 * The engine: one long-lived SVM fed by the account cache, the chain tracker and the priority
 * fees, all kept current by the geyser streams when GEYSER_ENDPOINT is set (RPC polling
 * otherwise, and while every stream is down). `simulate` is what both the in-process edge and
 * the gRPC server call.
 */
import type { Logger } from '../lib/logger.js'
import { createNativeSvm, setNativeClock } from '../lib/native-svm.js'
import { createPriorityFeeSampler } from './fees/priority-fee-sampler.js'
import { createPriorityFeeSource } from './fees/priority-fee-source.js'
import { createJsonRpcClient } from './rpc/json-rpc-client.js'
import type { EngineConfig } from './config.js'
import { createAccountCache, type AccountCache } from './state/account-cache.js'
import { createAddressNamer } from './state/address-names.js'
import type { AccountKey } from './state/account-key.js'
import type { AccountEntry } from './state/cached-account.js'
import { getMintDecimals } from './simulate/token-account.js'
import { createChainTracker, type ChainTracker } from './state/chain-tracker.js'
import { createSvmState, type SvmState } from './svm/svm-state.js'
import { parseSimulateOptions } from './simulate/simulate-options.js'
import { createResultCache, type ResultCache } from './simulate/result-cache.js'
import type { SimulateOptions, SimulateResponse } from './simulate/simulate-types.js'
import type { LoadedAccounts } from './simulate/load-accounts.js'
import { createGeyserFeed, type GeyserFeed } from './geyser/geyser-feed.js'
import type { GeyserState } from './geyser/geyser-subscription.js'
import type { EngineHealth } from './contract/engine-health.js'
import { createProgramBlacklist, DEFAULT_PROGRAM_BLACKLIST_FILE, type ProgramBlacklist } from './programs/program-blacklist.js'
import type { ReadSources } from './vectors/read-sources.js'
import { createCounterpartyHistory } from './wallets/counterparty-history.js'
import { createDetector } from './vectors/run-detection.js'
import { getBannedTokens } from './tokens/banned-tokens.js'
import { ESTABLISHED_MINTS } from './tokens/established-mints.js'
import { createPoolLiquidityCache } from './tokens/pool-liquidity-cache.js'
import { createTokenSymbols } from './tokens/token-symbols.js'
import { createLeaderSchedule, type LeaderSchedule } from './mev/leader-schedule.js'
import { createLeaderSandwichRates } from './mev/leader-sandwich-rates.js'
import { createSandwichDetector, type SandwichDetector } from './mev/sandwich-detector.js'
import { createUpcomingLeaderRate } from './mev/upcoming-leader-rate.js'
import { createApprovalScanner } from './approvals/approval-scanner.js'
import type { ApprovalsResponse } from './contract/approvals-response.js'
import type { ExecuteOptions, ExecuteResponse } from './contract/execute-response.js'
import type { SendOptions, SendResponse } from './contract/send-response.js'
import type { SubmitOptions, SubmitResponse } from './contract/submit-response.js'
import { MIN_TIP_LAMPORTS, type TipFloor } from './contract/tips-response.js'
import type { TrackedTransaction } from './contract/transaction-tracking.js'
import type { TrackingStore } from './tracking/tracking-record.js'
import { createServiceError } from '../lib/errors.js'
import { createSendEndpoints } from './send/send-endpoints.js'
import { createTransactionSubmitter } from './send/transaction-submitter.js'
import { sendTransaction, ANONYMOUS_TENANT } from './send/send-transaction.js'
import { executeTransaction } from './execute/execute-transaction.js'
import { createTransactionTracker, type TransactionTracker } from './tracking/transaction-tracker.js'
import { createMemoryTrackingStore } from './tracking/memory-tracking-store.js'
import { toTrackedTransaction } from './tracking/tracking-record.js'
import { fromBase58Address, fromAccountKey } from './state/account-key.js'

export interface Engine {
  /** Simulates one wire transaction (bytes, not base64), or answers from the result cache. */
  simulate(transaction: Uint8Array, options?: SimulateOptions): Promise<SimulateResponse>
  /** The standing delegations and close authorities of a wallet's token accounts, scored, with a revoke transaction (docs/api.md#wallet-approvals). */
  scanApprovals(wallet: string): Promise<ApprovalsResponse>
  /**
   * Verifies every signature, simulates with every vector, applies the policy and, when it passes,
   * sends and tracks the transaction (docs/api.md#execute); rejects with a catalogue ServiceError.
   */
  execute(transaction: Uint8Array, options?: ExecuteOptions): Promise<ExecuteResponse>
  /** Verifies every signature, sends with fail-over and rebroadcast, and tracks it (docs/api.md#send). */
  send(transaction: Uint8Array, options?: SendOptions): Promise<SendResponse>
  /**
   * Verifies every signature, simulates, and lands the transaction with `options.strategy`
   * (docs/relay.md); a bundle is linted first (422 bundle_rejected with the rule list). Tracked like send.
   */
  submit(transaction: Uint8Array, options: SubmitOptions): Promise<SubmitResponse>
  /** The tip percentiles over the last 150 slots and the lint's floor (docs/relay.md#tips). */
  getTips(): Promise<TipFloor>
  /** The tenant's tracking record of `signature`; `not_found` for anyone else's or an unknown one. */
  getTransaction(tenantId: string | undefined, signature: string): Promise<TrackedTransaction>
  /** Calls `listener` with each status change of a tracked transaction and its owner; returns the unsubscribe. */
  onTransactionUpdate(listener: (tenantId: string, transaction: TrackedTransaction) => void): () => void
  /** Reads the chain once (slot, blockhash, clock, fees), then keeps following it. */
  start(): Promise<void>
  stop(): void
  readonly cache: AccountCache
  readonly chain: ChainTracker
  readonly svmState: SvmState
  /** Answers to identical requests within a slot (RESULT_CACHE_MAX_ENTRIES; 0: off). */
  readonly resultCache: ResultCache
  /** The geyser streams' state (connected while any is); undefined when no GEYSER_ENDPOINT is configured. */
  readonly geyserState: GeyserState | undefined
  /** The geyser feed (hot set, subscriptions, fee window), when configured. */
  readonly geyser: GeyserFeed | undefined
  /** JSON-RPC calls the engine has made, by method. */
  readonly rpcCalls: ReadonlyMap<string, number>
  /** Operational, or degraded while every configured geyser stream is down (synchronous, cheap). */
  getHealth(): EngineHealth
  /** The curated program blacklist in force (re-read when its file changes). */
  readonly blacklist: ProgramBlacklist
  /** Sandwiches and known bots seen on the geyser stream. */
  readonly sandwiches: SandwichDetector
  /** Upcoming leaders (getSlotLeaders, refreshed in the background). */
  readonly leaderSchedule: LeaderSchedule
  /** The transactions execute and send are following. */
  readonly tracker: TransactionTracker
}

/** What the engine may be given that lives outside it. */
export interface EngineOptions {
  /** A tenant's blocked programs (accounts service, cached); without it only the curated blacklist applies. */
  getTenantBlocks?: NonNullable<ReadSources['tenantBlocks']>
  /** Where tracking records are kept (the user service's table); in memory, for this process's life, without it. */
  trackingStore?: TrackingStore
}

/** Creates an engine for `config`; call `start()` before serving. */
export function createEngine(config: EngineConfig, logger: Logger, engineOptions: EngineOptions = {}): Engine {
  const rpc = createJsonRpcClient({ urls: config.rpcUrls, requestTimeoutMs: config.rpcTimeoutMs })
  const svm = createNativeSvm()
  const svmState = createSvmState(svm)
  // The cache, the chain tracker and the sampler are created before the feed, which needs them;
  // their callbacks read `geyser` only once the engine runs, after it is set below.
  const cache = createAccountCache({
    rpc,
    maxBytes: config.cacheMaxBytes,
    freshMs: config.cacheFreshMs,
    batchSize: config.rpcBatchSize,
    onEvict: (key) => svmState.forget(key),
    getCoverageStartMs: (key) => geyser?.getCoverageStartMs(key),
  })
  const isStreamLive = () => geyser?.state === 'connected'
  const chain = createChainTracker({ rpc, pollMs: config.chainPollMs, logger, isPaused: isStreamLive })
  chain.onClock((clock) => setNativeClock(svm, clock))
  const sampler = createPriorityFeeSampler({ rpc, refreshMs: config.priorityFeeRefreshMs, logger, isPaused: isStreamLive })
  const name = createAddressNamer(100_000)
  const getDecimals = (mint: AccountKey): number | undefined => {
    const entry = cache.peek(mint)
    return entry?.exists ? getMintDecimals(entry.owner, entry.data) : undefined
  }
  const leaderSchedule = createLeaderSchedule({ rpc, logger, getSlot: () => chain.slot })
  const sandwiches = createSandwichDetector({ getSlotLeader: leaderSchedule.getSlotLeader })
  const leaderRates = createLeaderSandwichRates({ getStreamStats: () => sandwiches.getSandwichesByLeader() })
  // Off unless configured: without it the engine follows the chain over RPC alone.
  const geyser: GeyserFeed | undefined =
    config.geyserEndpoints.length > 0
      ? createGeyserFeed({
          endpoints: config.geyserEndpoints,
          token: config.geyserToken,
          stallMs: config.geyserStallMs,
          cache,
          chain,
          logger,
          onFeeWindowAdvance: () => priorityFees.invalidate(),
          onTransaction: (update) => {
            sandwiches.recordTransaction(update)
            tracker.onStreamTransaction(update)
          },
          onSlot: (slot, status) => tracker.onStreamSlot(slot, status),
        })
      : undefined
  const priorityFees = createPriorityFeeSource({ sampler, window: geyser?.feeWindow, isStreamLive })
  const onAccountsUsed = geyser
    ? (accounts: LoadedAccounts) => {
        geyser.touch(accounts.keys, accounts.writable)
        for (let i = 0; i < accounts.tables.length; i++) geyser.hotSet.add((accounts.tables[i] as AccountEntry).key)
        for (let i = 0; i < accounts.dependencies.length; i++) geyser.hotSet.add((accounts.dependencies[i] as AccountEntry).key)
      }
    : undefined
  const blacklist = createProgramBlacklist({
    file: config.programBlacklistFile ?? DEFAULT_PROGRAM_BLACKLIST_FILE,
    pollMs: config.programBlacklistPollMs,
    logger,
  })
  const sources: ReadSources = {
    accounts: cache,
    programBlacklist: blacklist,
    tenantBlocks: engineOptions.getTenantBlocks,
    poolActivity: (pool) => sandwiches.getPoolActivity(pool),
    upcomingLeaderRate: createUpcomingLeaderRate(leaderSchedule, leaderRates),
    tokenSymbols: createTokenSymbols({ cache }),
    poolLiquidity: createPoolLiquidityCache({ rpc }),
    bannedTokens: getBannedTokens(),
    establishedMints: ESTABLISHED_MINTS,
    counterparties:
      config.walletHistoryTransactions > 0
        ? createCounterpartyHistory({ rpc, signatureLimit: config.walletHistoryTransactions })
        : undefined,
  }
  const detector = createDetector(sources, logger)
  const approvals = createApprovalScanner({ rpc, cache, chain, symbols: sources.tokenSymbols })
  const deps = { svm, svmState, cache, chain, priorityFees, name, getDecimals, onAccountsUsed, sources, detector, logger }
  const resultCache = createResultCache({ maxEntries: config.resultCacheMaxEntries, deps })
  const simulate = async (transaction: Uint8Array, options: SimulateOptions = {}) =>
    resultCache.simulate(transaction, parseSimulateOptions(options))

  // The public endpoints default to the chain's JSON-RPC, staked ones or not.
  const sendUrls = config.sendRpcUrls.length === 0 ? config.rpcUrls : config.sendRpcUrls
  const endpoints = createSendEndpoints({
    stakedUrls: config.sendStakedRpcUrls,
    publicUrls: sendUrls,
    requestTimeoutMs: config.rpcTimeoutMs,
  })
  const tracker: TransactionTracker = createTransactionTracker({
    store: engineOptions.trackingStore ?? createMemoryTrackingStore(),
    endpoints,
    rpc,
    getBlockHeight: () => chain.blockHeight,
    getBlockhashStatus: (blockhash) => chain.getBlockhashStatus(fromAccountKey(fromBase58Address(blockhash))),
    isBlockhashValid: (blockhash) => chain.checkBlockhash(fromAccountKey(fromBase58Address(blockhash))),
    rebroadcastMs: config.sendRebroadcastMs,
    pollMs: config.confirmationPollMs,
    leaseMs: config.trackingLeaseMs,
    isStreamLive,
    ...(geyser ? { watchAccount: (address: string, watch: boolean) => geyser.watchTransactionAccount(address, watch) } : {}),
    logger,
  })
  const submitter = createTransactionSubmitter({
    endpoints,
    tracker,
    getBlockhashStatus: (blockhash) => chain.getBlockhashStatus(blockhash),
    getBlockhashHeight: (blockhash) => chain.getBlockhashHeight(blockhash),
    getBlockHeight: () => chain.blockHeight,
  })

  return {
    // Options are checked here, so the in-process transport enforces the API's limits as gRPC does.
    simulate,
    scanApprovals: (wallet) => approvals.scan(wallet),
    execute: (transaction, options = {}) => executeTransaction({ simulate, submitter, tracker }, transaction, options),
    send: (transaction, options = {}) => sendTransaction({ submitter, tracker }, transaction, options),
    // The relay lands in the following commits; until then submit refuses as execute's relay route does.
    submit: async () => {
      throw createServiceError('relay_unavailable', 'submit: the bundle relay is not wired yet.')
    },
    getTips: async () => ({
      slots: 150,
      sample_count: 0,
      p25: null,
      p50: null,
      p75: null,
      p95: null,
      p99: null,
      floor_lamports: MIN_TIP_LAMPORTS,
      tip_accounts: [],
    }),
    async getTransaction(tenantId, signature) {
      const record = await tracker.get(tenantId ?? ANONYMOUS_TENANT, signature)
      if (!record) throw createServiceError('not_found', 'No transaction with this signature is tracked for you.')
      return toTrackedTransaction(record)
    },
    onTransactionUpdate: (listener) => tracker.onUpdate(listener),
    tracker,
    async start() {
      // A chain that is down at boot is not fatal: the pollers keep trying and requests report it.
      await Promise.all([
        chain.refresh().catch((error: unknown) => logger.warn({ err: error }, 'initial chain read failed')),
        sampler.refresh().catch((error: unknown) => logger.warn({ err: error }, 'initial priority fee read failed')),
      ])
      chain.start()
      sampler.start()
      geyser?.start()
      leaderSchedule.start()
      tracker.start()
    },
    stop() {
      void tracker.stop()
      chain.stop()
      sampler.stop()
      geyser?.stop()
      blacklist.close()
      leaderSchedule.stop()
    },
    blacklist,
    sandwiches,
    leaderSchedule,
    cache,
    chain,
    svmState,
    resultCache,
    get geyserState() {
      return geyser?.state
    },
    geyser,
    rpcCalls: rpc.callsByMethod,
    getHealth() {
      if (!geyser) return { status: 'operational', slot: chain.slot, freshness: 'rpc', geyser: null }
      const connected = geyser.state === 'connected'
      return {
        status: connected ? 'operational' : 'degraded',
        slot: chain.slot,
        freshness: connected ? 'geyser' : 'rpc',
        geyser: {
          state: geyser.state,
          endpoints: geyser.subscriptions.map((subscription) => ({
            endpoint: subscription.endpoint,
            state: subscription.state,
            last_slot: subscription.lastSlot,
          })),
        },
      }
    },
  }
}
