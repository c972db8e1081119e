// The bench tools' flags as someone who mistypes one meets them: the reason and the usage, exit
// code 2, no stack trace; --help prints the flags and exits 0. Each tool is run as a real process.
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import t from 'tap'
import { describeFlags } from '../../bench/support/command-line.js'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
// Nine tool processes, each loading its module graph through tsx: ≈24 s on an idle 2-core machine.
t.setTimeout(180_000)

interface Run {
  code: number | null
  stdout: string
  stderr: string
}

function runTool(script: string, args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', script, ...args], { cwd: ROOT, timeout: 150_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, stdout, stderr })
    })
  })
}

const STACK_LINE = /^\s+at /m

t.test('describeFlags lists each flag with its kind and default', async (t) => {
  const usage = describeFlags('npm run bench:x --', {
    options: {
      door: { type: 'string', default: 'rest' },
      env: { type: 'string', multiple: true, default: [] },
      source: { type: 'boolean', default: false },
    },
  })
  t.match(usage, /^usage: npm run bench:x -- \[flags\]/)
  t.match(usage, /--door VALUE\s+\(default rest\)/)
  t.match(usage, /--env VALUE\s+\(repeatable\)/)
  t.match(usage, /\n {2}--source\n/)
  t.match(usage, /--help$/)
})

t.test('bench:cpu: an unknown flag, a flag without its value, a value it cannot use, and --help', async (t) => {
  const script = 'bench/floor/cpu-budget.ts'
  const [unknown, missing, badDoor, badEnv, help] = await Promise.all([
    runTool(script, ['--bogus']),
    runTool(script, ['--connections']),
    runTool(script, ['--door', 'carrier-pigeon']),
    runTool(script, ['--env', 'NO_EQUALS_SIGN']),
    runTool(script, ['--help']),
  ])
  t.equal(unknown.code, 2)
  t.match(unknown.stderr, /Unknown option '--bogus'/)
  t.match(unknown.stderr, /usage: npm run bench:cpu -- \[flags\]/)
  t.equal(missing.code, 2)
  t.match(missing.stderr, /--connections <value>' argument missing/)
  t.equal(badDoor.code, 2)
  t.match(badDoor.stderr, /--door: rest, grpc or websocket, not carrier-pigeon/)
  t.match(badDoor.stderr, /npm run bench:cpu -- --help lists the flags/)
  t.equal(badEnv.code, 2)
  t.match(badEnv.stderr, /--env wants NAME=VALUE, not NO_EQUALS_SIGN/)
  for (const run of [unknown, missing, badDoor, badEnv]) t.notMatch(run.stderr, STACK_LINE, 'no stack trace')
  t.equal(help.code, 0)
  t.match(help.stdout, /--door VALUE\s+\(default rest\)/)
  t.equal(help.stderr, '')
})

t.test('the floor benchmark and bench:check: a bad value and --help', async (t) => {
  const [floor, check, checkHelp] = await Promise.all([
    runTool('bench/floor/floor-bench.ts', ['--generators', '0']),
    runTool('bench/floor/bench-check.ts', ['--concurrency', '16,x']),
    runTool('bench/floor/bench-check.ts', ['--help']),
  ])
  t.equal(floor.code, 2)
  t.match(floor.stderr, /--generators wants a positive integer, not 0/)
  t.match(floor.stderr, /npm run bench:floor \[-- options\]/)
  t.equal(check.code, 2)
  t.match(check.stderr, /--concurrency wants a positive integer, not x/)
  for (const run of [floor, check]) t.notMatch(run.stderr, STACK_LINE, 'no stack trace')
  t.equal(checkHelp.code, 0)
  t.match(checkHelp.stdout, /npm run bench:check \[-- options\]/)
})

t.test('the load and micro benchmarks: a value outside its range names the limit', async (t) => {
  const [load, micro] = await Promise.all([
    runTool('bench/load/load-bench.ts', ['--batch-size', '99']),
    runTool('bench/engine-simulate.bench.ts', ['--iterations', 'many']),
  ])
  t.equal(load.code, 2)
  t.match(load.stderr, /BENCH_LOAD_BATCH_SIZE="99": expected an integer from 1 to 50/)
  t.equal(micro.code, 2)
  t.match(micro.stderr, /BENCH_ITERATIONS="many"/)
  for (const run of [load, micro]) t.notMatch(run.stderr, STACK_LINE, 'no stack trace')
})

t.test('cpu-profile-summary without its file says which argument is missing', async (t) => {
  const run = await runTool('bench/cpu-profile-summary.ts', [])
  t.equal(run.code, 2)
  t.match(run.stderr, /name a \.cpuprofile file/)
  t.notMatch(run.stderr, STACK_LINE)
})
