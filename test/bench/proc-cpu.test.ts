import { spawn } from 'node:child_process'
import { once } from 'node:events'
import t from 'tap'
import { parseEnvPairs } from '../../bench/support/env-pairs.js'
import { getChildPids, readMachineTicks, readThreadTicks, TICK_US } from '../../bench/floor/proc-cpu.js'

t.test("a busy child's main thread, its parent's children and the machine are read from /proc", async (t) => {
  // A child that spins until it has used 600 ms of CPU (not of wall time: the machine may be busy),
  // says so, then idles until killed. It asks for its CPU time once per million iterations: asked in
  // a tight loop, the system call itself becomes the load (on a VM, 2.8 s of system time for 0.6 s of user).
  const child = spawn(
    process.execPath,
    [
      '-e',
      'while (process.cpuUsage().user < 600_000) for (let i = 0; i < 1e6; i++); process.stdout.write("spun\\n"); setTimeout(() => {}, 60000)',
    ],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  )
  t.teardown(() => child.kill('SIGKILL'))
  await once(child, 'spawn')
  const pid = child.pid as number
  t.ok(getChildPids(process.pid).includes(pid), 'the child is listed among this process’s children')
  const machineBefore = readMachineTicks()
  await once(child.stdout as NodeJS.ReadableStream, 'data')
  const threads = readThreadTicks(pid)
  const main = threads.get(pid)
  t.ok(main, 'the main thread is keyed by the pid')
  t.equal(main?.name, 'node', 'with its name')
  const busyMs = ((main?.ticks ?? 0) * TICK_US) / 1000
  // 600 ms is the process's user time: Node's other threads (the compiler, GC) take a share of it.
  t.ok(busyMs >= 400 && busyMs <= 2_000, `the main thread spun most of 600 ms of CPU (read ${busyMs} ms)`)
  t.ok(threads.size > 1, 'and Node’s other threads are listed too')
  t.ok(((readMachineTicks() - machineBefore) * TICK_US) / 1000 >= busyMs * 0.5, 'the machine was busy at least that much meanwhile')
  child.kill('SIGKILL')
  await once(child, 'exit')
  t.notOk(getChildPids(process.pid).includes(pid), 'an ended child is no longer listed')
})

t.test('the benchmark tools read --env NAME=VALUE pairs, a value keeping its own "="', async (t) => {
  t.same(parseEnvPairs(['ENGINE_WORKERS=0', 'NODE_OPTIONS=--x=1', 'EMPTY=']), { ENGINE_WORKERS: '0', NODE_OPTIONS: '--x=1', EMPTY: '' })
  t.throws(() => parseEnvPairs(['ENGINE_WORKERS']), /NAME=VALUE/)
  t.throws(() => parseEnvPairs(['=1']), /NAME=VALUE/)
})
