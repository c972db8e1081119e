/** Turns a `bench:compare` argument (a path, or a date or commit prefix) into one load-result file. */
import { existsSync, readdirSync, statSync } from 'node:fs'
import { basename, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { isLoadResultError, LoadResultError, readLoadResult } from './read-load-result.js'

/** Where the load runner writes `<YYYY-MM-DD>-<short commit>.json`. */
export const RESULTS_DIR = fileURLToPath(new URL('../results/', import.meta.url))

const NAME = /^(\d{4}-\d{2}-\d{2})-([0-9a-f]+)/i

/** Whether a results file name (`2026-11-22-b9dc45d.json`) starts with `prefix` or its commit does. */
function matchesPrefix(name: string, prefix: string): boolean {
  if (name.startsWith(prefix)) return true
  const commit = NAME.exec(name)?.[2]
  return commit !== undefined && commit.toLowerCase().startsWith(prefix.toLowerCase())
}

/**
 * An existing file is taken as is. Otherwise `arg` is a date prefix (`2026-11-22`, `2026-11`) or a
 * commit prefix (`b9dc45d`, `b9d`) that must pick exactly one load result in `resultsDir`; other
 * benchmarks' files there (engine-simulate) are passed over.
 */
export function resolveResultPath(arg: string, resultsDir: string = RESULTS_DIR): string {
  if (existsSync(arg) && statSync(arg).isFile()) return arg
  if (arg.endsWith('.json') || arg.includes('/') || arg === '') {
    throw new LoadResultError('result_missing', arg, `${arg}: no such file`)
  }
  let names: string[]
  try {
    names = readdirSync(resultsDir)
      .filter((name) => name.endsWith('.json') && matchesPrefix(name, arg))
      .sort()
  } catch (cause) {
    throw new LoadResultError('result_missing', arg, `${arg}: no such file, and ${resultsDir} cannot be listed`, { cause })
  }
  const loads = names.filter((name) => {
    try {
      readLoadResult(join(resultsDir, name))
      return true
    } catch (error) {
      if (isLoadResultError(error)) return false
      throw error
    }
  })
  if (loads.length === 1) return join(resultsDir, loads[0] as string)
  if (loads.length === 0) {
    const others = names.length === 0 ? '' : ` (${names.join(', ')} matched, but none is a readable load result)`
    throw new LoadResultError(
      'result_missing',
      arg,
      `${arg}: no such file, and no load result in ${resultsDir} matches it as a date or commit prefix${others}`,
    )
  }
  throw new LoadResultError(
    'result_ambiguous',
    arg,
    `${arg}: matches ${loads.length} load results, say which: ${loads.map((name) => basename(name)).join(', ')}`,
  )
}
