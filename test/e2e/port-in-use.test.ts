/**
 * A port already taken (as by a second `npm start`) stops a process with one line on stderr that
 * names the variable to change and the address, no stack trace, and exit code 1 — for every
 * listener of every entry point, whether it is the first thing the process opens or the last.
 * What had started before is closed again: after the all-in-one fails on its REST port (its last
 * listener), the history journal it had opened has been released.
 */
import { existsSync } from 'node:fs'
import { once } from 'node:events'
import { createServer } from 'node:net'
import { join } from 'node:path'
import t, { type Test } from 'tap'
import { TEST_INTERNAL_TOKEN } from '../helpers/internal-token.js'
import { createServiceProcessSetup, runEntryToExit, type ServiceProcessSetup } from '../helpers/service-process.js'

/** Boot up to the listener that fails (the embedded database, the engine's first reads) on a loaded machine. */
const EXIT_LIMIT_MS = 60_000

t.setTimeout(240_000)
t.jobs = 2

interface Case {
  entry: string
  variable: string
  port: (setup: ServiceProcessSetup) => number
  env?: (setup: ServiceProcessSetup) => NodeJS.ProcessEnv
}

// A standalone engine or edge reads the chain from SOLANA_RPC_URLS: a port nothing listens on, refused at once.
const refusedRpc = (setup: ServiceProcessSetup) => ({ SOLANA_RPC_URLS: `http://127.0.0.1:${setup.ports.rpc}` })

const CASES: Case[] = [
  // The second `npm start`: its first listener, before anything else has started.
  { entry: 'main.ts', variable: 'LOCALNET_GEYSER_PORT', port: (s) => s.ports.geyser },
  { entry: 'main.ts', variable: 'ENGINE_GRPC_PORT', port: (s) => s.ports.grpc },
  {
    entry: 'main.ts',
    variable: 'ACCOUNTS_GRPC_PORT',
    port: (s) => s.ports.accountsGrpc,
    env: () => ({ ACCOUNTS_INTERNAL_TOKEN: TEST_INTERNAL_TOKEN }),
  },
  // Its last listener: localnet, accounts, the engine and its gRPC port have started and must be closed.
  { entry: 'main.ts', variable: 'PORT', port: (s) => s.ports.rest },
  { entry: 'localnet/main.ts', variable: 'LOCALNET_RPC_PORT', port: (s) => s.ports.rpc },
  { entry: 'localnet/main.ts', variable: 'LOCALNET_RELAY_PORT', port: (s) => s.ports.relay },
  // localnet's last listener: the PubSub WebSocket, after the geyser, RPC and relay servers have started.
  { entry: 'localnet/main.ts', variable: 'LOCALNET_WS_PORT', port: (s) => s.ports.ws },
  {
    entry: 'engine/main.ts',
    variable: 'ENGINE_GRPC_PORT',
    port: (s) => s.ports.grpc,
    env: (s) => ({ ENGINE_INTERNAL_TOKEN: TEST_INTERNAL_TOKEN, ...refusedRpc(s) }),
  },
  {
    entry: 'accounts/main.ts',
    variable: 'ACCOUNTS_GRPC_PORT',
    port: (s) => s.ports.accountsGrpc,
    env: () => ({ ACCOUNTS_INTERNAL_TOKEN: TEST_INTERNAL_TOKEN }),
  },
  { entry: 'edge/main.ts', variable: 'PORT', port: (s) => s.ports.rest, env: refusedRpc },
]

/** Binds 127.0.0.1:`port` for the rest of `t`, as another process would hold it. */
async function holdPort(t: Test, port: number): Promise<void> {
  const holder = createServer().listen(port, '127.0.0.1')
  await once(holder, 'listening')
  t.teardown(() => new Promise<void>((resolve) => holder.close(() => resolve())))
}

for (const { entry, variable, port, env } of CASES) {
  t.test(`${entry} with ${variable} taken`, { buffered: true }, async (t) => {
    const setup = await createServiceProcessSetup(t, { LOG_LEVEL: 'error' })
    const taken = port(setup)
    await holdPort(t, taken)
    const { exit, stdout, stderr } = await runEntryToExit(t, setup, entry, env?.(setup) ?? {}, EXIT_LIMIT_MS)
    const output = { stdout: stdout.slice(-4000), stderr: stderr.slice(-4000) }
    t.same(exit, { code: 1, signal: null }, 'exits 1', output)
    t.equal(
      stderr,
      `${variable}: cannot listen on 127.0.0.1:${taken}: the address is in use (EADDRINUSE); set ${variable} to a free port, or stop the process that holds it\n`,
      'one line on stderr, naming the variable and the address',
      output,
    )
    t.notMatch(stdout + stderr, /\n\s+at /, 'no stack trace', output)
    if (entry === 'main.ts' && variable === 'PORT') {
      t.notOk(
        existsSync(join(setup.dataDir, 'journal', 'history', 'LOCK')),
        'the history journal it had opened was closed (its lock released)',
      )
    }
  })
}

t.test('a second npm start with several ports taken names every one at once, before anything starts', { buffered: true }, async (t) => {
  const setup = await createServiceProcessSetup(t, { LOG_LEVEL: 'error' })
  const taken = [
    { variable: 'LOCALNET_RPC_PORT', port: setup.ports.rpc },
    { variable: 'ENGINE_GRPC_PORT', port: setup.ports.grpc },
    { variable: 'PORT', port: setup.ports.rest },
  ]
  for (const { port } of taken) await holdPort(t, port)
  const { exit, stdout, stderr } = await runEntryToExit(t, setup, 'main.ts', {}, EXIT_LIMIT_MS)
  const output = { stdout: stdout.slice(-4000), stderr: stderr.slice(-4000) }
  t.same(exit, { code: 1, signal: null }, 'exits 1', output)
  t.equal(
    stderr,
    taken
      .map(
        ({ variable, port }) =>
          `${variable}: cannot listen on 127.0.0.1:${port}: the address is in use (EADDRINUSE); set ${variable} to a free port, or stop the process that holds it\n`,
      )
      .join(''),
    'one line per busy port, in the order they would be opened',
    output,
  )
  t.notOk(existsSync(join(setup.dataDir, 'journal', 'history', 'LOCK')), 'nothing was started (no journal opened)')
})
