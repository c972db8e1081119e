/**
 * A page loaded when it is first shown: the charts and the Solana transaction builder are not part
 * of the first load (docs/dashboard.md#size).
 */
import type { ComponentType } from 'preact'
import { useEffect, useState } from 'preact/hooks'
import { ErrorMessage } from './error-message.tsx'

export function LazyPage({ load }: { load: () => Promise<ComponentType> }) {
  const [page, setPage] = useState<{ Component: ComponentType } | { error: unknown } | undefined>(undefined)
  useEffect(() => {
    let current = true
    setPage(undefined)
    load().then(
      (Component) => current && setPage({ Component }),
      (error: unknown) => current && setPage({ error }),
    )
    return () => {
      current = false
    }
  }, [load])
  if (!page) return <p aria-busy="true">Loading…</p>
  if ('error' in page) return <ErrorMessage error={page.error} />
  return <page.Component />
}
