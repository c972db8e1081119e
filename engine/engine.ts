/**
 * The engine: one long-lived SVM fed by the account cache, the chain tracker and the priority
 * fees, all kept current by the geyser streams when GEYSER_ENDPOINT is set (RPC polling
 * otherwise, and while every stream is down). `simulate` is what both the in-process edge and
 * the gRPC server call.
 */
import type { Logger } from '../lib/logger.js'
import { createNativeSvm, setNativeClock } from '../lib/native-svm.js'
import { createPriorityFeeSampler } from './detection/fees/priority-fee-sampler.js'
import { createPriorityFeeSource } from './detection/fees/priority-fee-source.js'
import { createJsonRpcClient } from './hot-path/rpc/json-rpc-client.js'
import type { EngineConfig } from './config.js'
import { createAccountCache, type AccountCache } from './hot-path/state/account-cache.js'
import { createAddressNamer } from './hot-path/state/address-names.js'
import type { AccountKey } from './hot-path/state/account-key.js'
import type { AccountEntry } from './hot-path/state/cached-account.js'
import { getMintDecimals } from './hot-path/state/token-account.js'
import { createChainTracker, type ChainTracker } from './hot-path/state/chain-tracker.js'
import { createSvmState, type SvmState } from './hot-path/svm/svm-state.js'
import { createLazySandwichFork } from './detection/mev/sandwich-fork.js'
import { parseSimulateOptions } from './hot-path/simulate/simulate-options.js'
import { createResultCache, type ResultCache } from './hot-path/simulate/result-cache.js'
import type { SimulateOptions } from './contract/simulate-request.js'
import type { SimulateResponse } from './contract/simulate-response.js'
import { serializeSimulateResponse, type SerializedSimulateResponse } from './contract/serialized-simulate-response.js'
import { encodeSimulateResponse, type EncodedSimulateResponse } from './messages/simulate-response-encoding.js'
import type { LoadedAccounts } from './hot-path/svm/load-accounts.js'
import { createGeyserFeed, type GeyserFeed } from './hot-path/geyser/geyser-feed.js'
import { STREAMED_TRANSACTION_PROGRAMS } from './detection/programs/streamed-programs.js'
import type { GeyserState } from './hot-path/geyser/geyser-subscription.js'
import type { EngineHealth } from './contract/engine-health.js'
import { createProgramBlacklist, DEFAULT_PROGRAM_BLACKLIST_FILE, type ProgramBlacklist } from './detection/programs/program-blacklist.js'
import type { ReadSources } from './detection/vectors/read-sources.js'
import { createCounterpartyHistory } from './detection/wallets/counterparty-history.js'
import { createDetector } from './detection/vectors/run-detection.js'
import { getBannedTokens } from './detection/tokens/banned-tokens.js'
import { ESTABLISHED_MINTS } from './detection/tokens/established-mints.js'
import { createPoolLiquidityCache } from './detection/tokens/pool-liquidity-cache.js'
import { createTokenSymbols } from './detection/tokens/token-symbols.js'
import { createLeaderSchedule, type LeaderSchedule } from './detection/mev/leader-schedule.js'
import { createLeaderSandwichRates } from './detection/mev/leader-sandwich-rates.js'
import { createSandwichDetector, type SandwichDetector } from './detection/mev/sandwich-detector.js'
import { createUpcomingLeaderRate } from './detection/mev/upcoming-leader-rate.js'
import { createApprovalScanner } from './detection/approvals/approval-scanner.js'
import type { ApprovalsResponse } from './contract/approvals-response.js'
import type { ExecuteOptions, ExecuteResponse } from './contract/execute-response.js'
import type { SendOptions, SendResponse } from './contract/send-response.js'
import type { SubmitOptions, SubmitResponse } from './contract/submit-response.js'
import type { TipFloor } from './contract/tips-response.js'
import type { SubmitStrategyName } from './contract/submit-strategies.js'
import type { TipWallet } from './landing/bundle/tip-wallet.js'
import { createBundleSender, type BundleRelay } from './landing/bundle/bundle-sender.js'
import { createBundleWatcher } from './landing/bundle/bundle-watcher.js'
import { createManagedTipBudget } from './landing/bundle/managed-tip-budget.js'
import { toManagedTipPlans } from './landing/bundle/managed-tip-plans.js'
import { createInProcessTipLedger, type TipLedger } from './landing/bundle/tip-ledger.js'
import { createSequentialSimulator } from './landing/bundle/sequential-simulation.js'
import { toTipFloor } from './landing/bundle/tip-floor.js'
import { createRelayClient } from './landing/relay/relay-client.js'
import { createRelayQueue } from './landing/relay/relay-queue.js'
import { createTipFloorWindow } from './detection/fees/tip-floor-window.js'
import type { EndpointSets } from './landing/send/endpoint-sets.js'
import { toEndpointHost } from '../lib/endpoint-host.js'
import { submitTransaction } from './landing/submit/submit-transaction.js'
import type { SubmitStrategy } from './landing/submit/submit-strategy.js'
import { createDirectStrategy, createStakedSenderStrategy } from './landing/submit/direct-strategy.js'
import { createManagedTipBundleStrategy } from './landing/submit/managed-tip-bundle-strategy.js'
import { createAutoDirectStrategy } from './landing/submit/auto-direct-strategy.js'
import type { TrackedTransaction } from './contract/transaction-tracking.js'
import type { TrackingStore } from './landing/tracking/tracking-record.js'
import { createServiceError } from '../lib/errors.js'
import { createSendEndpoints } from './landing/send/send-endpoints.js'
import { createTransactionSubmitter } from './landing/send/transaction-submitter.js'
import { sendTransaction, ANONYMOUS_TENANT } from './landing/send/send-transaction.js'
import { executeTransaction } from './landing/execute/execute-transaction.js'
import { createTransactionTracker, type TransactionTracker } from './landing/tracking/transaction-tracker.js'
import { createMemoryTrackingStore } from './landing/tracking/memory-tracking-store.js'
import { toTrackedTransaction } from './landing/tracking/tracking-record.js'
import { fromBase58Address, fromAccountKey } from './hot-path/state/account-key.js'
import type { WatchListener, WatchStart } from './contract/simulation-watch.js'
import { createSimulationWatches, type SimulationWatches } from './hot-path/watch/simulation-watches.js'

