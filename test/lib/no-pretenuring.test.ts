// lib/no-pretenuring.ts: V8's allocation-site pretenuring is off in every service process, set
// before anything allocates (a pretenured call site keeps every later call's garbage through the
// young collections: bench/README.md, "Pretenuring").
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import t from 'tap'
import ts from 'typescript'

const run = promisify(execFile)
const ROOT = fileURLToPath(new URL('../..', import.meta.url))

/**
 * A workload V8 pretenures: objects from one allocation site that all outlive several young
 * collections. Run by plain node (tsx's own loading would add its decisions) with
 * --trace-pretenuring-statistics, which prints each site's decision; the module, compiled to
 * JavaScript beside it, is imported first or not at all.
 */
const WORKLOAD = `
if (process.env.WITH_MODULE === '1') await import('./no-pretenuring.mjs')
const kept = []
function make(i) { return { a: i, b: [i, i + 1], c: 'x' } }
for (let round = 0; round < 100; round++) for (let i = 0; i < 20000; i++) kept.push(make(i))
console.log('kept', kept.length)
`

/** The module as JavaScript, compiled once for both runs. */
const COMPILED_MODULE = ts.transpileModule(readFileSync(join(ROOT, 'lib/no-pretenuring.ts'), 'utf8'), {
  compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
}).outputText

async function runWorkload(withModule: boolean): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'no-pretenuring-'))
  try {
    const script = join(dir, 'workload.mjs')
    writeFileSync(script, WORKLOAD)
    writeFileSync(join(dir, 'no-pretenuring.mjs'), COMPILED_MODULE)
    const { stdout } = await run(process.execPath, ['--trace-pretenuring-statistics', script], {
      cwd: ROOT,
      env: { ...process.env, NODE_OPTIONS: '', WITH_MODULE: withModule ? '1' : '0' },
      maxBuffer: 16 << 20,
    })
    return stdout
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

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
