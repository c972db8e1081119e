/** Reads a load-run result file and checks that it has the `LoadBenchResult` shape before anything uses it. */
import { readFileSync } from 'node:fs'
import type { LoadBenchResult } from '../load/load-results.js'

export type LoadResultErrorCode = 'result_missing' | 'result_unreadable' | 'result_wrong_format' | 'result_ambiguous'

/** A result file that cannot be used, with the file and a stable code. */
export class LoadResultError extends Error {
  override name = 'LoadResultError'
  constructor(
    readonly code: LoadResultErrorCode,
    readonly file: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options)
  }
}

/** Whether `error` is a `LoadResultError`, of `code` when given. */
export function isLoadResultError(error: unknown, code?: LoadResultErrorCode): error is LoadResultError {
  return error instanceof LoadResultError && (code === undefined || error.code === code)
}

/** Reads and checks `file`; throws a `LoadResultError` saying what is wrong. */
export function readLoadResult(file: string): LoadBenchResult {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (cause) {
    const missing = (cause as NodeJS.ErrnoException).code === 'ENOENT'
    throw new LoadResultError(
      missing ? 'result_missing' : 'result_unreadable',
      file,
      `${file}: ${missing ? 'no such file' : `cannot read: ${(cause as Error).message}`}`,
      { cause },
    )
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (cause) {
    throw new LoadResultError('result_unreadable', file, `${file}: not JSON (${(cause as Error).message})`, { cause })
  }
  return assertLoadBenchResult(value, file)
}

type Fields = Record<string, unknown>

function fail(file: string, where: string, expected: string, got: unknown): never {
  const seen = got === null ? 'null' : Array.isArray(got) ? 'an array' : typeof got
  throw new LoadResultError('result_wrong_format', file, `${file}: not a load result: ${where} should be ${expected}, is ${seen}`)
}

function object(file: string, where: string, value: unknown): Fields {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(file, where, 'an object', value)
  return value as Fields
}

function array(file: string, where: string, value: unknown): unknown[] {
  if (!Array.isArray(value)) fail(file, where, 'an array', value)
  return value
}

function string(file: string, where: string, value: unknown): void {
  if (typeof value !== 'string') fail(file, where, 'a string', value)
}

/**
 * A statistic: a number, or null, which is how JSON.stringify writes NaN (a run with no answer has
 * no p50). Null becomes NaN here, so the type stays `number` and readers test `Number.isFinite`.
 */
function statistic(file: string, fields: Fields, key: string, where: string): void {
  const value = fields[key]
  if (value === null) fields[key] = Number.NaN
  else if (typeof value !== 'number') fail(file, `${where}.${key}`, 'a number', value)
}

function nullableNumber(file: string, where: string, value: unknown): void {
  if (value !== null && typeof value !== 'number') fail(file, where, 'a number or null', value)
}

function latencySummary(file: string, where: string, value: unknown): void {
  const fields = object(file, where, value)
  for (const key of ['count', 'errors', 'meanMs', 'p50Ms', 'p90Ms', 'p99Ms', 'p999Ms', 'maxMs']) statistic(file, fields, key, where)
  array(file, `${where}.distribution`, fields.distribution).forEach((point, index) => {
    const pair = array(file, `${where}.distribution[${index}]`, point)
    if (pair.length !== 2) fail(file, `${where}.distribution[${index}]`, 'a [percentile, ms] pair', pair)
    for (const [slot, name] of [
      [0, 'percentile'],
      [1, 'ms'],
    ] as const) {
      if (pair[slot] === null) pair[slot] = Number.NaN
      else if (typeof pair[slot] !== 'number') fail(file, `${where}.distribution[${index}] ${name}`, 'a number', pair[slot])
    }
  })
}

/** Checks the parts of a `LoadBenchResult` that the chart and `bench:compare` read; returns it typed. */
export function assertLoadBenchResult(value: unknown, file: string): LoadBenchResult {
  const result = object(file, 'the file', value)
  if (result.benchmark !== 'load') {
    const what = typeof result.benchmark === 'string' ? `a "${result.benchmark}" result` : 'no benchmark name'
    throw new LoadResultError('result_wrong_format', file, `${file}: not a load result (benchmark should be "load"; this is ${what})`)
  }
  string(file, 'startedAt', result.startedAt)
  string(file, 'git.commit', object(file, 'git', result.git).commit)
  object(file, 'machine', result.machine)
  latencySummary(file, 'floor', result.floor)
  array(file, 'runs', result.runs).forEach((item, index) => {
    const where = `runs[${index}]`
    const run = object(file, where, item)
    string(file, `${where}.path`, run.path)
    string(file, `${where}.mode`, run.mode)
    nullableNumber(file, `${where}.targetRatePerS`, run.targetRatePerS)
    nullableNumber(file, `${where}.concurrency`, run.concurrency)
    statistic(file, run, 'achievedRatePerS', where)
    latencySummary(file, `${where}.latency`, run.latency)
  })
  const maxRates = object(file, 'maxRateUnder10MsP99', result.maxRateUnder10MsP99)
  for (const key of Object.keys(maxRates)) statistic(file, maxRates, key, 'maxRateUnder10MsP99')
  const cold = object(file, 'cold', result.cold)
  statistic(file, cold, 'injectedRpcLatencyMs', 'cold')
  latencySummary(file, 'cold.latency', cold.latency)
  return value as LoadBenchResult
}
