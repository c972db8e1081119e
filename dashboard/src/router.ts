/**
 * Hash routing (`#/keys`): the edge serves one page at /app/, so a reload or a shared link of any
 * page needs nothing from the server, and the history's back button moves between pages.
 */
import { useEffect, useState } from 'preact/hooks'

export type PageName = 'login' | 'playground' | 'keys' | 'history' | 'stats' | 'usage' | 'webhooks' | 'tools'

export const PAGE_NAMES: readonly PageName[] = ['login', 'playground', 'keys', 'history', 'stats', 'usage', 'webhooks', 'tools']

export interface Route {
  page: PageName
  /** What follows the page in the hash (`#/history?signature=…`), parsed. */
  params: URLSearchParams
}

export function parseRoute(hash: string): Route {
  const [path = '', query = ''] = hash.replace(/^#\/?/, '').split('?', 2)
  const page = (PAGE_NAMES as readonly string[]).includes(path) ? (path as PageName) : 'playground'
  return { page, params: new URLSearchParams(query) }
}

export function navigate(page: PageName, params?: Record<string, string>): void {
  const query = params ? `?${new URLSearchParams(params).toString()}` : ''
  location.hash = `#/${page}${query}`
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(location.hash))
  useEffect(() => {
    const onChange = () => setRoute(parseRoute(location.hash))
    addEventListener('hashchange', onChange)
    return () => removeEventListener('hashchange', onChange)
  }, [])
  return route
}
