// The bench tools' flags as someone who mistypes one meets them: the reason and the usage, exit
// code 2, no stack trace; --help prints the flags and exits 0. Each tool is run as a real process.
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import t from 'tap'
import { describeFlags } from '../../bench/support/command-line.js'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
// Ten tool processes through tsx, four of them loading the service's modules: ≈12 s on an idle 2-core machine.
t.setTimeout(120_000)

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

// Most cases run on light tools (map-churn-promotion.ts loads in ≈0.3 s); the tools that load the
// service's modules first (≈2–3.5 s each) run once each, for the paths only they take.
t.test('an unknown flag, a flag without its value, a value the tool cannot use, and --help', async (t) => {
  const script = 'bench/gc/map-churn-promotion.ts'
  const [unknown, missing, badValue, help] = await Promise.all([
    runTool(script, ['--bogus']),
    runTool(script, ['--seconds']),
    runTool(script, ['--seconds', '0']),
    runTool(script, ['--help']),
  ])
  t.equal(unknown.code, 2)
  t.match(unknown.stderr, /Unknown option '--bogus'/)
  t.match(unknown.stderr, /usage: npx tsx bench\/gc\/map-churn-promotion\.ts \[flags\]/)
  t.equal(missing.code, 2)
  t.match(missing.stderr, /--seconds <value>' argument missing/)
  t.equal(badValue.code, 2)
  t.match(badValue.stderr, /--seconds: more than 1/)
  t.match(badValue.stderr, /map-churn-promotion\.ts --help lists the flags/)
  for (const run of [unknown, missing, badValue]) t.notMatch(run.stderr, STACK_LINE, 'no stack trace')
  t.equal(help.code, 0)
  t.match(help.stdout, /--seconds VALUE\s+\(default 4\)/)
  t.equal(help.stderr, '')
})

t.test('bench:cpu, bench:check and the load benchmark: the checks only they make', async (t) => {
  const [badEnv, check, checkHelp, load] = await Promise.all([
    runTool('bench/floor/cpu-budget.ts', ['--env', 'NO_EQUALS_SIGN']),
    runTool('bench/floor/bench-check.ts', ['--concurrency', '16,x']),
    runTool('bench/floor/bench-check.ts', ['--help']),
    runTool('bench/load/load-bench.ts', ['--batch-size', '99']),
  ])
  t.equal(badEnv.code, 2)
  t.match(badEnv.stderr, /--env wants NAME=VALUE, not NO_EQUALS_SIGN/)
  t.match(badEnv.stderr, /npm run bench:cpu -- --help lists the flags/)
  t.equal(check.code, 2)
  t.match(check.stderr, /--concurrency wants a positive integer, not x/)
  t.match(check.stderr, /npm run bench:check \[-- options\]/)
  t.equal(load.code, 2)
  t.match(load.stderr, /BENCH_LOAD_BATCH_SIZE="99": expected an integer from 1 to 50/)
  for (const run of [badEnv, check, load]) t.notMatch(run.stderr, STACK_LINE, 'no stack trace')
  t.equal(checkHelp.code, 0)
  t.match(checkHelp.stdout, /npm run bench:check \[-- options\]/)
})

t.test('a missing positional argument, and a list flag naming what it does not know', async (t) => {
  const [summary, servers] = await Promise.all([
    runTool('bench/cpu-profile-summary.ts', []),
    runTool('bench/gc/http2-stream-handles.ts', ['--servers', 'carrier-pigeon']),
  ])
  t.equal(summary.code, 2)
  t.match(summary.stderr, /name a \.cpuprofile file/)
  t.equal(servers.code, 2)
  t.match(servers.stderr, /--servers: some of http, http2, grpc-js/)
  for (const run of [summary, servers]) t.notMatch(run.stderr, STACK_LINE)
})
