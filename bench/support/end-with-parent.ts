/**
 * Ends a benchmark's child process when the benchmark's own process exits without having stopped
 * it. An uncaught error skips every `finally`: a tool whose output is piped into `head` dies of the
 * EPIPE on its next write, and localnet with its traffic (or the service) went on running, taking
 * the cores from the next measurement. A signal that kills the tool outright is not covered;
 * Ctrl-C reaches the children anyway, which share the terminal's process group.
 */
import type { ChildProcess } from 'node:child_process'

export function endWithParent(child: ChildProcess): void {
  // SIGTERM, not SIGKILL: the children drain and exit on their own, and nothing here can wait.
  const end = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
  }
  process.once('exit', end)
  child.once('exit', () => process.removeListener('exit', end))
}
