import t from 'tap'
import { startTestLocalnet } from '../helpers/localnet-start.js'

t.test('JSON-RPC envelope errors use the codes and messages of Solana nodes', async (t) => {
  const localnet = await startTestLocalnet(t, {}, { autoAdvance: false, maxBodyBytes: 4096 })

  const unknown = await localnet.call('getProgramAccountz', [])
  t.same(unknown, { jsonrpc: '2.0', error: { code: -32601, message: 'Method not found' }, id: 1 })

  const malformed = await localnet.post('{"jsonrpc":"2.0","id":1,"method":')
  t.equal(malformed.status, 200)
  t.same(JSON.parse(malformed.text), { jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' }, id: null })

  const noVersion = JSON.parse((await localnet.post('{"id":7,"method":"getSlot"}')).text)
  t.same(noVersion, { jsonrpc: '2.0', error: { code: -32600, message: 'Invalid request' }, id: 7 })
  const notObject = JSON.parse((await localnet.post('42')).text)
  t.equal(notObject.error.code, -32600)
  const emptyBatch = JSON.parse((await localnet.post('[]')).text)
  t.equal(emptyBatch.error.code, -32600, 'an empty batch is an invalid request')

  const objectParams = JSON.parse((await localnet.post('{"jsonrpc":"2.0","id":2,"method":"getBalance","params":{"a":1}}')).text)
  t.equal(objectParams.error.code, -32602, 'params must be an array')
})

t.test('batches answer each call in order; notifications get no answer', async (t) => {
  const localnet = await startTestLocalnet(t)
  const batch = await localnet.post(
    JSON.stringify([
      { jsonrpc: '2.0', id: 'a', method: 'getSlot' },
      { jsonrpc: '2.0', method: 'getSlot' },
      { jsonrpc: '2.0', id: 'b', method: 'nope' },
      { jsonrpc: '2.0', id: 'c', method: 'getHealth' },
    ]),
  )
  const answers = JSON.parse(batch.text) as Array<{ id: string; result?: unknown; error?: { code: number } }>
  t.same(
    answers.map((a) => a.id),
    ['a', 'b', 'c'],
  )
  t.equal(answers[0]?.result, Number(localnet.chain.getSlot()))
  t.equal(answers[1]?.error?.code, -32601)
  t.equal(answers[2]?.result, 'ok')

  const notification = await localnet.post('{"jsonrpc":"2.0","method":"getSlot"}')
  t.equal(notification.status, 204)
  t.equal(notification.text, '')
})

t.test('a body over the limit is refused with an error, and the server keeps serving', async (t) => {
  const localnet = await startTestLocalnet(t, {}, { autoAdvance: false, maxBodyBytes: 4096 })
  const huge = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getSlot', params: ['x'.repeat(64 * 1024)] })
  const refused = await localnet.post(huge)
  t.equal(refused.status, 413)
  t.equal(JSON.parse(refused.text).error.code, -32600)
  t.equal((await localnet.call('getHealth')).result, 'ok', 'still serving')
})

t.test('the default body limit is 1 MiB', async (t) => {
  const localnet = await startTestLocalnet(t)
  const big = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getHealth', params: ['x'.repeat(900 * 1024)] })
  t.equal((await localnet.post(big)).status, 200, '900 KiB passes')
  const tooBig = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getHealth', params: ['x'.repeat(1100 * 1024)] })
  t.equal((await localnet.post(tooBig)).status, 413, '1.1 MiB is refused')
})

t.test('HTTP: GET /health, CORS preflight, other methods refused', async (t) => {
  const localnet = await startTestLocalnet(t)
  const health = await fetch(`${localnet.rpcUrl}/health`)
  t.equal(health.status, 200)
  t.equal(await health.text(), 'ok')
  const preflight = await fetch(localnet.rpcUrl, { method: 'OPTIONS' })
  t.equal(preflight.status, 204)
  t.equal(preflight.headers.get('access-control-allow-origin'), '*')
  const get = await fetch(localnet.rpcUrl)
  t.equal(get.status, 405)
})