/** A prefetch that fails is not reported: the program vector reads the list itself and reports its failure. */
function ignoreFailure(): void {}

export interface Engine {
  /** Simulates one wire transaction (bytes, not base64), or answers from the result cache. */
  simulate(transaction: Uint8Array, options?: SimulateOptions): Promise<SimulateResponse>
  /** The same answer as its JSON text and summary, for a door that sends JSON (with workers, written off the serving thread). */
  simulateSerialized(transaction: Uint8Array, options?: SimulateOptions): Promise<SerializedSimulateResponse>
  /** The same answer as the gRPC port's message bytes and summary, for the port (with workers, encoded off the serving thread). */
  simulateEncoded(transaction: Uint8Array, options?: SimulateOptions): Promise<EncodedSimulateResponse>
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
  /**
   * Simulates and watches the transaction (docs/api.md#watching-a-simulation): `listener` hears of
   * each later answer a user would see differently, and of the end; rejects as simulate does, or
   * with `watch_limit_exceeded`, or `not_implemented` without a geyser stream.
   */
  watch(transaction: Uint8Array, options: SimulateOptions, listener: WatchListener): Promise<WatchStart>
  /** The watched simulations: how many are open, re-simulated and pushed. */
  readonly watches: Pick<SimulationWatches, 'stats'>
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
  /**
   * Whether it should take calls: its view of the chain is current, a latest blockhash learned
   * from a poll or the stream within ENGINE_READY_MAX_STALE_MS (the readiness a load balancer or
   * Kubernetes asks over grpc.health.v1). Synchronous, cheap.
   */
  isReady(): boolean
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
  /** The wallet that pays managed tips (TIP_WALLET_KEYPAIR, read by startEngine); without it managed tips answer relay_unavailable. */
  tipWallet?: TipWallet
  /** Each user's managed tips of the day, shared between engines (Redis); this process's memory without it. */
  tipLedger?: TipLedger
}

