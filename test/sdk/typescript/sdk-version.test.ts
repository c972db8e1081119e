/**
 * The SDKs' versions follow the service's release (docs/versioning.md#client-libraries):
 * sdk/typescript's package.json, the SDK_VERSION it sends in its User-Agent, sdk/python's
 * pyproject.toml and `__version__`, and the root package.json agree.
 */
import { readFileSync } from 'node:fs'
import t from 'tap'
import { SDK_VERSION } from '../../../sdk/typescript/src/version.js'

const readVersion = (path: string) => (JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as { version: string }).version

t.test('one version for the service and its SDK', async (t) => {
  t.equal(readVersion('../../../sdk/typescript/package.json'), SDK_VERSION, 'SDK_VERSION is the package’s')
  t.equal(SDK_VERSION, readVersion('../../../package.json'), 'the SDK’s release is the service’s')
})

t.test('the Python SDK has the same release', async (t) => {
  const pyproject = readFileSync(new URL('../../../sdk/python/pyproject.toml', import.meta.url), 'utf8')
  const module = readFileSync(new URL('../../../sdk/python/src/solana_preflight/_version.py', import.meta.url), 'utf8')
  const service = readVersion('../../../package.json')
  t.equal(/^version = "([^"]+)"$/m.exec(pyproject)?.[1], service, 'pyproject.toml')
  t.equal(/^__version__ = "([^"]+)"$/m.exec(module)?.[1], service, '__version__')
})
