/**
 * Building the dashboard for `npm start` (scripts/dashboard-build-if-stale.ts): whether a build is
 * older than its sources, and a build that never leaves a half-written folder behind. Vite writes
 * into a private folder beside the target, which then replaces the target by rename, so a start
 * running at the same time (several services started at once, a supervisor's restart) never sees
 * an emptied folder, and two builds at once both end with a whole one in place.
 */
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url))
const CONFIG_FILE = join(REPO_ROOT, 'dashboard/vite.config.ts')
/** What the build reads: the dashboard, the SDK it talks through, and the locked dependencies. */
export const DASHBOARD_SOURCES = ['dashboard', 'sdk/typescript/src', 'package-lock.json'].map((path) => join(REPO_ROOT, path))

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

/** Whether `outDir` holds no build, or one older than a file of `sources`. */
export function isDashboardStale(outDir: string, sources: readonly string[] = DASHBOARD_SOURCES): boolean {
  const page = join(outDir, 'index.html')
  if (!existsSync(page)) return true
  const builtMs = statSync(page).mtimeMs
  return sources.some((source) => getNewestChangeMs(source) > builtMs)
}

/** Builds the dashboard into `outDir`, replacing what is there in one rename. */
export async function buildDashboardInto(outDir: string): Promise<void> {
  const { build } = await import('vite')
  const staging = join(dirname(outDir), `.${basename(outDir)}-${process.pid}-${Date.now()}`)
  try {
    await build({ configFile: CONFIG_FILE, logLevel: 'warn', build: { outDir: staging, emptyOutDir: true } })
    const retired = `${staging}-old`
    // A folder cannot be renamed over a non-empty one: the old build steps aside first. Another
    // build may put its own in place between the two renames; then that one stays, as whole as ours.
    if (existsSync(outDir)) renameSync(outDir, retired)
    try {
      renameSync(staging, outDir)
    } catch (error) {
      if (!existsSync(join(outDir, 'index.html'))) throw error
    }
    rmSync(retired, { recursive: true, force: true })
  } finally {
    rmSync(staging, { recursive: true, force: true })
  }
}
