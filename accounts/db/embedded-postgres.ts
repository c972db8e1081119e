/**
 * The embedded default of PostgreSQL: PGlite (PostgreSQL compiled to WebAssembly) on a data
 * directory, served over the PostgreSQL wire protocol by its socket server on 127.0.0.1, so the
 * store reaches it with the same `pg` code as a real server. It runs in a worker thread: PGlite
 * executes each query synchronously, and on the request thread a 300-row history insert held the
 * event loop for milliseconds (measured: REST p99.9 ≈ 20 ms, ≈50 µs of loop time a record).
 */
import { extname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { EmbeddedPostgresWorkerData, EmbeddedPostgresWorkerMessage } from './embedded-postgres-worker.js'

export interface EmbeddedPostgres {
  /** A `postgres://` URL for `pg`. */
  readonly url: string
  close(): Promise<void>
}

/** PGlite multiplexes connections onto its one session; a few are enough for the store's pool. */
export const EMBEDDED_MAX_CONNECTIONS = 8

// The worker is this module's sibling with this module's own extension: .ts under tsx, .js in dist/.
const workerUrl = new URL(`./embedded-postgres-worker${extname(fileURLToPath(import.meta.url))}`, import.meta.url)

/**
 * The worker's entry. Compiled (dist/), the .js file itself. Under tsx (development, tests), whose
 * loader does not reach worker threads, a small module that registers tsx there and imports the .ts.
 */
function getWorkerEntry(): URL {
  if (!workerUrl.pathname.endsWith('.ts')) return workerUrl
  const tsxApi = import.meta.resolve('tsx/esm/api')
  const bootstrap = `import { register } from ${JSON.stringify(tsxApi)}; register(); await import(${JSON.stringify(workerUrl.href)})`
  return new URL(`data:text/javascript,${encodeURIComponent(bootstrap)}`)
}

/** Opens (or creates) the database in `dataDir` and serves it on 127.0.0.1:`port` (0 picks one). */
export async function startEmbeddedPostgres({ dataDir, port = 0 }: { dataDir: string; port?: number }): Promise<EmbeddedPostgres> {
  const workerData: EmbeddedPostgresWorkerData = { dataDir, port, maxConnections: EMBEDDED_MAX_CONNECTIONS }
  const worker = new Worker(getWorkerEntry(), { workerData })
  const next = () =>
    new Promise<EmbeddedPostgresWorkerMessage>((resolve, reject) => {
      const onMessage = (message: EmbeddedPostgresWorkerMessage) => {
        worker.off('error', onError)
        resolve(message)
      }
      const onError = (error: Error) => {
        worker.off('message', onMessage)
        reject(error)
      }
      worker.once('message', onMessage)
      worker.once('error', onError)
    })
  const started = await next()
  if (started.kind !== 'listening') {
    await worker.terminate()
    throw new Error(`the embedded database did not start: ${started.kind === 'failed' ? started.message : started.kind}`)
  }
  let closing: Promise<void> | undefined
  return {
    url: `postgres://postgres@${started.address}/postgres`,
    close() {
      closing ??= (async () => {
        const closed = next()
        worker.postMessage('close')
        await closed
        await worker.terminate()
      })()
      return closing
    },
  }
}
