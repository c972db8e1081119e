/**
 * A main's boot, guarded: when a step fails, or a signal arrives before the service serves, what
 * had started is closed (newest first) and the process exits — a port conflict as one line on
 * stderr, anything else with its stack as Node would print it. Once serving, the guard is gone.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import t, { type Test } from 'tap'

const GUARD_MODULE = fileURLToPath(new URL('../../lib/startup-guard.ts', import.meta.url))
const LISTEN_ERROR_MODULE = fileURLToPath(new URL('../../lib/listen-error.ts', import.meta.url))

interface Outcome {
  code: number | null
  signal: string | null
  stdout: string
  stderr: string
}

/** Runs a main whose boot is `body` (after two closers are registered); sends SIGTERM once it prints 'booting' when asked. */
async function runMain(t: Test, body: string, options: { sigtermWhenBooting?: boolean } = {}): Promise<Outcome> {
  const script = join(t.testdir({}), 'main.ts')
  writeFileSync(
    script,
    `import { createStartupGuard } from ${JSON.stringify(GUARD_MODULE)}
import { ListenError } from ${JSON.stringify(LISTEN_ERROR_MODULE)}
const startup = createStartupGuard()
startup.closeOnFailure(() => console.log('closed first'))
startup.closeOnFailure(async () => {
  await new Promise((resolve) => setTimeout(resolve, 50))
  console.log('closed second')
})
console.log('booting')
${body}
`,
  )
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  t.teardown(() => child.kill('SIGKILL'))
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  if (options.sigtermWhenBooting) {
    while (!stdout.includes('booting')) await once(child.stdout, 'data')
    child.kill('SIGTERM')
  }
  const [code, signal] = (await once(child, 'exit')) as [number | null, string | null]
  return { code, signal, stdout, stderr }
}

t.test('a ListenError during boot: one line on stderr, what started closed newest first, exit 1', async (t) => {
  const outcome = await runMain(t, `await Promise.reject(new ListenError('PORT', '127.0.0.1:8080', 'EADDRINUSE'))`)
  t.equal(outcome.code, 1)
  t.equal(
    outcome.stderr,
    'PORT: cannot listen on 127.0.0.1:8080: the address is in use (EADDRINUSE); set PORT to a free port, or stop the process that holds it\n',
  )
  t.match(outcome.stdout, /booting\nclosed second\nclosed first\n/, 'closed in reverse order, each awaited')
})

t.test('any other failure during boot is printed with its stack, and what started is closed', async (t) => {
  const outcome = await runMain(t, `throw new Error('the database is unreachable')`)
  t.equal(outcome.code, 1)
  t.match(outcome.stderr, /Error: the database is unreachable\n\s+at /)
  t.match(outcome.stdout, /closed second\nclosed first/)
})

t.test('SIGTERM before the service serves closes what started and exits 128 + 15', async (t) => {
  const outcome = await runMain(t, 'await new Promise(() => setInterval(() => {}, 1_000))', { sigtermWhenBooting: true })
  t.equal(outcome.code, 143)
  t.match(outcome.stdout, /closed second\nclosed first/)
  t.equal(outcome.stderr, '')
})

t.test('once serving, the guard lets go: a later failure is not its business', async (t) => {
  const outcome = await runMain(t, `startup.serving()\nsetTimeout(() => { throw new Error('later') }, 10)`)
  t.equal(outcome.code, 1)
  t.match(outcome.stderr, /Error: later/)
  t.notMatch(outcome.stdout, /closed/, 'nothing closed by the guard')
})
