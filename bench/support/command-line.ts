/**
 * A bench tool's flags. `--help` prints what the tool takes; a flag it does not know, a flag
 * without its value, or a value it cannot use ends it with the reason, the usage and exit code 2,
 * where `parseArgs` alone would end it in a stack trace.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util'
import { ConfigError } from '../../lib/config.js'

/** A value a tool's flags cannot take; thrown while reading them, reported without a stack. */
export class FlagError extends Error {}

type Flags<T extends ParseArgsConfig> = ReturnType<typeof parseArgs<T>>

function isFlagMistake(error: unknown): error is Error {
  if (error instanceof FlagError || error instanceof ConfigError) return true
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS_')
}

/** Runs `read`; a mistake in the flags prints its reason and `usage` and exits 2. */
export function readFlagsOrExit<T>(usage: string, read: () => T): T {
  try {
    return read()
  } catch (error) {
    if (!isFlagMistake(error)) throw error
    process.stderr.write(`${error.message}\n\n${usage}\n`)
    process.exit(2)
  }
}

/** The usage a tool's options give: each flag with its value's kind and its default. */
export function describeFlags(command: string, config: ParseArgsConfig): string {
  const lines = Object.entries(config.options ?? {}).map(([name, option]) => {
    const flag = option.type === 'string' ? `--${name} VALUE` : `--${name}`
    const defaultValue = Array.isArray(option.default) ? option.default.join(',') : option.default
    const notes = [
      option.multiple ? 'repeatable' : undefined,
      defaultValue !== undefined && defaultValue !== false && defaultValue !== '' ? `default ${String(defaultValue)}` : undefined,
    ].filter((note) => note !== undefined)
    return notes.length > 0 ? `  ${flag.padEnd(28)} (${notes.join(', ')})` : `  ${flag}`
  })
  return [`usage: ${command} [flags]   (bench/README.md)`, ...lines, '  --help'].join('\n')
}

/**
 * `parseArgs(config)` over the process's arguments, for a tool run as `command`: `--help` prints
 * the usage (`usage`, or one made of the options) and exits 0; a mistake exits 2 (readFlagsOrExit).
 */
export function readFlags<T extends ParseArgsConfig>(command: string, config: T, usage = describeFlags(command, config)): Flags<T> {
  const args = config.args ?? process.argv.slice(2)
  const ownArgs = args.includes('--') ? args.slice(0, args.indexOf('--')) : args
  if (ownArgs.includes('--help')) {
    process.stdout.write(`${usage}\n`)
    process.exit(0)
  }
  return readFlagsOrExit(usage, () => parseArgs(config))
}

/** Runs `read`, a check of flags already read (readFlags); a mistake prints its reason and where the flags are listed, and exits 2. */
export function checkFlags<T>(command: string, read: () => T): T {
  return readFlagsOrExit(`(${command} --help lists the flags)`, read)
}

/** Ends a tool given a flag value it cannot use, with `message` and where the flags are listed. */
export function rejectFlag(command: string, message: string): never {
  return checkFlags(command, () => {
    throw new FlagError(message)
  })
}
