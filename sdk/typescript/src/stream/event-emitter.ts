/** A small typed event emitter that runs in browsers too (Node's EventEmitter does not). */
export interface Emitter<Events extends Record<string, unknown>> {
  /** Adds a listener; the function returned removes it. */
  on<K extends keyof Events>(event: K, listener: (payload: Events[K]) => void): () => void
  emit<K extends keyof Events>(event: K, payload: Events[K]): void
}

export function createEmitter<Events extends Record<string, unknown>>(): Emitter<Events> {
  const listeners = new Map<keyof Events, Set<(payload: never) => void>>()
  return {
    on(event, listener) {
      const set = listeners.get(event) ?? new Set()
      set.add(listener as (payload: never) => void)
      listeners.set(event, set)
      return () => set.delete(listener as (payload: never) => void)
    },
    emit(event, payload) {
      for (const listener of listeners.get(event) ?? []) (listener as (payload: unknown) => void)(payload)
    },
  }
}
