/**
 * `npm run bench:floor`: every door of the service beside a bare server answering the same bytes
 * and the engine/LiteSVM floors, with the same transactions and the same load tools; writes
 * bench/results/<date>-<commit>-floor.json. Method: bench/README.md#floor.
 */
import { fileURLToPath } from 'node:url'
import { formatFloorReport } from './floor-report.js'
import { writeFloorResult } from './floor-result.js'
import { FLOOR_USAGE, readFloorSettings } from './floor-settings.js'
import { runFloorBench } from './run-floor-bench.js'
import { readFlagsOrExit } from '../support/command-line.js'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

async function main(): Promise<void> {
  const settings = readFlagsOrExit(FLOOR_USAGE, () => readFloorSettings(process.argv.slice(2)))
  if (!settings) {
    process.stdout.write(`${FLOOR_USAGE}\n`)
    return
  }
  const result = await runFloorBench(ROOT, settings)
  process.stdout.write(`\n${formatFloorReport(result)}\n`)
  if (settings.write) process.stdout.write(`\nwrote ${writeFloorResult(ROOT, settings.resultsDir, result)}\n`)
}

main().catch((error: unknown) => {
  console.error('floor benchmark failed:', error)
  process.exitCode = 1
})
