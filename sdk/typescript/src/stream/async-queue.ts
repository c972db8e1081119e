/** A queue read as an async iterator: values pushed by event handlers, read with for await. */
export interface AsyncQueue<T> extends AsyncIterable<T> {
  push(value: T): void
  /** No more values: readers finish (or throw `error`). */
  end(error?: unknown): void
  readonly ended: boolean
}

export function createAsyncQueue<T>(): AsyncQueue<T> {
  const values: T[] = []
  const readers: Array<{ resolve(result: IteratorResult<T>): void; reject(error: unknown): void }> = []
  let ended = false
  let failure: unknown

  const settle = () => {
    while (readers.length > 0 && (values.length > 0 || ended)) {
      const reader = readers.shift() as (typeof readers)[number]
      if (values.length > 0) reader.resolve({ value: values.shift() as T, done: false })
      else if (failure !== undefined) reader.reject(failure)
      else reader.resolve({ value: undefined, done: true })
    }
  }

  return {
    get ended() {
      return ended
    },
    push(value) {
      if (ended) return
      values.push(value)
      settle()
    },
    end(error) {
      if (ended) return
      ended = true
      failure = error
      settle()
    },
    [Symbol.asyncIterator]() {
      return {
        next: () =>
          new Promise<IteratorResult<T>>((resolve, reject) => {
            readers.push({ resolve, reject })
            settle()
          }),
        return: async () => {
          ended = true
          values.length = 0
          settle()
          return { value: undefined, done: true }
        },
      }
    },
  }
}
