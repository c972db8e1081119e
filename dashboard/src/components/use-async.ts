/** A call's state for a page: loading, its value or its error, and a way to call it again. */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks'

export interface AsyncState<T> {
  value: T | undefined
  error: unknown
  loading: boolean
  reload: () => void
}

export function useAsync<T>(load: () => Promise<T>, deps: readonly unknown[]): AsyncState<T> {
  const [state, setState] = useState<{ value: T | undefined; error: unknown; loading: boolean }>({
    value: undefined,
    error: undefined,
    loading: true,
  })
  const [generation, setGeneration] = useState(0)
  const latest = useRef(0)
  useEffect(() => {
    const call = ++latest.current
    setState((previous) => ({ ...previous, loading: true }))
    load().then(
      (value) => call === latest.current && setState({ value, error: undefined, loading: false }),
      (error: unknown) => call === latest.current && setState({ value: undefined, error, loading: false }),
    )
  }, [...deps, generation])
  const reload = useCallback(() => setGeneration((n) => n + 1), [])
  return { ...state, reload }
}
