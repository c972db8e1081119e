/**
 * The localnet traffic generator: lands a realistic mix of signed transactions through JSON-RPC
 * sendTransaction at a steady rate, so priority-fee and MEV statistics have something to chew on.
 * Pacing is a token bucket without debt: when `maxInFlight` requests are already waiting, the
 * due sends are skipped (counted as `behind`) instead of queued, so nothing grows without bound.
 */
import { randomInt } from 'node:crypto'
import { createKeyPairSignerFromPrivateKeyBytes, createSolanaRpc, type Address, type Signature } from '@solana/kit'
import type { Logger } from '../../lib/logger.js'
import { DEMO_WALLET_SEEDS } from '../seed/demo-state.js'
import { createRepeatingTask, type RepeatingTask } from './repeating-task.js'
import { createSeededRandom } from './seeded-random.js'
import { createSignatureTracker } from './signature-tracker.js'
import { getLoadedSwapPrograms } from './swap-programs.js'
import { DEFAULT_TRAFFIC_MIX, createTrafficPlanner, type TrafficMix, type TrafficPlan } from './traffic-plan.js'
import { countOutcome, createTrafficStats, toStatsSnapshot, type TrafficStats } from './traffic-stats.js'
import { buildPlanTransaction, type RecentBlockhash } from './traffic-transactions.js'
import type { TrafficWallet } from './traffic-wallet.js'
import { createTrafficWallets, fundTrafficWallets } from './traffic-wallets.js'
import { getUnitsNeeded } from './units-needed.js'

export type SentTrafficTransaction = {
  readonly signature: Signature
  readonly plan: TrafficPlan
  readonly from: Address
  readonly to: Address
}

export type TrafficGeneratorOptions = {
  rpcUrl: string
  /** Transactions per second to send. */
  ratePerS: number
  mix?: Partial<TrafficMix>
  logger: Logger
  /** Same seed, same wallets and same sequence of plans; random (and logged) when absent. */
  seed?: number
  /** Traffic wallets to derive and fund (default 8). */
  walletCount?: number
  /** sendTransaction requests waiting at most (default 64). */
  maxInFlight?: number
  /** How often a summary is logged (default 5000 ms). */
  summaryMs?: number
  /** How often the blockhash is refreshed (default 400 ms, one localnet slot). */
  blockhashRefreshMs?: number
  requestTimeoutMs?: number
  /** Called for every transaction sendTransaction accepted (tests keep what they need). */
  onSent?: (sent: SentTrafficTransaction) => void
}

export type TrafficGenerator = {
  /** Funds the wallets, then starts sending; resolves once traffic flows. */
  start(): Promise<void>
  /** Stops sending, waits for in-flight requests and last statuses, clears every timer. */
  stop(): Promise<void>
  /** A snapshot of the counters. */
  readonly stats: TrafficStats
  readonly seed: number
}

/** A blockhash expires after 150 blocks (~60 s at 400 ms); a status not seen by then never will be. */
const STATUS_EXPIRE_MS = 90_000
const STATUS_POLL_MS = 250
const STOP_STATUS_DEADLINE_MS = 3_000

