/** The structured logger every service uses (pino, the logger fastify is built on). */
import { pino, type DestinationStream, type Logger } from 'pino'
import { toLoggedError } from './logged-error.js'

export type { Logger }

/**
 * Creates a JSON logger named after the service, on stdout unless `destination` says otherwise.
 * Errors (`err`, and the `cause` logged beside an answered fault) pass through toLoggedError:
 * what a library put in them must not carry a secret into the log.
 */
export function createLogger(service: string, level: string, destination?: DestinationStream): Logger {
  return pino({ name: service, level, serializers: { err: toLoggedError, cause: toLoggedError } }, destination)
}
