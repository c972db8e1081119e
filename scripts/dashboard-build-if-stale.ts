/**
 * `npm start`'s first step (the `prestart` script): builds the dashboard (dist/dashboard, which the
 * edge serves at /app/) when there is no build yet or its sources changed since, so `npm install`
 * then `npm start` serves it without a separate build. A build takes a few seconds; an up-to-date
 * one is left alone in milliseconds. `npm run build` always rebuilds it; with DASHBOARD_DIR set the
 * edge serves that folder and nothing is built.
 */
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url))
const BUILT_PAGE = join(REPO_ROOT, 'dist/dashboard/index.html')
/** What the build reads: the dashboard, the SDK it talks through, and the locked dependencies. */
const SOURCES = ['dashboard', 'sdk/typescript/src', 'package-lock.json']

function getNewestChangeMs(path: string): number {
  const stats = statSync(path)
  if (!stats.isDirectory()) return stats.mtimeMs
  let newest = stats.mtimeMs
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules') continue
    newest = Math.max(newest, getNewestChangeMs(join(path, entry)))
  }
  return newest
}

function isStale(): boolean {
  if (!existsSync(BUILT_PAGE)) return true
  const builtMs = statSync(BUILT_PAGE).mtimeMs
  return SOURCES.some((source) => getNewestChangeMs(join(REPO_ROOT, source)) > builtMs)
}

// DASHBOARD_DIR names a build of the operator's own (the edge serves it): nothing to build here.
if (!process.env.DASHBOARD_DIR && isStale()) {
  console.log('building the dashboard (dist/dashboard): a few seconds, once')
  const { build } = await import('vite')
  await build({ configFile: join(REPO_ROOT, 'dashboard/vite.config.ts'), logLevel: 'warn' })
}
