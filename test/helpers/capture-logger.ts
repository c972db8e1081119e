/** A pino logger that keeps its lines in memory, for tests that assert what was logged. */
import { pino, type Logger } from 'pino'

export interface LogLine {
  level: number
  msg: string
  [field: string]: unknown
}

export const LOG_LEVEL = { debug: 20, warn: 40, error: 50 } as const

/** Creates a logger whose lines land, parsed, in `lines`. */
export function createCaptureLogger(): { logger: Logger; lines: LogLine[] } {
  const lines: LogLine[] = []
  const logger = pino({ level: 'debug' }, { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) })
  return { logger, lines }
}
