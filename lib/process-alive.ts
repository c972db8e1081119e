/** Whether a process with `pid` exists: signal 0 tests without sending; EPERM means it exists under another user. */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
