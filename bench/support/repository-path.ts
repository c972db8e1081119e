/**
 * Paths as a result file records them: relative to the repository, so a result says nothing of
 * the machine's directories and reads the same from any clone.
 */
import { realpathSync } from 'node:fs'
import { isAbsolute, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The real path of `path`, or `path` itself when it cannot be resolved. */
function getRealPath(path: string): string {
  try {
    return realpathSync(path)
  } catch {
    return path
  }
}

/**
 * `value` with a path (or `file:` URL, alone or as a flag's `--name=value`) inside `root` made
 * relative to it; a path into some `node_modules/` (a linked install lives outside the clone) from
 * `node_modules/` on. Anything else, a flag or a path elsewhere, is returned unchanged.
 */
export function toRepositoryPath(root: string, value: string): string {
  const flag = /^(--?[^=/]+)=(.+)$/.exec(value)
  if (flag) return `${flag[1]}=${toRepositoryPath(root, flag[2] as string)}`
  const path = value.startsWith('file://') ? fileURLToPath(value) : value
  if (!isAbsolute(path)) return value
  for (const base of new Set([root, getRealPath(root)])) {
    const inside = relative(base, path)
    if (inside === '') return '.'
    if (!inside.startsWith('..') && !isAbsolute(inside)) return inside.split(sep).join('/')
  }
  const modules = path.split(sep).indexOf('node_modules')
  if (modules !== -1) return path.split(sep).slice(modules).join('/')
  return value
}
