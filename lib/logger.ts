/** The structured logger every service uses (pino, the logger fastify is built on). */
import { pino, type Logger } from 'pino'

export type { Logger }

/** Creates a JSON logger named after the service. */
export function createLogger(service: string, level: string): Logger {
  return pino({ name: service, level })
}
