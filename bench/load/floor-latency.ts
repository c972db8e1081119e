/**
 * The floor: raw LiteSVM (bench/support/floor-svm.ts) holding every account the mix touches, as
 * the engine's cache holds them, timing `simulateVersionedTransaction(bytes)` on the same wire
 * bytes, entry by entry in turn, in this process. Recorded in nanoseconds.
 */
import { isNativeFailure } from '../../lib/native-svm.js'
import type { Engine } from '../../engine/engine.js'
import type { CachedAccount } from '../../engine/hot-path/state/cached-account.js'
import { copyEngineAccounts, createFloorSvm } from '../support/floor-svm.js'
import { createLatencyHistogram, MS_PER_NS, toLatencySummary } from './latency-histogram.js'
import { LoadBenchError } from './load-bench-error.js'
import type { LoadMixEntry } from './load-mix.js'
import type { LatencySummary } from './load-results.js'

/** Times `iterations` floor simulates over `entries` (after a tenth as many untimed). */
export function measureFloor(engine: Engine, entries: readonly LoadMixEntry[], iterations: number): LatencySummary {
  const byKey = new Map<string, CachedAccount>()
  let missing = 0
  for (const entry of entries) {
    const copied = copyEngineAccounts(engine, entry.bytes)
    for (const account of copied.accounts) byKey.set(account.key, account)
    missing += copied.missing
  }
  // A program write compiles its ELF from the programdata the SVM holds then: programs last.
  const accounts = [...byKey.values()].sort((a, b) => Number(a.executable) - Number(b.executable))
  const svm = createFloorSvm(engine, { accounts, missing })
  for (const entry of entries) {
    const result = svm.simulateVersionedTransaction(entry.bytes)
    if (isNativeFailure(result) === entry.success) {
      throw new LoadBenchError(
        `floor / ${entry.name}: raw LiteSVM ${entry.success ? 'failed' : 'succeeded'}: ${result.meta().logs().slice(-2).join(' | ')}`,
      )
    }
  }
  const histogram = createLatencyHistogram()
  const warmup = Math.ceil(iterations / 10)
  for (let i = 0; i < warmup + iterations; i++) {
    const bytes = (entries[i % entries.length] as LoadMixEntry).bytes
    const start = process.hrtime.bigint()
    svm.simulateVersionedTransaction(bytes)
    const elapsed = Number(process.hrtime.bigint() - start)
    if (i >= warmup) histogram.recordValue(Math.max(1, elapsed))
  }
  return toLatencySummary(histogram, 0, MS_PER_NS)
}
