/** Runs a Python unittest command and reads its verdict: how many ran, which failed, and the output. */
import { spawn, spawnSync } from 'node:child_process'

export const SYSTEM_PYTHON = '/usr/bin/python3'

/** Why the SDK cannot run on this machine's Python (no interpreter, or httpx / websockets missing), or undefined. */
export function getMissingPythonModules(python = SYSTEM_PYTHON): string | undefined {
  const probe = spawnSync(python, ['-c', 'import httpx, websockets'], { encoding: 'utf8' })
  if (probe.error) return `${python} cannot run: ${probe.error.message}`
  if (probe.status !== 0)
    return `${python} lacks httpx or websockets (apt-get install python3-httpx python3-websockets): ${probe.stderr.trim().split('\n').pop()}`
  return undefined
}

export interface UnittestRun {
  code: number | null
  output: string
  /** "Ran N tests" */
  ran: number
  /** the failed and erroring tests, as unittest names them: test_x (module.Class.test_x) */
  failed: string[]
}

/** Runs `args` under `python` in `cwd` with `env`, killed after `limitMs`. */
export async function runUnittest(options: {
  python?: string
  args: string[]
  cwd: string
  env: NodeJS.ProcessEnv
  limitMs: number
}): Promise<UnittestRun> {
  const child = spawn(options.python ?? SYSTEM_PYTHON, options.args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const timer = setTimeout(() => child.kill('SIGKILL'), options.limitMs)
  const code = await new Promise<number | null>((resolve) => child.on('close', (exitCode) => resolve(exitCode)))
  clearTimeout(timer)
  const ran = Number(/^Ran (\d+) tests?/m.exec(output)?.[1] ?? 0)
  const failed = [...output.matchAll(/^(?:FAIL|ERROR): (.+)$/gm)].map((match) => (match[1] as string).trim())
  return { code, output, ran, failed: [...new Set(failed)] }
}