/** Creates an engine for `config`; call `start()` before serving. */
export function createEngine(config: EngineConfig, logger: Logger, engineOptions: EngineOptions = {}): Engine {
  const rpc = createJsonRpcClient({ urls: config.rpcUrls, requestTimeoutMs: config.rpcTimeoutMs })
  const svm = createNativeSvm()
  const svmState = createSvmState(svm)
  const sandwichFork = createLazySandwichFork(BigInt(config.sandwichMaxSearchUnits))
  // The cache, the chain tracker and the sampler are created before the feed, which needs them;
  // their callbacks read `geyser` only once the engine runs, after it is set below.
  const cache = createAccountCache({
    rpc,
    maxBytes: config.cacheMaxBytes,
    freshMs: config.cacheFreshMs,
    batchSize: config.rpcBatchSize,
    onEvict: (key) => {
      svmState.forget(key)
      sandwichFork.forget(key)
    },
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
          transactionPrograms: STREAMED_TRANSACTION_PROGRAMS,
          token: config.geyserToken,
          stallMs: config.geyserStallMs,
          cache,
          chain,
          logger,
          onFeeWindowAdvance: () => priorityFees.invalidate(),
          onTransaction: (update) => {
            sandwiches.recordTransaction(update)
            tracker.onStreamTransaction(update)
            tipWindow.record(update)
          },
          onSlot: (slot, status) => {
            tracker.onStreamSlot(slot, status)
            tipWindow.advance(slot)
          },
        })
      : undefined
  // Tips landed over the last 150 slots, from transfers to the relay's tip accounts on the stream.
  const tipWindow = createTipFloorWindow({
    windowSlots: 150,
    ...(engineOptions.tipWallet ? { ignorePayer: engineOptions.tipWallet.publicKey } : {}),
  })
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
  /** Asks for a tenant's list only to start its load: the program vector's own read shares it, and reports a failure. */
  function prefetchTenantBlocks(tenantId: string): void {
    const blocks = engineOptions.getTenantBlocks?.(tenantId)
    if (blocks instanceof Promise) blocks.catch(ignoreFailure)
  }
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
  // A bundle-bound simulate (it pays a tip account) answers the tip floor; the set is the relay's, kept once per change.
  let tipAccounts: string[] = []
  let tipAccountKeys: ReadonlySet<AccountKey> = new Set()
  const tips = { getTipAccounts: () => tipAccountKeys, getTipFloor: () => getTipFloor() }
  const deps = {
    prefetchTenantBlocks: engineOptions.getTenantBlocks ? prefetchTenantBlocks : undefined,
    svm,
    svmState,
    cache,
    chain,
    priorityFees,
    name,
    getDecimals,
    onAccountsUsed,
    sources,
    detector,
    logger,
    tips,
    sandwichFork,
  }
  const resultCache = createResultCache({ maxEntries: config.resultCacheMaxEntries, deps })
  const simulate = async (transaction: Uint8Array, options: SimulateOptions = {}) =>
    resultCache.simulate(transaction, parseSimulateOptions(options))
  const watches = createSimulationWatches({
    deps,
    geyser,
    maxSessions: config.watchMaxSessions,
    maxPerTenant: config.watchMaxPerTenant,
    maxMs: config.watchMaxMs,
    logger,
  })

  // The public endpoints default to the chain's JSON-RPC, staked ones or not.
  const sendUrls = config.sendRpcUrls.length === 0 ? config.rpcUrls : config.sendRpcUrls
  const timeout = { requestTimeoutMs: config.rpcTimeoutMs }
  const endpoints: EndpointSets = {
    all: createSendEndpoints({ stakedUrls: config.sendStakedRpcUrls, publicUrls: sendUrls, ...timeout }),
    public: createSendEndpoints({ stakedUrls: [], publicUrls: sendUrls, ...timeout }),
    // Without staked endpoints staked_sender refuses before sending; the set only needs to exist.
    staked: createSendEndpoints({
      stakedUrls: config.sendStakedRpcUrls,
      publicUrls: config.sendStakedRpcUrls.length > 0 ? [] : sendUrls,
      ...timeout,
    }),
  }
  const trackingStore = engineOptions.trackingStore ?? createMemoryTrackingStore()
  const tracker: TransactionTracker = createTransactionTracker({
    store: trackingStore,
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

  // The bundle relay (docs/relay.md): one paced queue for every call to it, the bundle lint's
  // scratch SVM, the tips landed, and the watcher that turns a bundle the relay will not land into
  // a `dropped` record.
  const relayQueue = config.relayUrl
    ? createRelayQueue({
        client: createRelayClient({
          url: config.relayUrl,
          ...(config.relayAuth ? { auth: config.relayAuth } : {}),
          requestTimeoutMs: config.rpcTimeoutMs,
        }),
        ratePerSecond: config.relayRatePerSecond,
        maxQueuedPerOwner: config.relayMaxQueuedPerUser,
        logger,
      })
    : undefined
  const relay: BundleRelay | undefined =
    relayQueue && config.relayUrl
      ? {
          host: toEndpointHost(config.relayUrl),
          sendBundle: (transactions, deadlineMs, owner) => relayQueue.sendBundle(transactions, deadlineMs, { owner }),
          // Through loadTipAccounts: the first answer after a relay outage at start also sets up the tip window.
          getTipAccounts: () => loadTipAccounts(),
        }
      : undefined
  const getTipFloor = (): TipFloor => toTipFloor(tipWindow.getTipFloor(), tipAccounts)
  const tipLedger = engineOptions.tipLedger ?? createInProcessTipLedger()
  const budget = createManagedTipBudget({
    plans: toManagedTipPlans(config),
    ledger: tipLedger,
    getSpentSince: (userId, sinceMs) => trackingStore.getManagedTipLamportsSince(userId, sinceMs),
  })
  const bundles = createBundleSender({
    relay,
    tipWallet: engineOptions.tipWallet,
    budget,
    simulator: createSequentialSimulator({ cache, chain }),
    chain,
    tracker,
    getTipFloor: () => {
      const floor = getTipFloor()
      return { p75: floor.p75, floorLamports: floor.floor_lamports }
    },
  })
  const bundleWatcher = relayQueue
    ? createBundleWatcher({ relay: relayQueue, tracker, pollMs: config.relayStatusPollMs, logger })
    : undefined
  /** The tip accounts, read from the relay once it answers (the tip window counts transfers to them). */
  async function loadTipAccounts(): Promise<string[]> {
    if (!relayQueue) return tipAccounts
    const list = await relayQueue.getTipAccounts()
    if (list !== tipAccounts) {
      // Every transaction paying them is streamed, not only those touching what the stream already follows.
      for (const address of tipAccounts) if (!list.includes(address)) geyser?.watchTransactionAccount(address, false)
      for (const address of list) if (!tipAccounts.includes(address)) geyser?.watchTransactionAccount(address, true)
      tipAccounts = list
      tipAccountKeys = new Set(list.map(fromBase58Address))
      tipWindow.setTipAccounts(list)
    }
    return list
  }
  // One per name (a Record, so a strategy named in the contract and not built here fails to compile).
  const strategies: Readonly<Record<SubmitStrategyName, SubmitStrategy>> = {
    direct: createDirectStrategy(submitter),
    staked_sender: createStakedSenderStrategy(submitter, config.sendStakedRpcUrls.length > 0),
    managed_tip_bundle: createManagedTipBundleStrategy(bundles),
    auto_direct: createAutoDirectStrategy({ submitter, bundles, tracker, chain, budget, slots: config.autoDirectSlots }),
  }

  return {
    // Options are checked here, so the in-process transport enforces the API's limits as gRPC does.
    simulate,
    simulateSerialized: (transaction, options) => simulate(transaction, options).then(serializeSimulateResponse),
    simulateEncoded: (transaction, options) => simulate(transaction, options).then(encodeSimulateResponse),
    scanApprovals: (wallet) => approvals.scan(wallet),
    execute: (transaction, options = {}) => executeTransaction({ simulate, submitter, bundles, tracker }, transaction, options),
    send: (transaction, options = {}) => sendTransaction({ submitter, bundles, tracker }, transaction, options),
    submit: (transaction, options) => submitTransaction({ simulate, strategies, tracker, budget }, transaction, options),
    async getTips() {
      // The relay's list once it has answered; a relay that is down leaves the tips without accounts, not the call failing.
      await loadTipAccounts().catch((error: unknown) => logger.debug({ err: error }, 'tip accounts not read'))
      return getTipFloor()
    },
    async getTransaction(tenantId, signature) {
      const record = await tracker.get(tenantId ?? ANONYMOUS_TENANT, signature)
      if (!record) throw createServiceError('not_found', 'No transaction with this signature is tracked for you.')
      return toTrackedTransaction(record)
    },
    watch: (transaction, options, listener) => watches.start(transaction, options, listener),
    watches,
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
      bundleWatcher?.start()
      // The tip window needs the tip accounts before it can count tips; a relay down now is read again by getTips.
      void loadTipAccounts().catch((error: unknown) => logger.warn({ err: error }, 'the relay did not answer getTipAccounts'))
    },
    stop() {
      watches.closeAll('shutting_down')
      bundleWatcher?.stop()
      relayQueue?.close()
      void tracker.stop()
      chain.stop()
      sampler.stop()
      geyser?.stop()
      blacklist.close()
      leaderSchedule.stop()
      void tipLedger.close()
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
    isReady() {
      const at = chain.latestBlockhashAtMs
      return at !== undefined && Date.now() - at <= config.readyMaxStaleMs
    },
    getHealth() {
      // The engine alone has no workers; startEngine's serving engine reports its pool's.
      if (!geyser) return { status: 'operational', slot: chain.slot, freshness: 'rpc', geyser: null, workers: null }
      const connected = geyser.state === 'connected'
      return {
        status: connected ? 'operational' : 'degraded',
        slot: chain.slot,
        freshness: connected ? 'geyser' : 'rpc',
        geyser: {
          state: geyser.state,
          endpoints: geyser.subscriptions.map((subscription) => ({
            endpoint: subscription.host,
            state: subscription.state,
            last_slot: subscription.lastSlot,
          })),
        },
        workers: null,
      }
    },
  }
}
