// lib/heap-growing.ts: V8's old-generation growing factor is 2 in every service process, unless the
// process was launched with its own (bench/README.md, "The heap's growing factor").
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import t, { type Test } from 'tap'
import { runFlagModuleWorkload } from '../helpers/flag-module-workload.js'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

/**
 * A workload that keeps a few hundred thousand objects and drops half of them now and then, so the
 * old generation sees several full collections; run with --trace-gc-verbose and
 * --trace-mutator-utilization, which print each new limit and its factor
 * ("[HeapController] Limit: old size: … KB, new limit: … KB (2.0)").
 */
const WORKLOAD = {
  module: 'lib/heap-growing.ts',
  source: `
if (process.env.WITH_MODULE === '1') await import('./module.mjs')
const kept = []
for (let round = 0; round < 60; round++) {
  for (let i = 0; i < 20000; i++) kept.push({ a: i, b: [i], c: 'x' + i })
  if (kept.length > 600000) kept.splice(0, 300000)
}
console.log('kept', kept.length)
`,
}

/** The factors of the limits V8 set, in order. */
async function runWorkload(t: Test, withModule: boolean, launchFlags: string[] = []): Promise<string[]> {
  const stdout = await runFlagModuleWorkload(WORKLOAD, withModule, ['--trace-gc-verbose', '--trace-mutator-utilization', ...launchFlags])
  t.match(stdout, /kept \d+/, 'the workload ran')
  return [...stdout.matchAll(/\[HeapController\] Limit: old size: \d+ KB, new limit: \d+ KB \(([\d.]+)\)/g)].map(
    (match) => match[1] as string,
  )
}

t.test('V8 picks its own factors without the module, and 2.0 for every limit with it', async (t) => {
  const [without, withModule] = await Promise.all([runWorkload(t, false), runWorkload(t, true)])
  t.ok(without.length > 0, 'the control sets limits')
  t.ok(
    without.some((factor) => factor !== '2.0'),
    `without the module V8 chooses (the control): ${without.join(' ')}`,
  )
  t.ok(withModule.length > 0, 'limits are set with the module')
  t.same(new Set(withModule), new Set(['2.0']), 'with it, every limit is twice the live size')
})

t.test("a launch flag of the operator's own is kept", async (t) => {
  const factors = await runWorkload(t, true, ['--heap-growing-percent=30'])
  t.ok(factors.length > 0)
  t.same(new Set(factors), new Set(['1.3']), 'the launch flag’s 1.3, not 2.0')
})

t.test('every service entry point imports it among its first imports', async (t) => {
  for (const entry of ['main.ts', 'engine/main.ts', 'edge/main.ts', 'accounts/main.ts']) {
    const imports = readFileSync(join(ROOT, entry), 'utf8').match(/^import\s[^\n]*$/gm) ?? []
    t.match(imports[1], /^import '(\.\.?\/)+lib\/heap-growing\.js'$/, `${entry}: second import, after no-pretenuring`)
  }
})
