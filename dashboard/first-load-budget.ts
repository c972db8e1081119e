/**
 * A Vite plugin that measures what a browser downloads before the dashboard's first page shows —
 * the entry script and every script it imports statically, gzipped as the edge sends them — prints
 * it, and fails the build past the budget (docs/dashboard.md#size). Pages, charts and the Solana
 * transaction builder are loaded later, with import(), and are not part of it.
 */
import { gzipSync } from 'node:zlib'
import type { Plugin } from 'vite'

export const FIRST_LOAD_BUDGET_BYTES = 200 * 1024

interface ChunkLike {
  type: 'chunk'
  code: string
  isEntry: boolean
  imports: string[]
}

/** The gzipped bytes of the entry chunks and their static imports, each counted once. */
export function getFirstLoadBytes(bundle: Record<string, ChunkLike | { type: 'asset' }>): number {
  const seen = new Set<string>()
  const visit = (name: string): number => {
    const chunk = bundle[name]
    if (seen.has(name) || !chunk || chunk.type !== 'chunk') return 0
    seen.add(name)
    return gzipSync(chunk.code, { level: 9 }).length + chunk.imports.reduce((sum, imported) => sum + visit(imported), 0)
  }
  return Object.entries(bundle).reduce((sum, [name, chunk]) => sum + (chunk.type === 'chunk' && chunk.isEntry ? visit(name) : 0), 0)
}

export function firstLoadBudget(budgetBytes = FIRST_LOAD_BUDGET_BYTES): Plugin {
  return {
    name: 'first-load-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const bytes = getFirstLoadBytes(bundle)
      const summary = `dashboard first load: ${(bytes / 1024).toFixed(1)} KB of JavaScript gzipped (budget ${budgetBytes / 1024} KB)`
      if (bytes > budgetBytes) this.error(summary)
      this.info(summary)
    },
  }
}
