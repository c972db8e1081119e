// The generated types in proto/gen/ must be exactly what the generator makes from proto/*.proto.
import t from 'tap'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { generateProtoTypes } from '../../proto/generate.js'

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? listFiles(path) : [path]
  })
}

t.test('proto/gen matches a fresh generation', async (t) => {
  const fresh = t.testdir({})
  generateProtoTypes(fresh)
  const committed = join(import.meta.dirname, '..', '..', 'proto', 'gen')
  const freshFiles = listFiles(fresh)
    .map((path) => relative(fresh, path))
    .sort()
  const committedFiles = listFiles(committed)
    .map((path) => relative(committed, path))
    .sort()
  t.same(committedFiles, freshFiles, 'same files (run npm run gen:proto)')
  for (const file of freshFiles) {
    t.equal(readFileSync(join(committed, file), 'utf8'), readFileSync(join(fresh, file), 'utf8'), `${file} is fresh`)
  }
})
