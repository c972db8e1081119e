import { FlagError } from './command-line.js'

/** `--env NAME=VALUE` flags of the benchmark tools, as an environment (a value may hold `=`). */
export function parseEnvPairs(pairs: readonly string[]): Record<string, string> {
  const env: Record<string, string> = {}
  for (const pair of pairs) {
    const at = pair.indexOf('=')
    if (at <= 0) throw new FlagError(`--env wants NAME=VALUE, not ${pair}`)
    env[pair.slice(0, at)] = pair.slice(at + 1)
  }
  return env
}
