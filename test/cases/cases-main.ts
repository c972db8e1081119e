/**
 * `npm run cases`: builds and judges the whole case set, then prints the scorecard per policy
 * preset and the misjudged cases (`-- --json`: every case's verdicts as JSON instead).
 * LOCALNET_PROGRAMS_DIR names a folder of `<program-id>.so` files to load (default test/fixtures/programs: the Orca
 * swap case needs the Whirlpool program's).
 */
import { formatCaseReport } from './case-report.js'
import { runCases } from './run-cases.js'
import { PROGRAMS_DIR } from '../helpers/fixtures.js'

const startedAt = performance.now()
const runs = await runCases({ programsDir: process.env.LOCALNET_PROGRAMS_DIR ?? PROGRAMS_DIR })
if (process.argv.includes('--json')) {
  const rows = runs.map(({ testCase, status, note, landed, checks, localnet, verdicts }) => {
    const { id, kind, expected, technique, source } = testCase
    return { id, kind, expected, technique, source, status, note, landed: landed.length, checks, localnet, verdicts }
  })
  console.log(JSON.stringify(rows, null, 2))
} else {
  console.log(formatCaseReport(runs))
  console.log(`\n(${((performance.now() - startedAt) / 1000).toFixed(1)} s)`)
}
