/**
 * Preloaded into a service process (`--import`) by test/e2e/closures-named-per-call.test.ts: counts
 * every `Object.defineProperty(fn, 'name', …)` by the name it gives, which is what tsx's esbuild
 * `keepNames` does each time a named closure is made, and writes the counts of each thread (workers
 * run this too) to `<FUNCTION_NAME_COUNTS>-<threadId>.json` every 50 ms.
 *
 * JavaScript, not TypeScript: a preload is imported before tsx's loader hooks are in place for it
 * (under tap's own hooks, `--import x.ts` fails with ERR_UNKNOWN_FILE_EXTENSION).
 */
import { renameSync, writeFileSync } from 'node:fs'
import { threadId } from 'node:worker_threads'
import { setInterval } from 'node:timers'

const prefix = process.env.FUNCTION_NAME_COUNTS
if (prefix) {
  /** @type {Record<string, number>} */
  const counts = {}
  const define = Object.defineProperty
  Object.defineProperty = function countNames(target, key, attributes) {
    if (key === 'name' && typeof target === 'function' && attributes && 'value' in attributes) {
      const name = String(attributes.value)
      counts[name] = (counts[name] ?? 0) + 1
    }
    return define(target, key, attributes)
  }
  // Written aside and renamed, so that a reader never sees half a file.
  const file = `${prefix}-${threadId}.json`
  setInterval(() => {
    writeFileSync(`${file}.partial`, JSON.stringify(counts))
    renameSync(`${file}.partial`, file)
  }, 50).unref()
}
