/**
 * What a logged error may say (docs/security.md: secrets never appear in logs). The service's own
 * messages name endpoints by host already; this is for what other code puts in an error: fetch
 * quotes the URL it refused, an upstream's failure list names each URL, and ioredis attaches the
 * failed command to its errors with its arguments — HELLO and AUTH carry the Redis password.
 */
import { stdSerializers } from 'pino'
import { toRedactedText } from './redacted-text.js'

/** Deeper than any error's own fields go; past it a value is dropped rather than walked (cycles). */
const MAX_DEPTH = 6

function isErrorLike(value: unknown): value is Error {
  return value instanceof Error || (typeof value === 'object' && value !== null && 'message' in value && 'stack' in value)
}

function toRedactedValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return toRedactedText(value)
  if (typeof value !== 'object' || value === null) return value
  // Bytes, dates and collections log as pino would log them; only objects and arrays are walked.
  if (ArrayBuffer.isView(value) || value instanceof Date || value instanceof Map || value instanceof Set) return value
  if (depth >= MAX_DEPTH) return '[…]'
  if (Array.isArray(value)) return value.map((item) => toRedactedValue(item, depth + 1))
  const out: Record<string, unknown> = {}
  for (const [key, field] of Object.entries(value)) {
    // A Redis command's arguments may be its credentials; its name says what failed.
    if (key === 'command' && typeof field === 'object' && field !== null && 'args' in field) {
      out[key] = { name: (field as { name?: unknown }).name }
      continue
    }
    out[key] = toRedactedValue(field, depth + 1)
  }
  return out
}

/**
 * The logger's serializer for `err` and `cause`: an error as pino prints it (message and stack with
 * their causes, own fields), every URL in it cut to its host, Redis command arguments dropped.
 */
export function toLoggedError(value: unknown): unknown {
  return toRedactedValue(isErrorLike(value) ? stdSerializers.err(value) : value, 0)
}
