// lib/no-pretenuring.ts: V8's allocation-site pretenuring is off in every service process, set
// before anything allocates (a pretenured call site keeps every later call's garbage through the
// young collections: bench/README.md, "Pretenuring").
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import t from 'tap'
import { runFlagModuleWorkload } from '../helpers/flag-module-workload.js'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

/**
 * A workload V8 pretenures: objects from one allocation site that all outlive several young
 * collections, run with --trace-pretenuring-statistics, which prints each site's decision.
 */
const WORKLOAD = {
  module: 'lib/no-pretenuring.ts',
  source: `
if (process.env.WITH_MODULE === '1') await import('./module.mjs')
const kept = []
function make(i) { return { a: i, b: [i, i + 1], c: 'x' } }
for (let round = 0; round < 100; round++) for (let i = 0; i < 20000; i++) kept.push(make(i))
console.log('kept', kept.length)
`,
}

const runWorkload = (withModule: boolean) => runFlagModuleWorkload(WORKLOAD, withModule, ['--trace-pretenuring-statistics'])

t.test('objects that outlive young collections are pretenured by default, and not once the module ran', async (t) => {
  const [without, withModule] = await Promise.all([runWorkload(false), runWorkload(true)])
  t.match(without, /kept 2000000/, 'the workload ran')
  t.match(
    without,
    /=> (maybe )?tenure/,
    'without the module V8 judges the site long-lived: it pretenures it, or will at its next look (the control)',
  )
  t.match(withModule, /kept 2000000/, 'the workload ran with the module')
  t.notMatch(withModule, /pretenuring:/, 'with it, V8 makes no pretenuring decision at all')
})

t.test('every service entry point imports it before anything else', async (t) => {
  for (const entry of ['main.ts', 'engine/main.ts', 'edge/main.ts', 'accounts/main.ts']) {
    const source = readFileSync(join(ROOT, entry), 'utf8')
    const firstImport = /^import\s[^\n]*$/m.exec(source)?.[0]
    t.match(firstImport, /^import '(\.\.?\/)+lib\/no-pretenuring\.js'$/, `${entry}: first import`)
  }
})
