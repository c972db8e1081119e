// getFreePort: a port nothing listens on, never one it handed out before in this process (the OS
// offers a closed probe's port again; test set-ups take several ports in a row and need them distinct).
import { connect } from 'node:net'
import { once } from 'node:events'
import t from 'tap'
import { getFreePort } from '../../lib/free-port.js'

t.test('many ports in a row are all distinct, and nothing listens on them', async (t) => {
  const ports: number[] = []
  for (let i = 0; i < 300; i++) ports.push(await getFreePort())
  t.equal(new Set(ports).size, ports.length, '300 distinct ports')
  const socket = connect(ports[0] as number, '127.0.0.1')
  const [error] = (await once(socket, 'error')) as [NodeJS.ErrnoException]
  t.equal(error.code, 'ECONNREFUSED', 'connecting is refused')
})
