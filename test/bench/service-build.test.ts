/**
 * bench/support/service-build.ts: which command line runs which code. The compiled entry must be
 * the file `npm run build:service` writes (tsc's outDir mirrors the sources: dist/main.js,
 * dist/engine/main.js), and the source entry what `npm start` runs.
 */
import { join } from 'node:path'
import t from 'tap'
import { describeEntry, getEntryArgs } from '../../bench/support/service-build.js'

t.test('the build runs the compiled file beside the sources’ path, the source runs through tsx', async (t) => {
  t.same(getEntryArgs('/repo', 'build', 'main.ts'), [join('/repo', 'dist', 'main.js')])
  t.same(getEntryArgs('/repo', 'build', 'engine/main.ts'), [join('/repo', 'dist', 'engine', 'main.js')])
  t.same(getEntryArgs('/repo', 'source', 'edge/main.ts'), ['--import', 'tsx', 'edge/main.ts'])
  t.equal(describeEntry('build', 'main.ts'), 'node dist/main.js (npm run build:service)')
  t.equal(describeEntry('source', 'main.ts'), 'node --import tsx main.ts')
})
