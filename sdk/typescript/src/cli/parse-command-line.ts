/** The command line's arguments: the command, its positionals and every option (validated per command). */
import { UsageError } from './usage-error.js'
import { parseArgs } from 'node:util'

const OPTIONS = {
  'base-url': { type: 'string' },
  'api-key': { type: 'string' },
  token: { type: 'string' },
  email: { type: 'string' },
  'password-stdin': { type: 'boolean' },
  register: { type: 'boolean' },
  json: { type: 'boolean' },
  policy: { type: 'string' },
  vectors: { type: 'string' },
  'timeout-ms': { type: 'string' },
  'replace-blockhash': { type: 'boolean' },
  wait: { type: 'boolean' },
  strategy: { type: 'string' },
  'tip-lamports': { type: 'string' },
  'deadline-ms': { type: 'string' },
  'max-retries': { type: 'string' },
  'use-relay': { type: 'boolean' },
  'expires-at': { type: 'string' },
  limit: { type: 'string' },
  signature: { type: 'string' },
  since: { type: 'string' },
  until: { type: 'string' },
  failed: { type: 'boolean' },
  days: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const

export type CommandLineOptions = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values']

export interface CommandLine {
  command: string | undefined
  positionals: string[]
  options: CommandLineOptions
}

/** Throws (parseArgs' TypeError) naming the option for an unknown option or a missing value. */
export function parseCommandLine(argv: string[]): CommandLine {
  const { values, positionals } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true })
  const [command, ...rest] = positionals
  return { command, positionals: rest, options: values }
}

/**
 * An integer option, or undefined when absent; a UsageError naming it otherwise, and naming
 * `range` when it is given and the number falls outside it.
 */
export function getIntegerOption(
  options: CommandLineOptions,
  name: 'timeout-ms' | 'tip-lamports' | 'deadline-ms' | 'max-retries' | 'limit' | 'days',
  range?: { min: number; max: number },
): number | undefined {
  const value = options[name]
  if (value === undefined) return undefined
  const number = Number(value)
  if (!/^\d+$/.test(value) || (range && (number < range.min || number > range.max))) {
    const what = range ? `a whole number from ${range.min} to ${range.max}` : 'a whole number'
    throw new UsageError(`--${name} takes ${what}, not ${JSON.stringify(value)}`)
  }
  return number
}

/** --policy: a preset name, or a JSON object of the fields to change. */
export function getPolicyOption(options: CommandLineOptions): unknown {
  const value = options.policy
  if (value === undefined) return undefined
  if (!value.trim().startsWith('{')) return value
  try {
    return JSON.parse(value) as unknown
  } catch {
    throw new UsageError('--policy is a preset name or a JSON object')
  }
}
