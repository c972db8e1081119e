/**
 * Environment configuration: one schema per service, read once in main.ts, validated, frozen.
 * A wrong value stops the process with the variable's name and what is allowed.
 */

export type ConfigField =
  | { kind: 'int'; env: string; default: number; min: number; max: number }
  /** A decimal number (a rate, a share): plain notation only, so "0x1" or "Infinity" is refused. */
  | { kind: 'number'; env: string; default: number; min: number; max: number }
  | { kind: 'string'; env: string; default: string; oneOf?: readonly string[] }
  | { kind: 'optional-string'; env: string }
  /** A shared secret (a token two processes present to each other): unset, or at least `minLength` characters. */
  | { kind: 'optional-secret'; env: string; minLength: number }
  | { kind: 'url-list'; env: string; default: readonly string[] }
  | { kind: 'optional-url'; env: string }
  | { kind: 'bool'; env: string; default: boolean }

export type ConfigSchema = Record<string, ConfigField>

type ValueOf<F extends ConfigField> = F extends { kind: 'int' | 'number' }
  ? number
  : F extends { kind: 'string' }
    ? string
    : F extends { kind: 'optional-string' | 'optional-url' | 'optional-secret' }
      ? string | undefined
      : F extends { kind: 'url-list' }
        ? readonly string[]
        : F extends { kind: 'bool' }
          ? boolean
          : never

export type ConfigOf<S extends ConfigSchema> = { readonly [K in keyof S]: ValueOf<S[K]> }

/** Thrown at boot when an environment variable has a value the schema does not allow. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    readonly allowed: string,
    readonly got: string,
  ) {
    super(`invalid ${variable}=${JSON.stringify(got)}: expected ${allowed}`)
    this.name = 'ConfigError'
  }
}

/** Plain decimal notation: what an operator writes for a rate (0.25, .5, 1). */
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/

/** `which` names the URL in the error instead of its value: a URL may carry a key, typo or not. */
function parseUrl(env: string, raw: string, which: string): string {
  try {
    return new URL(raw).toString()
  } catch {
    throw new ConfigError(env, 'an absolute URL', `${which} (not shown: a URL may carry a key)`)
  }
}

function readField(field: ConfigField, raw: string | undefined): unknown {
  const present = raw !== undefined && raw.trim() !== ''
  switch (field.kind) {
    case 'int': {
      if (!present) return field.default
      const value = Number(raw)
      if (!Number.isInteger(value) || value < field.min || value > field.max) {
        throw new ConfigError(field.env, `an integer from ${field.min} to ${field.max}`, raw)
      }
      return value
    }
    case 'number': {
      if (!present) return field.default
      const value = Number(raw)
      if (!DECIMAL.test(raw.trim()) || value < field.min || value > field.max) {
        throw new ConfigError(field.env, `a number from ${field.min} to ${field.max}`, raw)
      }
      return value
    }
    case 'string': {
      if (!present) return field.default
      const value = raw.trim()
      if (field.oneOf && !field.oneOf.includes(value)) {
        throw new ConfigError(field.env, `one of ${field.oneOf.join(', ')}`, raw)
      }
      return value
    }
    case 'optional-string':
      return present ? raw.trim() : undefined
    case 'optional-url':
      return present ? parseUrl(field.env, raw.trim(), 'the URL') : undefined
    case 'optional-secret': {
      if (!present) return undefined
      const value = raw.trim()
      // The value itself never goes into the error: it is a secret, however short.
      if (value.length < field.minLength)
        throw new ConfigError(field.env, `a secret of at least ${field.minLength} characters`, `${value.length} characters`)
      return value
    }
    case 'url-list': {
      if (!present) return field.default
      const urls = raw
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part !== '')
      if (urls.length === 0) throw new ConfigError(field.env, 'a comma-separated list of URLs', raw)
      return urls.map((url, index) => parseUrl(field.env, url, `URL ${index + 1} of ${urls.length}`))
    }
    case 'bool': {
      if (!present) return field.default
      const value = raw.trim().toLowerCase()
      if (['1', 'true', 'yes', 'on'].includes(value)) return true
      if (['0', 'false', 'no', 'off'].includes(value)) return false
      throw new ConfigError(field.env, 'true or false', raw)
    }
  }
}

/** Builds a frozen config object from `env` (pass `process.env` from main.ts only). */
export function readConfig<S extends ConfigSchema>(schema: S, env: Readonly<Record<string, string | undefined>>): ConfigOf<S> {
  const out: Record<string, unknown> = {}
  for (const [key, field] of Object.entries(schema)) out[key] = readField(field, env[field.env])
  return Object.freeze(out) as ConfigOf<S>
}
