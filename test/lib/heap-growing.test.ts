// lib/heap-growing.ts: V8's old-generation growing factor is 2 in every service process, unless the
// process was launched with its own (bench/README.md, "The heap's growing factor").
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
 * A workload that keeps a few hundred thousand objects and drops half of them now and then, so the
 * old generation sees several full collections; run by plain node with --trace-gc-verbose and
 * --trace-mutator-utilization, which print each new limit and its factor
 * ("[HeapController] Limit: old size: … KB, new limit: … KB (2.0)").
 */
const WORKLOAD = `
if (process.env.WITH_MODULE === '1') await import('./heap-growing.mjs')
const kept = []
for (let round = 0; round < 60; round++) {
  for (let i = 0; i < 20000; i++) kept.push({ a: i, b: [i], c: 'x' + i })
  if (kept.length > 600000) kept.splice(0, 300000)
}
console.log('kept', kept.length)
`

const COMPILED_MODULE = ts.transpileModule(readFileSync(join(ROOT, 'lib/heap-growing.ts'), 'utf8'), {
  compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
}).outputText

/** The factors of the limits V8 set, in order. */
async function runWorkload(withModule: boolean, launchFlags: string[] = []): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'heap-growing-'))
  try {
    const script = join(dir, 'workload.mjs')
    writeFileSync(script, WORKLOAD)
    writeFileSync(join(dir, 'heap-growing.mjs'), COMPILED_MODULE)
    const { stdout } = await run(process.execPath, ['--trace-gc-verbose', '--trace-mutator-utilization', ...launchFlags, script], {
      cwd: ROOT,
      env: { ...process.env, NODE_OPTIONS: '', WITH_MODULE: withModule ? '1' : '0' },
      maxBuffer: 64 << 20,
    })
    t.match(stdout, /kept \d+/, 'the workload ran')
    return [...stdout.matchAll(/\[HeapController\] Limit: old size: \d+ KB, new limit: \d+ KB \(([\d.]+)\)/g)].map(
      (match) => match[1] as string,
    )
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

t.test('V8 picks its own factors without the module, and 2.0 for every limit with it', async (t) => {
  const [without, withModule] = await Promise.all([runWorkload(false), runWorkload(true)])
  t.ok(without.length > 0, 'the control sets limits')
  t.ok(
    without.some((factor) => factor !== '2.0'),
    `without the module V8 chooses (the control): ${without.join(' ')}`,
  )
  t.ok(withModule.length > 0, 'limits are set with the module')
  t.same(new Set(withModule), new Set(['2.0']), 'with it, every limit is twice the live size')
})

t.test("a launch flag of the operator's own is kept", async (t) => {
  const factors = await runWorkload(true, ['--heap-growing-percent=30'])
  t.ok(factors.length > 0)
  t.same(new Set(factors), new Set(['1.3']), 'the launch flag’s 1.3, not 2.0')
})

t.test('every service entry point imports it among its first imports', async (t) => {
  for (const entry of ['main.ts', 'engine/main.ts', 'edge/main.ts', 'accounts/main.ts']) {
    const imports = readFileSync(join(ROOT, entry), 'utf8').match(/^import\s[^\n]*$/gm) ?? []
    t.match(imports[1], /^import '(\.\.?\/)+lib\/heap-growing\.js'$/, `${entry}: second import, after no-pretenuring`)
  }
})
