// bench/support/end-with-parent.ts: a benchmark that dies of an uncaught error (its output piped
// into `head`, say) no longer leaves localnet, its traffic or the service running.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import t from 'tap'

const HELPER = fileURLToPath(new URL('../../bench/support/end-with-parent.ts', import.meta.url))

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

async function waitUntilGone(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (!isRunning(pid)) return true
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return !isRunning(pid)
}

/**
 * A "benchmark" that starts a long-lived child (with the helper or without), prints the child's
 * pid, then writes to a pipe the reader closed: the EPIPE is uncaught and ends it.
 */
async function runDyingParent(withHelper: boolean): Promise<number> {
  const script = `
    import { spawn } from 'node:child_process'
    import { endWithParent } from ${JSON.stringify(HELPER)}
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' })
    ${withHelper ? 'endWithParent(child)' : ''}
    await new Promise((resolve) => child.once('spawn', resolve))
    process.stderr.write('child ' + child.pid + '\\n')
    setInterval(() => process.stdout.write('x'.repeat(65536)), 10)
  `
  const parent = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] })
  let stderr = ''
  parent.stderr.setEncoding('utf8')
  parent.stderr.on('data', (chunk: string) => (stderr += chunk))
  while (!/child (\d+)/.test(stderr)) await once(parent.stderr, 'data')
  const pid = Number(/child (\d+)/.exec(stderr)?.[1])
  // The reader goes away, as `head` does once it has what it wants.
  parent.stdout.destroy()
  await once(parent, 'exit')
  return pid
}

t.test('the child ends when the benchmark dies of an EPIPE', async (t) => {
  const pid = await runDyingParent(true)
  t.teardown(() => (isRunning(pid) ? process.kill(pid, 'SIGKILL') : undefined))
  t.ok(await waitUntilGone(pid, 5_000), `child ${pid} is gone`)
})

t.test('without it the child outlives the benchmark (what the helper is for)', async (t) => {
  const pid = await runDyingParent(false)
  t.teardown(() => (isRunning(pid) ? process.kill(pid, 'SIGKILL') : undefined))
  t.notOk(await waitUntilGone(pid, 1_000), `child ${pid} is still running a second after`)
})
