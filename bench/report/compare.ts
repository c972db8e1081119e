/**
 * `npm run bench:compare A B`: two load results side by side, B over A. A and B are result files,
 * or a date or commit prefix naming one file in bench/results/. Exit 0, or 2 when a file is
 * missing, unreadable or not a load result.
 */
import { fileURLToPath } from 'node:url'
import type { LoadBenchResult } from '../load/load-results.js'
import { compareResults } from './compare-results.js'
import { formatComparison } from './format-comparison.js'
import { isLoadResultError, readLoadResult } from './read-load-result.js'
import { RESULTS_DIR, resolveResultPath } from './resolve-result-path.js'

export interface CompareIo {
  stdout: (text: string) => void
  stderr: (text: string) => void
  /** Where prefixes are looked up (default bench/results/). */
  resultsDir?: string
}

const USAGE = 'usage: npm run bench:compare <A> <B>   (a result file, or a date or commit prefix of one in bench/results/)\n'

function describe(name: string, file: string, result: LoadBenchResult): string {
  const machine = result.machine as Partial<LoadBenchResult['machine']>
  const commit = result.git.commit.slice(0, 7) + (result.git.dirty ? '+dirty' : '')
  return `${name}  ${file}  ${commit}  ${result.startedAt}  ${machine.cpuModel ?? '?'} ×${machine.cpus ?? '?'}, node ${machine.node ?? '?'}`
}

/** What a reader should know before trusting a ratio: other hardware, other settings, uncommitted code. */
function getCaveats(a: LoadBenchResult, b: LoadBenchResult): string[] {
  const caveats: string[] = []
  if (a.machine?.cpuModel !== b.machine?.cpuModel || a.machine?.cpus !== b.machine?.cpus)
    caveats.push('the two ran on different machines: ratios mix code and hardware')
  if (a.machine?.node !== b.machine?.node) caveats.push(`different Node versions (${a.machine?.node} → ${b.machine?.node})`)
  if (JSON.stringify(a.settings) !== JSON.stringify(b.settings)) caveats.push('the load settings differ (see each file\'s "settings")')
  for (const [name, result] of [
    ['A', a],
    ['B', b],
  ] as const)
    if (result.git.dirty) caveats.push(`${name} ran with uncommitted changes`)
  return caveats
}

/** Runs the comparison for `args` (`[A, B]`), writing through `io`; returns the exit code. */
export function runCompare(args: readonly string[], io: CompareIo): number {
  const operands = args.filter((arg) => arg !== '--')
  if (operands.length !== 2 || operands.some((arg) => arg === '-h' || arg === '--help')) {
    io.stderr(USAGE)
    return 2
  }
  try {
    const [fileA, fileB] = operands.map((arg) => resolveResultPath(arg, io.resultsDir ?? RESULTS_DIR)) as [string, string]
    const a = readLoadResult(fileA)
    const b = readLoadResult(fileB)
    const lines = [describe('A', fileA, a), describe('B', fileB, b)]
    for (const caveat of getCaveats(a, b)) lines.push(`note: ${caveat}`)
    io.stdout(`${lines.join('\n')}\n\n${formatComparison(compareResults(a, b))}`)
    return 0
  } catch (error) {
    if (!isLoadResultError(error)) throw error
    io.stderr(`bench:compare: ${error.message}\n`)
    return 2
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exitCode = runCompare(process.argv.slice(2), {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
  })
}
