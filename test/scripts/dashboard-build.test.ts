/**
 * How `npm start` builds the dashboard (scripts/dashboard-build.ts): a folder without a build, or
 * with one older than a source, is stale; a build is whole when it lands, even with another
 * build racing it into the same folder, and leaves no staging folder behind. Into a temporary
 * folder, not the repository's dist/.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { buildDashboardInto, isDashboardStale } from '../../scripts/dashboard-build.js'

t.setTimeout(120_000)

t.test('stale until built, fresh after, stale again once a source changes', async (t) => {
  const root = mkdtempSync(join(tmpdir(), 'dashboard-build-'))
  t.teardown(() => rmSync(root, { recursive: true, force: true }))
  const outDir = join(root, 'dist', 'dashboard')
  mkdirSync(join(root, 'dist'))
  const source = join(root, 'source.ts')
  writeFileSync(source, 'export {}\n')
  const past = new Date(Date.now() - 60_000)
  utimesSync(source, past, past)

  t.ok(isDashboardStale(outDir, [source]), 'no build: stale')
  // Two starts at once, as a supervisor starting several services does.
  await Promise.all([buildDashboardInto(outDir), buildDashboardInto(outDir)])
  t.ok(existsSync(join(outDir, 'index.html')), 'the page is in place')
  t.ok(
    readdirSync(join(outDir, 'assets')).some((name) => /^index-[\w-]+\.js$/.test(name)),
    'with its hashed entry script',
  )
  t.same(readdirSync(join(root, 'dist')), ['dashboard'], 'no staging or retired folder is left beside it')
  t.notOk(isDashboardStale(outDir, [source]), 'built after its sources: fresh')

  const future = new Date(Date.now() + 60_000)
  utimesSync(source, future, future)
  t.ok(isDashboardStale(outDir, [source]), 'a source changed since: stale')
  await buildDashboardInto(outDir)
  t.same(readdirSync(join(root, 'dist')), ['dashboard'], 'a rebuild replaces the old one')
})

t.test('the repository sources are what a build is compared with', async (t) => {
  t.ok(isDashboardStale(join(tmpdir(), 'no-such-dashboard-build')), 'a folder without a build is stale against the real sources')
})
