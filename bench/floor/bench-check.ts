/**
 * `npm run bench:check`: a quick floor run (≈3 min) compared with the latest committed floor
 * result: every service/bare and service/floor ratio within a tolerance, and every target that held
 * there still held. Prints what regressed and exits 1 when something did. A tool for us, not a CI
 * test: timings on a shared machine are noisy (bench/README.md#floor).
 */
import { readFileSync } from 'node:fs'
import { relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { compareFloorResults } from './floor-regressions.js'
import { formatFloorReport } from './floor-report.js'
import { findCommittedFloorResult, type FloorBenchResult } from './floor-result.js'
import { readFloorSettings } from './floor-settings.js'
import { runFloorBench } from './run-floor-bench.js'
import { readFlagsOrExit } from '../support/command-line.js'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const USAGE = `npm run bench:check [-- options]   (bench/README.md#floor)
  A quick floor run (--quick --no-write) compared with the latest committed *-floor.json; exit 1 on a regression.
  Takes the floor benchmark's other options (npm run bench:floor -- --help): --concurrency, --generators,
  --traffic-rate, --results-dir, --no-placement, --source.`

async function main(): Promise<number> {
  const settings = readFlagsOrExit(USAGE, () => readFloorSettings(['--quick', '--no-write', ...process.argv.slice(2)]))
  if (!settings) {
    process.stdout.write(`${USAGE}\n`)
    return 0
  }
  const baselineFile = findCommittedFloorResult(ROOT, settings.resultsDir)
  const baseline = baselineFile ? (JSON.parse(readFileSync(baselineFile, 'utf8')) as FloorBenchResult) : null
  const result = await runFloorBench(ROOT, settings)
  process.stdout.write(`\n${formatFloorReport(result)}\n\n`)
  process.stdout.write(
    baselineFile
      ? `against ${relative(ROOT, baselineFile)} (commit ${baseline?.git.commit}):\n`
      : 'no committed floor result: targets only\n',
  )
  const comparisons = compareFloorResults(result, baseline)
  for (const c of comparisons) {
    const figures = c.baseline === null ? `${c.current ?? '—'}` : `${c.current ?? '—'} (was ${c.baseline})`
    process.stdout.write(`  ${c.regressed ? 'REGRESSED' : 'ok       '}  ${c.name}: ${figures} — ${c.why}\n`)
  }
  const regressed = comparisons.filter((c) => c.regressed)
  process.stdout.write(
    regressed.length > 0 ? `\n${regressed.length} figure(s) regressed: ${regressed.map((c) => c.name).join(', ')}\n` : '\nno regression\n',
  )
  return regressed.length > 0 ? 1 : 0
}

main().then(
  (code) => {
    process.exitCode = code
  },
  (error: unknown) => {
    console.error('bench:check failed:', error)
    process.exitCode = 2
  },
)
