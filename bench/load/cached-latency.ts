/**
 * The result cache's hit path, against the simulation it saves. The serving engine runs with the
 * result cache off (ENGINE_ENV), so every load run times real simulations; here a second engine
 * on the same chain runs with it on, and answers the mix's requests again within the slot it
 * computed them at. The baseline, in the same run and the same turn-by-turn order: the serving
 * engine simulating the same requests. Both in process (`engine.simulate()`, no transport), in
 * nanoseconds. A call the cache did not answer (the slot moved, with --url) counts as a miss and
 * is left out of the hit figures.
 */
import { readConfig } from '../../lib/config.js'
import type { Logger } from '../../lib/logger.js'
import { engineConfigSchema } from '../../engine/config.js'
import { createEngine, type Engine } from '../../engine/engine.js'
import { ENGINE_ENV } from '../support/bench-service.js'
import { createLatencyHistogram, MS_PER_NS, toLatencySummary } from './latency-histogram.js'
import { LoadBenchError } from './load-bench-error.js'
import type { LoadMixEntry } from './load-mix.js'
import type { LoadBenchResult } from './load-results.js'

export const CACHED_ENGINE_ENV = { ...ENGINE_ENV, RESULT_CACHE_MAX_ENTRIES: '10000' } as const
/** How long an entry may take to be answered from cache at all (its first answers may still be loading liquidity). */
const FILL_TIMEOUT_MS = 5_000

export interface CachedLatencyOptions {
  rpcUrl: string
  /** The serving engine (result cache off): the baseline. */
  engine: Engine
  entries: readonly LoadMixEntry[]
  iterations: number
  replaceRecentBlockhash: boolean
  logger: Logger
}

/** Simulates `entry` until the cache answers it, so that the timed calls meet a filled cache. */
async function fill(engine: Engine, entry: LoadMixEntry, options: { replaceRecentBlockhash: boolean }): Promise<void> {
  const deadline = Date.now() + FILL_TIMEOUT_MS
  while (!(await engine.simulate(entry.bytes, options)).cached) {
    if (Date.now() > deadline)
      throw new LoadBenchError(`cached / ${entry.name}: not answered from the result cache within ${FILL_TIMEOUT_MS} ms`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** Times cache hits over the mix, and the same requests simulated, `iterations` each (after a tenth as many untimed). */
export async function measureCachedHits(options: CachedLatencyOptions): Promise<NonNullable<LoadBenchResult['cached']>> {
  const engine = createEngine(readConfig(engineConfigSchema, { SOLANA_RPC_URLS: options.rpcUrl, ...CACHED_ENGINE_ENV }), options.logger)
  try {
    await engine.start()
    const simulateOptions = { replaceRecentBlockhash: options.replaceRecentBlockhash }
    for (const entry of options.entries) await fill(engine, entry, simulateOptions)
    const hits = createLatencyHistogram()
    const simulated = createLatencyHistogram()
    let misses = 0
    const warmup = Math.ceil(options.iterations / 10)
    for (let i = 0; i < warmup + options.iterations; i++) {
      const bytes = (options.entries[i % options.entries.length] as LoadMixEntry).bytes
      let start = process.hrtime.bigint()
      const answer = await engine.simulate(bytes, simulateOptions)
      let elapsed = Number(process.hrtime.bigint() - start)
      if (i >= warmup) {
        if (answer.cached) hits.recordValue(Math.max(1, elapsed))
        else misses++
      }
      start = process.hrtime.bigint()
      await options.engine.simulate(bytes, simulateOptions)
      elapsed = Number(process.hrtime.bigint() - start)
      if (i >= warmup) simulated.recordValue(Math.max(1, elapsed))
    }
    return { hits: toLatencySummary(hits, 0, MS_PER_NS), simulated: toLatencySummary(simulated, 0, MS_PER_NS), misses }
  } finally {
    engine.stop()
  }
}
