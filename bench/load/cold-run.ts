/**
 * What a cache miss costs, and that misses coalesce. A second engine, with an empty cache, reads
 * the chain through a proxy that adds `latencyMs` to every RPC request. Sequential simulates
 * (direct `engine.simulate()` calls in this process: REST would add its ≈0.2 ms) each spend SOL
 * from a payer funded on the chain just before, to a new address, so every one must fetch
 * accounts this engine has never seen. Then `concurrent` simulates of one never-seen pair of
 * accounts at once: the engine's cache counts the getMultipleAccounts calls they made.
 */
import { readConfig } from '../../lib/config.js'
import type { Logger } from '../../lib/logger.js'
import { engineConfigSchema } from '../../engine/config.js'
import { createEngine } from '../../engine/engine.js'
import { createLatencyHistogram, MS_PER_US, recordMs, toLatencySummary } from './latency-histogram.js'
import { startLatencyProxy } from './latency-proxy.js'
import type { LoadBenchResult } from './load-results.js'
import { ENGINE_ENV } from '../support/bench-service.js'
import type { LoadStack } from './load-stack.js'
import { buildSolTransfer, getRandomAddress } from './mix-transactions.js'

export interface ColdRunOptions {
  stack: LoadStack
  blockhash: string
  latencyMs: number
  count: number
  concurrent: number
  logger: Logger
}

export interface ColdRunOutcome {
  cold: LoadBenchResult['cold']
  /** getMultipleAccounts calls per sequential simulate, mean: 1 means one round trip a miss. */
  rpcCallsPerSimulate: number
  /** How many of the concurrent simulates succeeded. */
  concurrentSucceeded: number
  firstError: string | null
}

const PAYER_LAMPORTS = 1_000_000_000n
/** Above the rent-exempt minimum of an empty account (890,880 lamports): a new recipient may hold it. */
const TRANSFER_LAMPORTS = 1_000_000n

/** Runs the cold measurements; the extra engine and the proxy are gone when it resolves. */
export async function runColdRun(options: ColdRunOptions): Promise<ColdRunOutcome> {
  const { stack, blockhash } = options
  const proxy = await startLatencyProxy(stack.rpcUrl, options.latencyMs)
  const engine = createEngine(readConfig(engineConfigSchema, { SOLANA_RPC_URLS: proxy.url, ...ENGINE_ENV }), options.logger)
  const simulateOptions = { replaceRecentBlockhash: stack.replaceRecentBlockhash }
  try {
    await engine.start()
    // Every transaction is built (and its payer funded) before the clock starts.
    const sequential: Uint8Array[] = []
    for (let i = 0; i < options.count; i++) {
      const payer = getRandomAddress()
      await stack.fund(payer, PAYER_LAMPORTS)
      sequential.push(buildSolTransfer(payer, getRandomAddress(), TRANSFER_LAMPORTS, blockhash))
    }
    const sharedPayer = getRandomAddress()
    const sharedRecipient = getRandomAddress()
    await stack.fund(sharedPayer, PAYER_LAMPORTS)
    const together = Array.from({ length: options.concurrent }, (_, i) =>
      buildSolTransfer(sharedPayer, sharedRecipient, TRANSFER_LAMPORTS + BigInt(i), blockhash),
    )

    const histogram = createLatencyHistogram()
    let errors = 0
    let firstError: string | null = null
    const callsBefore = engine.cache.stats.rpcCalls
    for (const bytes of sequential) {
      const start = performance.now()
      const response = await engine
        .simulate(bytes, simulateOptions)
        .catch((error: unknown) => ({ success: false, failure_reason: String(error) }))
      recordMs(histogram, performance.now() - start)
      if (!response.success) {
        errors++
        firstError ??= response.failure_reason
      }
    }
    const rpcCallsPerSimulate = (engine.cache.stats.rpcCalls - callsBefore) / sequential.length

    const before = { calls: engine.cache.stats.rpcCalls, keys: engine.cache.stats.keysFetched }
    const answers = await Promise.allSettled(together.map((bytes) => engine.simulate(bytes, simulateOptions)))
    const concurrentSucceeded = answers.filter((answer) => answer.status === 'fulfilled' && answer.value.success).length
    for (const answer of answers) {
      if (answer.status === 'rejected') firstError ??= String(answer.reason)
      else if (!answer.value.success) firstError ??= answer.value.failure_reason
    }
    return {
      cold: {
        injectedRpcLatencyMs: options.latencyMs,
        latency: toLatencySummary(histogram, errors, MS_PER_US),
        coalescing: {
          concurrent: options.concurrent,
          rpcCalls: engine.cache.stats.rpcCalls - before.calls,
          keysFetched: engine.cache.stats.keysFetched - before.keys,
        },
      },
      rpcCallsPerSimulate: Math.round(rpcCallsPerSimulate * 100) / 100,
      concurrentSucceeded,
      firstError,
    }
  } finally {
    engine.stop()
    await proxy.close()
  }
}
