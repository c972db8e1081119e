/**
 * Counts what one warm engine simulate costs without a clock: the calls it makes into LiteSVM's
 * native module (N-API crossings, by method) and the garbage it leaves (bytes allocated in V8's
 * young generation per call, scavenges per 10,000 calls), for the micro benchmark's cases, with
 * all six vectors and with the simulation vector alone, next to the bare floor (simulate) and the
 * floor plus reading its result. Noise-free evidence for bench/README.md's engine cost breakdown:
 * the counts are exact, the bytes vary by a few percent.
 *
 *   npx tsx bench/engine-crossings.ts [--calls N] [--json]
 */
import { getHeapSpaceStatistics } from 'node:v8'
import { constants, PerformanceObserver } from 'node:perf_hooks'
import type { Engine } from '../engine/engine.js'
import type { SimulateOptions } from '../engine/contract/simulate-request.js'
import { createStack } from '../test/helpers/stack.js'
import { createBenchCase } from './support/bench-cases.js'
import { CASE_NAMES } from './support/bench-settings.js'
import { copyEngineAccounts, createFloorSvm } from './support/floor-svm.js'
import { createNativeCallCounter, type NativeCallCounter } from './support/native-call-counter.js'
import { readNativeResult, readNeededNativeResult } from './support/native-result-reads.js'
import { readFlags } from './support/command-line.js'

const COMMAND = 'npx tsx bench/engine-crossings.ts'

interface PathFigures {
  path: string
  /** Native calls per simulate, in total and by `Class.method`. */
  crossings: number
  byMethod: Record<string, number>
  /** Young-generation bytes allocated per call (median over GC-free batches). */
  youngBytesPerCall: number
  scavengesPer10k: number
}

type Call = () => unknown

const BATCH = 20

function getNewSpaceUsed(): number {
  for (const space of getHeapSpaceStatistics()) if (space.space_name === 'new_space') return space.space_used_size
  return 0
}

async function countCrossings(counter: NativeCallCounter, call: Call, calls: number): Promise<Pick<PathFigures, 'crossings' | 'byMethod'>> {
  counter.reset()
  for (let i = 0; i < calls; i++) await call()
  const byMethod: Record<string, number> = {}
  let crossings = 0
  for (const [name, count] of [...counter.counts].sort((a, b) => b[1] - a[1])) {
    byMethod[name] = count / calls
    crossings += count
  }
  return { crossings: crossings / calls, byMethod }
}

/** Young-generation bytes per call: batches that saw a scavenge (the space shrank) are left out. */
async function measureYoungBytes(call: Call, batches: number): Promise<number> {
  const empty: number[] = []
  const perCall: number[] = []
  for (let b = 0; b < batches; b++) {
    const before = getNewSpaceUsed()
    empty.push(getNewSpaceUsed() - before)
    const start = getNewSpaceUsed()
    for (let i = 0; i < BATCH; i++) await call()
    const grown = getNewSpaceUsed() - start
    if (grown > 0) perCall.push(grown / BATCH)
  }
  const median = (values: number[]) => values.sort((x, y) => x - y)[values.length >> 1] ?? 0
  return Math.round(median(perCall) - median(empty) / BATCH)
}

async function countScavenges(call: Call, calls: number): Promise<number> {
  let scavenges = 0
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if ((entry as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR) scavenges++
    }
  })
  observer.observe({ entryTypes: ['gc'] })
  for (let i = 0; i < calls; i++) await call()
  await new Promise((resolve) => setTimeout(resolve, 50)) // gc entries are delivered asynchronously
  observer.disconnect()
  return Math.round((scavenges * 10_000) / calls)
}

async function measurePath(path: string, call: Call, calls: number, counter: NativeCallCounter): Promise<PathFigures> {
  for (let i = 0; i < 500; i++) await call() // warm: JIT and caches
  const counted = await countCrossings(counter, call, Math.min(calls, 1_000))
  counter.uninstall() // the wrappers allocate: garbage is measured without them
  try {
    const youngBytesPerCall = await measureYoungBytes(call, Math.max(50, Math.round(calls / BATCH)))
    const scavengesPer10k = await countScavenges(call, calls)
    return { path, ...counted, youngBytesPerCall, scavengesPer10k }
  } finally {
    counter.install()
  }
}

async function measureCase(
  engine: Engine,
  caseName: (typeof CASE_NAMES)[number],
  blockhash: string,
  calls: number,
  counter: NativeCallCounter,
) {
  const { bytes } = createBenchCase(caseName, blockhash)
  const first = await engine.simulate(bytes)
  if (!first.success) throw new Error(`${caseName}: the engine's simulation failed: ${first.failure_reason}`)
  const floor = createFloorSvm(engine, copyEngineAccounts(engine, bytes))
  const simulationOnly: SimulateOptions = { vectors: ['simulation'] }
  const paths: PathFigures[] = []
  paths.push(await measurePath('svm-floor', () => floor.simulateVersionedTransaction(bytes), calls, counter))
  paths.push(await measurePath('svm-floor+read', () => readNativeResult(floor.simulateVersionedTransaction(bytes)), calls, counter))
  paths.push(
    await measurePath('svm-floor+min-read', () => readNeededNativeResult(floor.simulateVersionedTransaction(bytes)), calls, counter),
  )
  paths.push(await measurePath('engine-sim-only', () => engine.simulate(bytes, simulationOnly), calls, counter))
  paths.push(await measurePath('engine', () => engine.simulate(bytes), calls, counter))
  return { case: caseName, paths }
}

function formatCase(result: Awaited<ReturnType<typeof measureCase>>): string {
  const lines = [`${result.case}`]
  for (const path of result.paths) {
    const methods = Object.entries(path.byMethod)
      .map(([name, count]) => `${name} ${Number.isInteger(count) ? count : count.toFixed(2)}`)
      .join(', ')
    lines.push(
      `  ${path.path.padEnd(18)} ${String(path.crossings).padStart(5)} crossings  ${String(path.youngBytesPerCall).padStart(7)} B/call  ${String(path.scavengesPer10k).padStart(4)} scavenges/10k`,
      `    ${methods}`,
    )
  }
  return lines.join('\n')
}

async function main(): Promise<void> {
  const { values } = readFlags(COMMAND, {
    options: { calls: { type: 'string', default: '10000' }, json: { type: 'boolean', default: false } },
  })
  const calls = Number(values.calls)
  const stack = await createStack({ engineEnv: { ACCOUNT_CACHE_FRESH_MS: '3600000', RESULT_CACHE_MAX_ENTRIES: '0' } })
  const counter = createNativeCallCounter()
  try {
    const { value } = await stack.rpc<{ value: { blockhash: string } }>('getLatestBlockhash', [{ commitment: 'processed' }])
    const results = []
    for (const caseName of CASE_NAMES) results.push(await measureCase(stack.engine, caseName, value.blockhash, calls, counter))
    console.log(values.json ? JSON.stringify(results, null, 2) : results.map(formatCase).join('\n\n'))
  } finally {
    counter.uninstall()
    await stack.close()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
