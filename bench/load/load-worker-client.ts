/** Starts the load worker (bench/load/load-worker.ts) in its own process and hands it run specs. */
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import type { LoadRunSpec, WindowHooks, WorkerMessage, WorkerRunResult } from './load-run-spec.js'

export interface LoadWorker {
  /** Runs `spec` in the worker; `hooks` fire when its measured window starts and ends. */
  run(spec: LoadRunSpec, hooks?: Partial<WindowHooks>): Promise<WorkerRunResult>
  close(): Promise<void>
}

const WORKER_FILE = join(import.meta.dirname, 'load-worker.ts')

/** Spawns `node --import tsx load-worker.ts` with `cwd` as its working directory (the repository). */
export function createLoadWorker(cwd: string): LoadWorker {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER_FILE], { cwd, stdio: ['pipe', 'pipe', 'inherit'] })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  let current: { hooks: Partial<WindowHooks>; resolve(result: WorkerRunResult): void; reject(error: Error): void } | undefined
  child.once('exit', (code) => current?.reject(new Error(`the load worker exited (code ${code}) during a run`)))
  createInterface({ input: child.stdout }).on('line', (line) => {
    let message: WorkerMessage
    try {
      message = JSON.parse(line) as WorkerMessage
    } catch {
      process.stderr.write(`load worker: ${line}\n`)
      return
    }
    const run = current
    if (!run) return
    if (message.type === 'measuring') run.hooks.onMeasuring?.()
    else if (message.type === 'measured') run.hooks.onMeasured?.()
    else {
      current = undefined
      if (message.type === 'result') run.resolve(message.result)
      else run.reject(new Error(`load worker: ${message.message}`))
    }
  })
  return {
    run(spec, hooks = {}) {
      if (current) return Promise.reject(new Error('the load worker runs one spec at a time'))
      return new Promise<WorkerRunResult>((resolve, reject) => {
        current = { hooks, resolve, reject }
        child.stdin.write(`${JSON.stringify(spec)}\n`)
      })
    },
    async close() {
      child.stdin.end()
      const timer = setTimeout(() => child.kill(), 5_000)
      await exited
      clearTimeout(timer)
    },
  }
}
