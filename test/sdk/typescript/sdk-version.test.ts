/**
 * The SDK's version follows the service's release (docs/versioning.md): sdk/typescript's
 * package.json, the SDK_VERSION it sends in its User-Agent, and the root package.json agree.
 */
import { readFileSync } from 'node:fs'
import t from 'tap'
import { SDK_VERSION } from '../../../sdk/typescript/src/version.js'

const readVersion = (path: string) => (JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as { version: string }).version

t.test('one version for the service and its SDK', async (t) => {
  t.equal(readVersion('../../../sdk/typescript/package.json'), SDK_VERSION, 'SDK_VERSION is the package’s')
  t.equal(SDK_VERSION, readVersion('../../../package.json'), 'the SDK’s release is the service’s')
})
