/**
 * The entry a worker thread is started from, for a module given as its sibling `.js` URL. Compiled
 * (dist/), the .js file itself. Under tsx (development, tests), whose loader does not reach worker
 * threads, a small module that registers tsx in the worker and imports the `.ts` source.
 */
import { extname } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * `name` is the worker module's file name without extension, resolved beside `siblingOf`
 * (the caller's `import.meta.url`), with the caller's own extension: .ts under tsx, .js in dist/.
 */
export function getWorkerEntry(name: string, siblingOf: string): URL {
  const workerUrl = new URL(`./${name}${extname(fileURLToPath(siblingOf))}`, siblingOf)
  if (!workerUrl.pathname.endsWith('.ts')) return workerUrl
  const tsxApi = import.meta.resolve('tsx/esm/api')
  const bootstrap = `import { register } from ${JSON.stringify(tsxApi)}; register(); await import(${JSON.stringify(workerUrl.href)})`
  return new URL(`data:text/javascript,${encodeURIComponent(bootstrap)}`)
}
