/**
 * Errors across a worker boundary: structured clone keeps an Error's message but not its class, so
 * a catalogue error travels as its fields and is rebuilt as the same ServiceError on the other side.
 */
import { ServiceError } from '../../../lib/errors.js'
import type { TransportedError } from './simulate-worker-messages.js'

export function toTransportedError(error: unknown): TransportedError {
  if (error instanceof ServiceError) {
    return {
      kind: 'service',
      code: error.code,
      message: error.message,
      ...(error.headers ? { headers: { ...error.headers } } : {}),
      ...(error.details ? { details: error.details } : {}),
    }
  }
  return { kind: 'other', message: error instanceof Error ? error.message : String(error) }
}

export function fromTransportedError(error: TransportedError): Error {
  if (error.kind === 'other') return new Error(error.message)
  return new ServiceError(error.code, error.message, {
    ...(error.headers ? { headers: error.headers } : {}),
    ...(error.details ? { details: error.details } : {}),
  })
}
