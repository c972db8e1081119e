/**
 * The dashboard built as `npm start` builds it, but into a folder of the test's own
 * (so no test races another over dist/), and what a browser's first load of it weighs.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Test } from 'tap'
import { buildDashboardInto } from '../../scripts/dashboard-build.js'

/** Builds the dashboard into a temporary folder (removed when `t` ends) and answers the folder. */
export async function buildDashboard(t: Test): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'dashboard-'))
  t.teardown(() => rmSync(outDir, { recursive: true, force: true }))
  await buildDashboardInto(outDir)
  return outDir
}

/**
 * The scripts the built page loads before anything shows — its module scripts, what they
 * preload, and what those import statically (followed in the files themselves) — and their
 * gzipped size, measured on the files as the edge serves them.
 */
export function getFirstLoad(dir: string): { files: string[]; gzippedBytes: number } {
  const page = readFileSync(join(dir, 'index.html'), 'utf8')
  const pending = [...page.matchAll(/(?:src|href)="\/app\/(assets\/[^"]+\.js)"/g)].map((match) => match[1] as string)
  const files = new Set<string>()
  while (pending.length > 0) {
    const file = pending.pop() as string
    if (files.has(file)) continue
    files.add(file)
    const code = readFileSync(join(dir, file), 'utf8')
    // Static imports between chunks: `import{…}from"./chunk-abc.js"` or `import"./chunk.js"` (not `import(`).
    for (const match of code.matchAll(/\bimport\s*(?:[^'"()]*?\bfrom\s*)?["']\.\/([^"']+\.js)["']/g)) pending.push(`assets/${match[1]}`)
  }
  const gzippedBytes = [...files].reduce((sum, file) => sum + gzipSync(readFileSync(join(dir, file)), { level: 9 }).length, 0)
  return { files: [...files], gzippedBytes }
}
