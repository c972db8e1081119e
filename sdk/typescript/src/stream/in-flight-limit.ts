/** At most `max` messages awaiting answers: the others wait their turn, in order (the client's side of back-pressure). */
import { toAbortError } from '../http/abort.js'

export interface InFlightLimit {
  /** Resolves once a place is free (rejects when `signal` aborts first). */
  acquire(signal?: AbortSignal): Promise<void>
  release(): void
}

export function createInFlightLimit(max: number): InFlightLimit {
  const waiters: Array<() => void> = []
  let inFlight = 0
  return {
    async acquire(signal) {
      while (inFlight >= max) {
        await new Promise<void>((resolve, reject) => {
          waiters.push(resolve)
          signal?.addEventListener('abort', () => reject(toAbortError(signal)), { once: true })
        })
      }
      inFlight++
    },
    release() {
      inFlight--
      waiters.shift()?.()
    },
  }
}
