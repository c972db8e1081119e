// getFreePort: a port nothing listens on, below the ephemeral range, claimed so that neither this
// process nor any other one running beside it is handed it again while the claimant lives (test
// set-ups take several ports in a row and need them distinct; parallel test files must not share).
import { execFile, spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { connect, createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import t from 'tap'
import { createPortAllocator, getFreePort } from '../../lib/free-port.js'

const run = promisify(execFile)

t.test('many ports in a row are all distinct, below the ephemeral range, and nothing listens on them', async (t) => {
  const ports: number[] = []
  for (let i = 0; i < 300; i++) ports.push(await getFreePort())
  t.equal(new Set(ports).size, ports.length, '300 distinct ports')
  t.ok(
    ports.every((port) => port >= 20_000 && port < 32_768),
    'all between 20000 and 32767',
  )
  const socket = connect(ports[0] as number, '127.0.0.1')
  const [error] = (await once(socket, 'error')) as [NodeJS.ErrnoException]
  t.equal(error.code, 'ECONNREFUSED', 'connecting is refused')
})

t.test('processes taking ports at the same time never get the same one', async (t) => {
  // Each child holds its ports until told to end: a port is only free again once its claimant ended.
  const script = `
    import { getFreePort } from './lib/free-port.ts'
    const ports = []
    for (let i = 0; i < 150; i++) ports.push(await getFreePort())
    console.log(JSON.stringify(ports))
    process.stdin.resume()`
  const children = [0, 1, 2].map(() =>
    spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['pipe', 'pipe', 'inherit'] }),
  )
  t.teardown(() => children.forEach((child) => child.kill()))
  const lists = await Promise.all(
    children.map(async (child) => {
      let out = ''
      for await (const chunk of child.stdout) {
        out += String(chunk)
        if (out.includes('\n')) break
      }
      return JSON.parse(out) as number[]
    }),
  )
  const all = lists.flat()
  t.equal(all.length, 450, '3 × 150 ports')
  t.equal(new Set(all).size, all.length, 'no port handed to two living processes')
})

t.test('a claim held by a living process is skipped; a dead process’s claim and a listening port are not', async (t) => {
  const claimDirectory = mkdtempSync(join(tmpdir(), 'port-claims-test-'))
  t.teardown(() => rmSync(claimDirectory, { recursive: true, force: true }))
  const listener = createServer().listen(0, '127.0.0.1')
  await once(listener, 'listening')
  t.teardown(() => listener.close())
  const taken = (listener.address() as { port: number }).port
  // Three ports: one a living process claims (this one's parent, which outlives the test), one
  // claimed by a process that has ended, one a server outside the claims listens on.
  const firstPort = taken - 2
  const exited = await run(process.execPath, ['-e', 'console.log(process.pid)'])
  writeFileSync(join(claimDirectory, String(firstPort)), String(process.ppid))
  writeFileSync(join(claimDirectory, String(firstPort + 1)), exited.stdout.trim())
  const allocate = createPortAllocator({ claimDirectory, firstPort, lastPort: taken })

  t.equal(await allocate(), firstPort + 1, 'the ended process’s port is handed out again')
  t.equal(readFileSync(join(claimDirectory, String(firstPort + 1)), 'utf8'), String(process.pid), 'and claimed by this one')
  await t.rejects(allocate(), /no free port between/, 'then none is left: the living claim and the listener are skipped')
  t.same(readdirSync(claimDirectory).sort(), [firstPort, firstPort + 1, taken].map(String).sort(), 'the listener’s port is claimed too')
})
