/**
 * `--help` and `--version` for each entry point (node dist/main.js, dist/engine/main.js, …): a
 * person who tries them gets an answer and exit 0 instead of a service starting. Settings are
 * environment variables, so any other argument is refused (exit 2) with a pointer to --help.
 */
import { getPackageVersion } from './package-version.js'

export interface EntryDescription {
  /** How it is started, e.g. `node dist/main.js` (or `npm start`). */
  readonly command: string
  /** What it runs, in a sentence or two. */
  readonly summary: string
  /** The variables a person sets first, each with what it does. */
  readonly settings: ReadonlyArray<readonly [variable: string, meaning: string]>
}

/** The package's version above `fromDir` (the repository's, or the image's); `unknown` when there is none. */
function readPackageVersion(fromDir: string): string {
  try {
    return getPackageVersion(fromDir)
  } catch {
    return 'unknown'
  }
}

/** The --help text. */
export function formatHelp(entry: EntryDescription, version: string): string {
  const width = Math.max(...entry.settings.map(([variable]) => variable.length))
  return [
    `${entry.command} — solana-preflight ${version}`,
    '',
    entry.summary,
    '',
    'Configured by environment variables, read once at start; the ones to know first:',
    ...entry.settings.map(([variable, meaning]) => `  ${variable.padEnd(width)}  ${meaning}`),
    '',
    'Every variable, its default and its process: docs/operations.md#configuration-reference',
    'Options: --help (this), --version.',
    '',
  ].join('\n')
}

/**
 * Answers --help or --version and exits 0, refuses any other argument with exit 2; returns when
 * there are none. `argv` is process.argv.slice(2).
 */
export function handleInfoFlags(argv: readonly string[], entry: EntryDescription, fromDir: string): void {
  if (argv.length === 0) return
  const version = readPackageVersion(fromDir)
  if (argv.includes('--version') || argv.includes('-v')) {
    process.stdout.write(`solana-preflight ${version}\n`)
    process.exit(0)
  }
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(formatHelp(entry, version))
    process.exit(0)
  }
  process.stderr.write(`unknown argument ${JSON.stringify(argv[0])}: settings are environment variables (${entry.command} --help)\n`)
  process.exit(2)
}
