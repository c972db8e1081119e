/**
 * isConnectedTo (test/helpers/proc-sockets.ts), which the topology test asks whether every edge
 * connected to an engine started again: a child's connection to a port is found as the child's,
 * not as this process's (the listening end), and is gone once the child closes it.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { createServer, type Socket } from 'node:net'
import t from 'tap'
import { isConnectedTo } from '../helpers/proc-sockets.js'
import { waitUntil } from '../helpers/wait-until.js'

t.test("a child's connection is the child's, until it closes", async (t) => {
  const accepted: Socket[] = []
  const server = createServer((socket) => accepted.push(socket)).listen(0, '127.0.0.1')
  await once(server, 'listening')
  const port = (server.address() as { port: number }).port
  t.teardown(() => {
    for (const socket of accepted) socket.destroy()
    server.close()
  })
  // The child connects, says so, and closes its end when its stdin ends.
  const child = spawn(
    process.execPath,
    [
      '-e',
      `const s = require('node:net').connect(${port}, '127.0.0.1', () => console.log('connected'));` +
        `process.stdin.on('end', () => s.end(() => process.exit(0))); process.stdin.resume()`,
    ],
    { stdio: ['pipe', 'pipe', 'ignore'] },
  )
  t.teardown(() => child.kill('SIGKILL'))
  const pid = child.pid as number
  t.equal(isConnectedTo(pid, port), false, 'not before it connects')
  await once(child.stdout, 'data')
  t.equal(isConnectedTo(pid, port), true, 'the child holds a connection to the port')
  t.equal(isConnectedTo(process.pid, port), false, 'the listening end holds none *to* the port')
  t.equal(isConnectedTo(pid, port + 1 > 65_535 ? port - 1 : port + 1), false, 'nor is it connected to another port')
  child.stdin.end()
  await once(child, 'exit')
  await waitUntil(() => !isConnectedTo(pid, port), 5_000, 'the connection gone')
  t.pass('gone once the child closed it')
})