/** Creates a generator; nothing runs until start(). */
export function createTrafficGenerator(options: TrafficGeneratorOptions): TrafficGenerator {
  const { logger, ratePerS } = options
  if (!(ratePerS > 0)) throw new RangeError(`ratePerS must be > 0, got ${ratePerS}`)
  const seed = options.seed ?? randomInt(2 ** 32)
  const maxInFlight = options.maxInFlight ?? 64
  const requestTimeoutMs = options.requestTimeoutMs ?? 10_000
  const rpc = createSolanaRpc(options.rpcUrl)
  const stats = createTrafficStats()
  const controller = new AbortController()
  const inFlight = new Set<Promise<void>>()
  const tracker = createSignatureTracker({
    rpc,
    expireMs: STATUS_EXPIRE_MS,
    maxPending: Math.max(1_000, Math.ceil(ratePerS * (STATUS_EXPIRE_MS / 1000))),
    onSettled: (kind, err) => countOutcome(stats, kind, err ? 'failed' : 'landed'),
    onExpired: (kind) => {
      countOutcome(stats, kind, 'errors')
      stats.lastError = 'status never seen'
    },
  })
  let blockhash: RecentBlockhash | undefined
  let state: 'idle' | 'starting' | 'running' | 'stopped' = 'idle'
  let sending = false
  let startedAtMs = 0

  const requestSignal = () => AbortSignal.any([controller.signal, AbortSignal.timeout(requestTimeoutMs)])

  async function refreshBlockhash(): Promise<RecentBlockhash> {
    const { value } = await rpc.getLatestBlockhash().send({ abortSignal: requestSignal() })
    blockhash = value
    return value
  }

  const onBackgroundError = (error: unknown) => {
    if (!controller.signal.aborted) logger.debug({ err: error }, 'traffic background task failed')
  }

  function sendOne(plan: TrafficPlan, lifetime: RecentBlockhash, wallets: readonly TrafficWallet[]) {
    const task = (async () => {
      try {
        const { signature, wire } = await buildPlanTransaction(plan, wallets, lifetime)
        await rpc.sendTransaction(wire, { encoding: 'base64', skipPreflight: plan.skipPreflight }).send({ abortSignal: requestSignal() })
        countOutcome(stats, plan.kind, 'sent')
        tracker.add(signature, plan.kind, performance.now())
        options.onSent?.({ signature, plan, from: wallets[plan.from]!.signer.address, to: wallets[plan.to]!.signer.address })
      } catch (error) {
        countOutcome(stats, plan.kind, 'errors')
        stats.lastError = error instanceof Error ? error.message : String(error)
        logger.debug({ err: error, kind: plan.kind }, 'traffic send refused')
      }
    })()
    inFlight.add(task)
    void task.finally(() => inFlight.delete(task))
  }

  function logSummary(message: string): void {
    const elapsedS = (performance.now() - startedAtMs) / 1000
    const snapshot = toStatsSnapshot(stats)
    logger.info({ ...snapshot, pending: tracker.size(), inFlight: inFlight.size, ratePerS, elapsedS: Math.round(elapsedS) }, message)
  }

  let loops: RepeatingTask[] = []
  let pacer: NodeJS.Timeout | undefined

  /** Derives and funds the wallets, then starts the pacer and the background loops. */
  async function setUp(): Promise<void> {
    const abortSignal = controller.signal
    const walletCount = options.walletCount ?? 8
    const wallets = await createTrafficWallets(walletCount, seed)
    const swapPrograms = await getLoadedSwapPrograms(rpc, abortSignal)
    const swapShare = options.mix?.swap ?? DEFAULT_TRAFFIC_MIX.swap
    if (swapPrograms.length === 0) {
      logger.info({ swapShare }, 'swap share skipped: no swap program is loaded on this chain')
    } else {
      logger.warn({ swapShare, swapPrograms }, 'swap share skipped: swap programs are loaded but swaps are not built yet')
    }
    await fundTrafficWallets({
      rpc,
      wallets,
      mintAuthority: await createKeyPairSignerFromPrivateKeyBytes(DEMO_WALLET_SEEDS[0]),
      getBlockhash: refreshBlockhash,
      logger,
      abortSignal,
    })
    const unitsNeeded = await getUnitsNeeded(rpc, wallets, await refreshBlockhash(), abortSignal)
    const planner = createTrafficPlanner({
      random: createSeededRandom(seed),
      walletCount,
      ...(options.mix ? { mix: options.mix } : {}),
      // No swap builder exists yet, so the share is skipped even when a program is loaded.
      swapAvailable: false,
      unitsNeeded,
    })
    if (state !== 'starting') return // stop() came during setup
    state = 'running'
    sending = true
    startedAtMs = performance.now()
    logger.info(
      { rpcUrl: options.rpcUrl, ratePerS, seed, wallets: wallets.map((w) => w.signer.address), mix: planner.mix, unitsNeeded },
      'traffic started',
    )

    let scheduled = 0
    const tickMs = Math.min(100, Math.max(5, 1000 / ratePerS))
    const pace = () => {
      if (!sending) return
      const due = Math.floor(((performance.now() - startedAtMs) * ratePerS) / 1000) - scheduled
      for (let i = 0; i < due; i++) {
        scheduled++
        if (inFlight.size >= maxInFlight || !blockhash) {
          stats.behind += due - i
          scheduled += due - i - 1
          break
        }
        sendOne(planner.next(), blockhash, wallets)
      }
    }
    pacer = setInterval(pace, tickMs)
    loops = [
      createRepeatingTask(options.blockhashRefreshMs ?? 400, async () => void (await refreshBlockhash()), onBackgroundError),
      createRepeatingTask(STATUS_POLL_MS, () => tracker.poll(performance.now(), requestSignal()), onBackgroundError),
      createRepeatingTask(options.summaryMs ?? 5_000, () => logSummary('traffic summary'), onBackgroundError),
    ]
  }

  return {
    seed,
    get stats() {
      return { ...toStatsSnapshot(stats), pending: tracker.size() }
    },

    async start() {
      if (state !== 'idle') throw new Error(`the traffic generator cannot start: it is ${state}`)
      state = 'starting'
      try {
        await setUp()
      } catch (error) {
        // stop() during setup aborts its requests: that is a clean stop, not a failure.
        if (controller.signal.aborted) return
        throw error
      }
    },

    async stop() {
      if (state === 'stopped') return
      const wasRunning = state === 'running'
      state = 'stopped'
      sending = false
      if (pacer) clearInterval(pacer)
      await Promise.allSettled([...inFlight])
      await Promise.all(loops.map((loop) => loop.stop()))
      // The last sends' statuses, so the final counts add up (localnet answers at once).
      const deadline = performance.now() + STOP_STATUS_DEADLINE_MS
      while (wasRunning && tracker.size() > 0 && performance.now() < deadline) {
        await tracker.poll(performance.now(), requestSignal()).catch(() => undefined)
        if (tracker.size() > 0) await new Promise((resolve) => setTimeout(resolve, 50))
      }
      controller.abort()
      if (wasRunning) logSummary('traffic stopped')
    },
  }
}
