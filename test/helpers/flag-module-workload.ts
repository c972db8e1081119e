/**
 * Runs a small workload in plain node (tsx's own loading would add its own GC and compilation
 * decisions) beside one of lib/'s V8-flag modules compiled to JavaScript, which the workload imports
 * as `./module.mjs` when WITH_MODULE is 1: the module's effect is read from V8's own trace flags.
 * For lib/no-pretenuring.ts and lib/heap-growing.ts.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import ts from 'typescript'

const run = promisify(execFile)
const ROOT = fileURLToPath(new URL('../..', import.meta.url))

export interface FlagModuleWorkload {
  /** The module, from the repository root (e.g. lib/heap-growing.ts). */
  module: string
  /** The workload's source, an ES module; it imports `./module.mjs` itself when WITH_MODULE is 1. */
  source: string
}

/** The workload's standard output, run with `flags` before it, with the module or without. */
export async function runFlagModuleWorkload(workload: FlagModuleWorkload, withModule: boolean, flags: readonly string[]): Promise<string> {
  const compiled = ts.transpileModule(readFileSync(join(ROOT, workload.module), 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  }).outputText
  const dir = mkdtempSync(join(tmpdir(), 'flag-module-'))
  try {
    const script = join(dir, 'workload.mjs')
    writeFileSync(script, workload.source)
    writeFileSync(join(dir, 'module.mjs'), compiled)
    const { stdout } = await run(process.execPath, [...flags, script], {
      cwd: ROOT,
      env: { ...process.env, NODE_OPTIONS: '', WITH_MODULE: withModule ? '1' : '0' },
      maxBuffer: 64 << 20,
    })
    return stdout
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
