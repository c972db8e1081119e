/**
 * Which code a benchmark's service process runs. By default the compiled build, as the container
 * image and `node dist/main.js` run it (`npm run build:service`, made once per benchmark process
 * from the checkout); `--source` runs the TypeScript through tsx, as `npm start` does.
 *
 * Why it matters: tsx compiles with esbuild's `keepNames`, which wraps every named function in a
 * `__name(fn, "fn")` call, an `Object.defineProperty` on the function. A function so redefined
 * loses V8's fast paths (`bind` of one: 369 against 7 ns; three named closures made a call: 1.1 µs
 * against 0.03). Before the hot path stopped making named closures per call, the service spent
 * ≈10 % more CPU a REST call under tsx than compiled by tsc; since, the two measure alike within
 * this machine's noise (bench/README.md, "The compiled service"), and the build is what production
 * runs, so it is what the benchmarks measure unless asked.
 */
import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'

export type ServiceEntry = 'build' | 'source'

let building: Promise<void> | undefined

/** Compiles the service into `<root>/dist` (`npm run build:service`), once per process however often asked. */
export function buildService(root: string): Promise<void> {
  building ??= promisify(execFile)('npm', ['run', '-s', 'build:service'], { cwd: root, maxBuffer: 16 * 1024 * 1024 }).then(
    () => undefined,
    (error: unknown) => {
      building = undefined
      const output = error && typeof error === 'object' && 'stdout' in error ? String((error as { stdout: unknown }).stdout) : ''
      throw new Error(`npm run build:service failed: ${output.slice(0, 2_000) || String(error)}`)
    },
  )
  return building
}

/**
 * Node's arguments after its own flags for `entry` of the service: `main.ts` → `dist/main.js`
 * compiled, or `--import tsx main.ts` from source. `sourceEntry` is relative to `root`.
 */
export function getEntryArgs(root: string, entry: ServiceEntry, sourceEntry: string): string[] {
  if (entry === 'source') return ['--import', 'tsx', sourceEntry]
  return [join(root, 'dist', sourceEntry.replace(/\.ts$/, '.js'))]
}

/** How a result names what ran. */
export function describeEntry(entry: ServiceEntry, sourceEntry: string): string {
  return entry === 'source'
    ? `node --import tsx ${sourceEntry}`
    : `node dist/${sourceEntry.replace(/\.ts$/, '.js')} (npm run build:service)`
}
