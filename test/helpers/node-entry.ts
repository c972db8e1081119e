/** Runs `node --import tsx <entry> [args]` in the repository until it exits: its exit code and what it printed on stdout. */
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url))

export function runNodeEntry(
  entry: string,
  args: readonly string[] = [],
  timeoutMs = 30_000,
): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', entry, ...args], { cwd: REPO_ROOT, timeout: timeoutMs }, (error, stdout) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout })
    })
  })
}
