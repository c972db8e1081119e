/**
 * The floors below every door, measured in this process on the same transactions: raw LiteSVM
 * (bench/load/floor-latency.ts: the accounts copied from an engine's cache) and the engine's own
 * simulate (all six vectors, result cache off), one caller. The engine reads the chain apart
 * over JSON-RPC and is stopped before any door is loaded, so it takes no CPU from the runs.
 */
import { readConfig } from '../../lib/config.js'
import type { Logger } from '../../lib/logger.js'
import { engineConfigSchema } from '../../engine/config.js'
import { createEngine } from '../../engine/engine.js'
import { measureFloor } from '../load/floor-latency.js'
import { createLatencyHistogram, MS_PER_NS, toLatencySummary } from '../load/latency-histogram.js'
import type { LoadMixEntry } from '../load/load-mix.js'
import { ENGINE_ENV } from '../support/bench-service.js'
import { toFloorLatency, type FloorLatency } from './floor-run.js'
import type { UniqueTransaction } from './unique-transactions.js'

/**
 * Untimed engine calls before the timed ones, at least: a tenth of a quick run's 3,000 left V8
 * compiling the engine's code while it was timed (p50 0.090 ms against 0.060 for the same engine
 * after 20,000 calls, LiteSVM unchanged at 0.013), which inflated the floor the one-caller targets
 * are built on. 5,000 calls cost a fraction of a second.
 */
const ENGINE_WARMUP_CALLS = 5_000

export interface EngineFloors {
  liteSvm: FloorLatency
  engine: FloorLatency
}

/** As a bench/load mix entry (what measureFloor takes). */
function toMixEntry(transaction: UniqueTransaction): LoadMixEntry {
  const { kind } = transaction
  return {
    name: kind.name,
    description: kind.name,
    success: kind.success,
    computeUnits: 0,
    bytes: transaction.bytes,
    base64: transaction.base64,
    failureCode: kind.failureCode,
  }
}

/** Checks each kind's outcome on an engine over `rpcUrl`, then times both floors over `transactions`. */
export async function measureEngineFloors(
  rpcUrl: string,
  transactions: readonly UniqueTransaction[],
  iterations: number,
  logger: Logger,
): Promise<EngineFloors> {
  const engine = createEngine(readConfig(engineConfigSchema, { SOLANA_RPC_URLS: rpcUrl, ...ENGINE_ENV }), logger)
  await engine.start()
  try {
    const options = { replaceRecentBlockhash: true }
    for (const transaction of transactions.slice(0, 3)) {
      await engine.simulate(transaction.bytes, options) // fills the cache
      const response = await engine.simulate(transaction.bytes, options)
      const { kind } = transaction
      if (response.success !== kind.success || response.failure_code !== kind.failureCode)
        throw new Error(
          `${kind.name}: the engine says ${response.success ? 'success' : response.failure_code}; expected ${kind.failureCode ?? 'success'}`,
        )
    }
    const liteSvm = toFloorLatency(measureFloor(engine, transactions.slice(0, 300).map(toMixEntry), iterations))
    const histogram = createLatencyHistogram()
    const warmup = Math.max(Math.ceil(iterations / 10), ENGINE_WARMUP_CALLS)
    for (let i = 0; i < warmup + iterations; i++) {
      const bytes = (transactions[i % transactions.length] as UniqueTransaction).bytes
      const start = process.hrtime.bigint()
      await engine.simulate(bytes, options)
      const elapsed = Number(process.hrtime.bigint() - start)
      if (i >= warmup) histogram.recordValue(Math.max(1, elapsed))
    }
    return { liteSvm, engine: toFloorLatency(toLatencySummary(histogram, 0, MS_PER_NS)) }
  } finally {
    engine.stop()
  }
}
