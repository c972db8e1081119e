/**
 * Counts calls into LiteSVM's native module (each one an N-API crossing) by wrapping every method
 * and getter on the prototypes of its classes. Every instance shares those prototypes, so the
 * engine's own SVM is counted without being handed a proxy. Bench-only: the wrappers allocate and
 * cost time of their own, so garbage and time are measured with them uninstalled.
 */
import { getNativeExports } from '../../lib/native-svm.js'

export interface NativeCallCounter {
  /** Calls by `Class.method` since the last reset (while installed). */
  readonly counts: ReadonlyMap<string, number>
  reset(): void
  install(): void
  /** Puts the original methods back. */
  uninstall(): void
}

function wrap(prototype: object, key: string, descriptor: PropertyDescriptor, count: () => void): boolean {
  if (typeof descriptor.value === 'function') {
    const original = descriptor.value as (...args: unknown[]) => unknown
    Object.defineProperty(prototype, key, {
      ...descriptor,
      value: function (this: unknown, ...args: unknown[]) {
        count()
        return original.apply(this, args)
      },
    })
    return true
  }
  if (descriptor.get) {
    const get = descriptor.get
    Object.defineProperty(prototype, key, {
      ...descriptor,
      get(this: unknown) {
        count()
        return get.call(this)
      },
    })
    return true
  }
  return false
}

/** A counter over every native method and getter; installed at once. */
export function createNativeCallCounter(): NativeCallCounter {
  const counts = new Map<string, number>()
  let restore: Array<() => void> = []
  const install = () => {
    if (restore.length > 0) return
    for (const [className, value] of Object.entries(getNativeExports())) {
      if (typeof value !== 'function' || !value.prototype) continue
      const prototype = value.prototype as object
      for (const key of Object.getOwnPropertyNames(prototype)) {
        if (key === 'constructor' || key === 'toString') continue
        const descriptor = Object.getOwnPropertyDescriptor(prototype, key)
        const name = `${className}.${key}`
        if (descriptor && wrap(prototype, key, descriptor, () => counts.set(name, (counts.get(name) ?? 0) + 1))) {
          restore.push(() => Object.defineProperty(prototype, key, descriptor))
        }
      }
    }
  }
  install()
  return {
    counts,
    reset: () => counts.clear(),
    install,
    uninstall: () => {
      for (const undo of restore) undo()
      restore = []
    },
  }
}
