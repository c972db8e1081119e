/** Writes the latency chart of a load-result file beside it; also `tsx bench/report/write-chart.ts <result.json>…`. */
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { readFlags } from '../support/command-line.js'
import { renderLatencyChart } from './latency-chart.js'
import { isLoadResultError, readLoadResult } from './read-load-result.js'

/** Reads `resultPath`, writes `<same name>.svg` beside it, and returns the SVG's path. */
export function writeLatencyChart(resultPath: string): string {
  const svgPath = resultPath.replace(/(\.json)?$/i, '.svg')
  writeFileSync(svgPath, renderLatencyChart(readLoadResult(resultPath)))
  return svgPath
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const usage = 'usage: npm run bench:chart -- <bench/results/DATE-COMMIT.json>…'
  const { positionals: files } = readFlags('npm run bench:chart --', { allowPositionals: true, options: {} }, usage)
  if (files.length === 0) {
    process.stderr.write(`${usage}\n`)
    process.exitCode = 2
  }
  for (const file of files) {
    try {
      process.stdout.write(`${writeLatencyChart(file)}\n`)
    } catch (error) {
      if (!isLoadResultError(error)) throw error
      process.stderr.write(`bench:chart: ${error.message}\n`)
      process.exitCode = 2
    }
  }
}
