/** Cancellation helpers: one signal for a caller's signal and a timeout, and a sleep that a signal ends. */
import { PreflightError } from '../errors.js'

/** A signal that aborts when `signal` does or after `timeoutMs`, and the reason it aborted. */
export function createDeadline(timeoutMs: number, signal?: AbortSignal): { signal: AbortSignal; dispose(): void; isTimedOut(): boolean } {
  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort(new PreflightError({ code: 'timeout', message: `no answer within ${timeoutMs} ms` }))
  }, timeoutMs)
  const onAbort = () => controller.abort(signal?.reason)
  if (signal?.aborted) onAbort()
  else signal?.addEventListener('abort', onAbort, { once: true })
  return {
    signal: controller.signal,
    dispose: () => {
      clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
    },
    isTimedOut: () => timedOut,
  }
}

/** The error a cancelled call rejects with. */
export function toAbortError(signal: AbortSignal | undefined, cause?: unknown): PreflightError {
  if (signal?.reason instanceof PreflightError) return signal.reason
  return new PreflightError({ code: 'aborted', message: 'the call was aborted', cause: cause ?? signal?.reason })
}

/** Waits `ms`, or rejects at once when `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(toAbortError(signal))
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    const onAbort = () => {
      clearTimeout(timer)
      reject(toAbortError(signal))
    }
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}
