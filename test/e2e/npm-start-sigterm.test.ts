/**
 * A supervisor (or `docker stop`, or `kill`) signals one PID: under `npm start` that is npm's.
 * npm forwards SIGTERM to its script's process, which must be the server itself: the service
 * drains, releases every port and exits 0, npm exits 0 with it, and nothing is left serving.
 * (When the script was `tsx main.ts`, npm and tsx went and the server they had started kept
 * serving, orphaned.)
 *
 * The script also launches the server with our Node options first and the caller's own after them
 * (bench/support/launch-node-options.ts), so that a caller's NODE_OPTIONS still has the last word.
 */
import t from 'tap'
import { readFileSync } from 'node:fs'
import { LAUNCH_NODE_OPTIONS } from '../../bench/support/launch-node-options.js'
import { getChildPids } from '../../bench/floor/proc-cpu.js'
import { assertStopsOnSigterm, createServiceProcessSetup, startServiceProcess } from '../helpers/service-process.js'

function readEnvironment(pid: number): Map<string, string> {
  const entries = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').filter(Boolean)
  return new Map(entries.map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]))
}

t.test('SIGTERM to the npm start process drains the server, and npm exits 0', async (t) => {
  const callerOptions = '--max-http-header-size=16384'
  const setup = await createServiceProcessSetup(t, { LOG_LEVEL: 'info', NODE_OPTIONS: callerOptions })
  const running = await startServiceProcess(t, setup, { command: 'npm', args: ['start'] })
  if (!running) return
  const [server, ...others] = getChildPids(running.child.pid as number)
  t.same(others, [], "npm's one child is the server (the script's shell became node)")
  if (server !== undefined) {
    t.match(readFileSync(`/proc/${server}/cmdline`, 'utf8'), /^node\0--import\0tsx\0main\.ts\0$/, 'the server is node main.ts')
    // tap's process tracking appends an option of its own (quoting each), after the caller's.
    const options = readEnvironment(server).get('NODE_OPTIONS') ?? ''
    t.ok(options.startsWith(`${LAUNCH_NODE_OPTIONS} `), 'ours first', { options })
    t.match(options.slice(LAUNCH_NODE_OPTIONS.length + 1), new RegExp(`^"?${callerOptions}"?( |$)`), "then the caller's")
  }
  // Within `docker stop`'s default grace. A process stopped the moment it serves takes longest: with
  // one V8 helper thread its isolates finish their background compilation first (≈3 s on this
  // 2-core machine with both cores busy, against ≈1.6–2.4 s with four helpers; ≈1.2 s either way once warm).
  await assertStopsOnSigterm(t, running, setup, 10_000)
})
