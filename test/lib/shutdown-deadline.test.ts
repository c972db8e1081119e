/**
 * Shutdown always finishes: a drain that never settles (a stuck dependency nobody foresaw) is
 * abandoned at the deadline, with the reason logged and exit code 1, instead of leaving a process
 * that a supervisor must SIGKILL. A drain that settles exits 0 at once. The same signal delivered
 * twice in a moment (Ctrl-C under `npm start`: from the terminal and forwarded by npm) does not cut
 * the drain short; a second signal after that window does.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import t, { type Test } from 'tap'

const SHUTDOWN_MODULE = fileURLToPath(new URL('../../lib/shutdown.ts', import.meta.url))
const LOGGER_MODULE = fileURLToPath(new URL('../../lib/logger.ts', import.meta.url))

interface Run {
  /** Milliseconds after the drain started (its log line was read) to send a second SIGTERM; none when absent. */
  secondSignalAfterMs?: number
  deadlineMs?: number
  repeatWindowMs?: number
}

async function runWithDrain(t: Test, drain: string, run: Run = {}): Promise<{ code: number | null; output: string }> {
  const script = join(t.testdir({}), 'service.ts')
  writeFileSync(
    script,
    `import { onShutdownSignal } from ${JSON.stringify(SHUTDOWN_MODULE)}
import { createLogger } from ${JSON.stringify(LOGGER_MODULE)}
onShutdownSignal(createLogger('test', 'info'), () => ${drain}, ${run.deadlineMs ?? 300}, ${run.repeatWindowMs ?? 1_000})
setInterval(() => {}, 1_000)
console.log('ready')
`,
  )
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  t.teardown(() => child.kill('SIGKILL'))
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  while (!output.includes('ready')) await once(child.stdout, 'data')
  child.kill('SIGTERM')
  if (run.secondSignalAfterMs !== undefined) {
    while (!output.includes('shutting down')) await once(child.stdout, 'data')
    await new Promise((resolve) => setTimeout(resolve, run.secondSignalAfterMs))
    child.kill('SIGTERM')
  }
  // 'close', not 'exit': the last lines may still be in the pipe when the process has exited.
  const [code] = (await once(child, 'close')) as [number | null]
  return { code, output }
}

t.test('a drain that never settles is cut at the deadline: exit 1, and why', async (t) => {
  const { code, output } = await runWithDrain(t, 'new Promise<void>(() => {})')
  t.equal(code, 1)
  t.match(output, /shutdown did not finish in time/)
})

t.test('a drain that settles exits 0, its last line saying it stopped', async (t) => {
  const { code, output } = await runWithDrain(t, 'Promise.resolve()')
  t.equal(code, 0)
  t.notMatch(output, /did not finish/)
  const last = JSON.parse(output.trim().split('\n').at(-1) as string) as Record<string, unknown>
  t.match(last, { msg: 'stopped', signal: 'SIGTERM', drainMs: Number }, 'the stopped line, with how long the drain took')
})

t.test('the same signal again within the window (npm forwarding what the terminal sent) lets the drain finish', async (t) => {
  const { code, output } = await runWithDrain(t, 'new Promise<void>((resolve) => setTimeout(resolve, 500))', {
    secondSignalAfterMs: 0,
    deadlineMs: 10_000,
    repeatWindowMs: 5_000,
  })
  t.equal(code, 0, 'the drain completed', { output })
})

t.test('a second signal after the window exits 1 at once, without waiting for the drain', async (t) => {
  const { code, output } = await runWithDrain(t, 'new Promise<void>(() => {})', {
    secondSignalAfterMs: 300,
    deadlineMs: 10_000,
    repeatWindowMs: 100,
  })
  t.equal(code, 1)
  t.notMatch(output, /did not finish in time/, 'not the deadline: the second signal ended it')
})
