/** Stops a benchmark's child process: SIGTERM (it drains), SIGKILL if it is still running after `graceMs`. */
import type { ChildProcess } from 'node:child_process'

export async function stopChild(child: ChildProcess, graceMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs)
  await exited
  clearTimeout(timer)
}
