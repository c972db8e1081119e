/**
 * A service process of a multi-process test that can be stopped (SIGTERM, as a supervisor or
 * Kubernetes does), killed (SIGKILL) and started again with the same environment: the same ports,
 * the same DATA_DIR. Each start is a real `node --import tsx <entry>` in its own process group,
 * killed at the test's end (split-service-processes.ts).
 */
import type { Test } from 'tap'
import { isRunning, waitForExit } from './service-process.js'
import { spawnEntry, waitUntilReady, type SpawnedProcess } from './split-service-processes.js'

/** How long a SIGTERMed process may take to drain and exit (the manifests' grace period is 40 s). */
const STOP_LIMIT_MS = 40_000

export interface RestartableProcess {
  readonly name: string
  /** The running process (the latest start). */
  current(): SpawnedProcess
  /** Starts it and resolves true once `ready` holds (false, with a failed assertion, if it never does). */
  start(): Promise<boolean>
  /** SIGTERM; the exit, or undefined when it was still running after the limit. */
  stop(): Promise<{ code: number | null; signal: string | null } | undefined>
  /** SIGKILL, as a crash or the OOM killer. */
  kill(): Promise<void>
}

export function createRestartableProcess(
  t: Test,
  name: string,
  entry: string,
  env: NodeJS.ProcessEnv,
  ready: () => Promise<boolean>,
): RestartableProcess {
  let spawned: SpawnedProcess | undefined
  const current = () => {
    if (!spawned) throw new Error(`${name} was never started`)
    return spawned
  }
  return {
    name,
    current,
    async start() {
      spawned = spawnEntry(t, entry, env)
      return waitUntilReady(t, spawned, name, ready)
    },
    async stop() {
      const { child } = current()
      if (isRunning(child)) child.kill('SIGTERM')
      return waitForExit(child, STOP_LIMIT_MS)
    },
    async kill() {
      const { child } = current()
      if (child.pid !== undefined && isRunning(child)) process.kill(-child.pid, 'SIGKILL')
      await waitForExit(child, 10_000)
    },
  }
}
