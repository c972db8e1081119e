/**
 * The service's version, from its package.json: the OpenAPI document's `info.version` and every
 * entry's `--version` follow the package instead of a number written twice. Found by walking up
 * from this module, so it is the same under tsx (lib/ → ../) and from a build (dist/lib/ → ../../).
 */
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

/**
 * The `version` of the nearest package.json above `fromDirectory` that has one (a stub such as
 * `{"type": "module"}` is passed over); throws, naming where it looked, when none is found.
 */
export function getPackageVersion(fromDirectory: string = import.meta.dirname): string {
  for (let directory = fromDirectory; ; directory = dirname(directory)) {
    const version = readVersion(join(directory, 'package.json'))
    if (version !== undefined) return version
    if (dirname(directory) === directory) throw new Error(`no package.json with a version above ${fromDirectory}`)
  }
}

function readVersion(path: string): string | undefined {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
  const { version } = JSON.parse(text) as { version?: unknown }
  return typeof version === 'string' && version !== '' ? version : undefined
}
