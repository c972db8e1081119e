/**
 * A clone is enough: no tracked file reads or cites the team folder beside the repository, or a
 * developer's checkout by its absolute path. Such a path works on one machine and nowhere else.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import t from 'tap'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
// Spelled in pieces, so that this file does not contain what it looks for.
const FORBIDDEN = [['..', 'shared'].join('/'), ['', 'work', 'shared'].join('/'), ['', 'work', 'main'].join('/')]
/** The changelog may name what a release removed. */
const EXEMPT = new Set(['CHANGELOG.md'])

function listTrackedFiles(): string[] | undefined {
  try {
    return execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
      .split('\0')
      .filter((name) => name !== '')
  } catch {
    return undefined
  }
}

const files = listTrackedFiles()

t.test('no tracked file names the team folder or an absolute checkout path', { skip: files ? false : 'not a git checkout' }, async (t) => {
  if (!files) return
  t.ok(files.length > 100, 'the tracked files are listed')
  const offending: string[] = []
  for (const file of files) {
    if (EXEMPT.has(file)) continue
    let text: string
    try {
      text = readFileSync(join(ROOT, file), 'latin1')
    } catch {
      continue // deleted in the work tree, or a submodule
    }
    for (const needle of FORBIDDEN) {
      const at = text.indexOf(needle)
      if (at !== -1) offending.push(`${file}:${text.slice(0, at).split('\n').length}: ${needle}`)
    }
  }
  t.same(offending, [], 'copy what is needed into the repository and refer to it by a relative path')
})
