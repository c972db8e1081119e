/**
 * isPortHeldByGroup (test/helpers/service-process.ts), which config-error-line.test.ts asks
 * whether a failed process left a port open: a detached process's listener is found as its
 * group's, and a listener of another group (here, this test's own) is not.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import t from 'tap'
import { getFreePort } from '../../lib/free-port.js'
import { isPortHeldByGroup, isProcessGroupAlive } from '../helpers/service-process.js'

t.test('a detached listener is its group’s; another group’s is not', async (t) => {
  const port = await getFreePort()
  const child = spawn(
    process.execPath,
    ['-e', `require('node:net').createServer().listen(${port}, '127.0.0.1', () => console.log('listening'))`],
    { detached: true, stdio: ['ignore', 'pipe', 'ignore'] },
  )
  const pid = child.pid as number
  t.teardown(() => {
    if (isProcessGroupAlive(pid)) process.kill(-pid, 'SIGKILL')
  })
  await once(child.stdout, 'data')
  t.equal(await isPortHeldByGroup(port, pid), true, 'the child listens: held by its group')
  child.kill('SIGKILL')
  await once(child, 'exit')
  t.equal(await isPortHeldByGroup(port, pid), false, 'released when it exits')

  const own = createServer().listen(port, '127.0.0.1')
  await once(own, 'listening')
  t.teardown(() => own.close())
  t.equal(await isPortHeldByGroup(port, pid), false, "the same port held by another group: not the child's")
  // This process's group: the third field after the command in /proc/self/stat.
  const stat = readFileSync('/proc/self/stat', 'utf8')
  const ownGroup = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2])
  t.equal(await isPortHeldByGroup(port, ownGroup), true, "and found as that group's")
})
