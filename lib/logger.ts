/** The structured logger every service uses (pino, the logger fastify is built on). */
import { pino, type DestinationStream, type Logger } from 'pino'
import { PinoPretty } from 'pino-pretty'
import { toLoggedError } from './logged-error.js'

export type { Logger }

/** LOG_FORMAT: JSON lines for machines, one readable line for people, or whichever stdout calls for. */
export const LOG_FORMATS = ['auto', 'json', 'pretty'] as const

/** The config field each process reads LOG_FORMAT with. */
export const LOG_FORMAT_FIELD = { kind: 'string', env: 'LOG_FORMAT', default: 'auto', oneOf: LOG_FORMATS } as const

/** Whether `format` asks for readable lines: `pretty`, or `auto` on a terminal (a pipe, a file or a collector gets JSON). */
export function isPrettyLogFormat(format: string, stdoutIsTerminal = process.stdout.isTTY === true): boolean {
  return format === 'pretty' || (format === 'auto' && stdoutIsTerminal)
}

/**
 * Creates a logger named after the service, on stdout unless `destination` says otherwise: JSON
 * lines, or with `format` pretty (or auto on a terminal) one readable, coloured line per entry.
 * Errors (`err`, and the `cause` logged beside an answered fault) pass through toLoggedError: what
 * a library put in them must not carry a secret into the log.
 */
export function createLogger(service: string, level: string, destination?: DestinationStream, format = 'json'): Logger {
  const options = { name: service, level, serializers: { err: toLoggedError, cause: toLoggedError } }
  if (destination || !isPrettyLogFormat(format)) return pino(options, destination)
  // Synchronous, as pino's own stdout is: a line written before an exit is not lost.
  const pretty = PinoPretty({ colorize: process.stdout.isTTY === true, sync: true, translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' })
  return pino(options, pretty)
}
