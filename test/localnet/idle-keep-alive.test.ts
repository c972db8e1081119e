// A client's idle keep-alive connection to localnet's JSON-RPC and relay outlives Node's default 5 s
// server limit: at that limit, a request written as the server closes its socket fails with
// ECONNRESET (undici, which kit and fetch use, reuses idle sockets about as long). Each server is
// called twice on one keep-alive socket, 6 s apart: the second call must reuse the first's socket.
import { Agent, request } from 'node:http'
import { setTimeout as sleep } from 'node:timers/promises'
import t from 'tap'
import { IDLE_KEEP_ALIVE_MS } from '../../lib/idle-keep-alive.js'
import { startTestLocalnet } from '../helpers/localnet-start.js'

/** Past Node's default keepAliveTimeout (5 s), which the servers used to keep. */
const IDLE_MS = 6_000

interface Answer {
  status: number
  keepAlive: string | undefined
  reusedSocket: boolean
  body: string
}

function post(agent: Agent, url: string, body: object): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', agent, headers: { 'content-type': 'application/json' } }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (text += chunk))
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          keepAlive: res.headers['keep-alive']?.toString(),
          reusedSocket: req.reusedSocket,
          body: text,
        }),
      )
    })
    req.on('error', reject)
    req.end(JSON.stringify(body))
  })
}

t.test('an idle keep-alive connection to the JSON-RPC and the relay is kept past 5 s', async (t) => {
  const localnet = await startTestLocalnet(t)
  const servers = [
    { name: 'JSON-RPC', url: localnet.rpcUrl, body: { jsonrpc: '2.0', id: 1, method: 'getHealth', params: [] } },
    {
      name: 'relay',
      url: `${localnet.relayUrl}/api/v1/getTipAccounts`,
      body: { jsonrpc: '2.0', id: 1, method: 'getTipAccounts', params: [] },
    },
  ]
  await Promise.all(
    servers.map(async ({ name, url, body }) => {
      // No idle limit on the client's side: only the server can end the connection.
      const agent = new Agent({ keepAlive: true, maxSockets: 1 })
      t.teardown(() => agent.destroy())
      const first = await post(agent, url, body)
      t.equal(first.status, 200, `${name}: answered`)
      t.equal(first.keepAlive, `timeout=${IDLE_KEEP_ALIVE_MS / 1000}`, `${name}: says how long it keeps the connection`)
      t.notOk(first.reusedSocket, `${name}: the first call opens the connection`)
      await sleep(IDLE_MS)
      const second = await post(agent, url, body)
      t.equal(second.status, 200, `${name}: answered after ${IDLE_MS} ms idle`)
      t.ok(second.reusedSocket, `${name}: on the same connection`)
      t.equal(second.body, first.body, `${name}: the same answer`)
    }),
  )
})
