/**
 * Waits for the vectors that answered with a promise (they had to load something) until the
 * request's deadline; the ones still pending then, or whose load failed, are reported in
 * `timed_out_vectors` and the others still answer. On a warm cache every vector answers
 * synchronously and this creates neither a timer nor a promise.
 */
import { performance } from 'node:perf_hooks'
import type { Vector } from '../../contract/vectors.js'

export type Pending<T> = { [K in keyof T]?: T[K] | Promise<T[K]> }
export type Settled<T> = { values: { [K in keyof T]?: T[K] }; timedOut: Vector[] }

/** Settles `pending` by `deadline` (performance.now() time); `onFailure` hears of each vector whose load failed. */
export function settleVectors<T extends Partial<Record<Vector, unknown>>>(
  pending: Pending<T>,
  deadline: number,
  onFailure?: (error: unknown, vector: Vector) => void,
): Settled<T> | Promise<Settled<T>> {
  const values: { [K in keyof T]?: T[K] } = {}
  let waiting: Array<Promise<void>> | undefined
  const timedOut: Vector[] = []
  // Only vectors that answered with a promise are recorded: the warm path creates no set.
  let answered: Set<Vector> | undefined
  for (const name of Object.keys(pending) as Array<keyof T & Vector>) {
    const value = pending[name]
    if (!(value instanceof Promise)) {
      values[name] = value
      continue
    }
    waiting ??= []
    waiting.push(
      value.then(
        (result) => {
          values[name] = result as T[typeof name]
          ;(answered ??= new Set()).add(name)
        },
        (error: unknown) => onFailure?.(error, name),
      ),
    )
  }
  if (!waiting) return { values, timedOut }
  const names = Object.keys(pending).filter((name) => pending[name as keyof T] instanceof Promise) as Vector[]
  let timer: NodeJS.Timeout | undefined
  const deadlinePassed = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, Math.max(0, deadline - performance.now()))
  })
  return Promise.race([Promise.all(waiting), deadlinePassed]).then(() => {
    clearTimeout(timer)
    const snapshot: { [K in keyof T]?: T[K] } = {}
    for (const name of Object.keys(values) as Array<keyof T>) snapshot[name] = values[name]
    for (const name of names) if (!answered?.has(name)) timedOut.push(name)
    // A late answer must not change a response already sent: the snapshot is what goes out.
    return { values: snapshot, timedOut }
  })
}
