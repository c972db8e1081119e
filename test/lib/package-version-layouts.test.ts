// info.version and --version come from package.json wherever the module runs: from the sources,
// from a build (deeper, past a dist/ stub without a version),
// and a missing one is an error at boot naming where it looked.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { getPackageVersion } from '../../lib/package-version.js'

t.test("the sources' package.json", async (t) => {
  const { version } = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'package.json'), 'utf8')) as { version: string }
  t.equal(getPackageVersion(), version)
})

t.test('a build below a stub package.json, and none at all', async (t) => {
  const root = mkdtempSync(join(tmpdir(), 'package-version-'))
  t.teardown(() => rmSync(root, { recursive: true, force: true }))
  const built = join(root, 'app', 'dist', 'lib')
  mkdirSync(built, { recursive: true })
  t.throws(() => getPackageVersion(built), new RegExp(`no package.json with a version above ${built}`))
  writeFileSync(join(root, 'app', 'package.json'), JSON.stringify({ name: 'solana-preflight', version: '2.3.4' }))
  writeFileSync(join(root, 'app', 'dist', 'package.json'), JSON.stringify({ type: 'module' }))
  t.equal(getPackageVersion(built), '2.3.4', 'the stub is passed over')
})
