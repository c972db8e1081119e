/**
 * The edge's gRPC engine client against two engines (ENGINE_URL as `ip:port,ip:port`), as a scaled
 * deployment runs it: calls spread over both; when one engine's connections drop mid-call (what
 * `kill -9` does to its sockets; here a TCP proxy in front of it is cut, every socket reset) the
 * simulations in flight on it are answered by the other, a send in flight is not repeated but
 * rejected as retriable, and the engine is back in the rotation soon after it listens again. Both
 * gRPC servers are real and serve one real engine; engine A holds its calls until the cut, so
 * they are in flight when its connections drop. An answer that arrived whole before its connection
 * dropped (the engine killed between its message and its closing status) is taken as the answer.
 * The process-level run is test/e2e/topology.test.ts.
 */
import { createServer as createHttp2Server } from 'node:http2'
import type { AddressInfo, Socket } from 'node:net'
import t, { type Test } from 'tap'
import { startEngineServer } from '../../../engine/server.js'
import type { Engine } from '../../../engine/engine.js'
import { createGrpcEngineClient } from '../../../engine/client/grpc-engine-client.js'
import { toEngineTarget } from '../../../engine/client/engine-target.js'
import type { TipFloor } from '../../../engine/contract/tips-response.js'
import { toTipFloorMessage } from '../../../engine/messages/tips-message.js'
import { ConfigError } from '../../../lib/config.js'
import { loadEngineProto } from '../../../lib/grpc/load-proto.js'
import { JITO_TIP_ACCOUNTS } from '../../../localnet/relay/tip-accounts.js'
import { isServiceError } from '../../../lib/errors.js'
import { startStack } from '../../helpers/stack.js'
import { createStackTransfer } from '../../helpers/stack-transfer.js'
import { startTcpProxy } from '../../helpers/tcp-proxy.js'
import { waitUntil } from '../../helpers/wait-until.js'

t.test('ENGINE_URL: one engine, a name, or a list of IP addresses', async (t) => {
  t.equal(toEngineTarget('engine:50051'), 'engine:50051')
  t.equal(toEngineTarget('grpc://10.0.0.5:50051'), '10.0.0.5:50051')
  t.equal(toEngineTarget('dns:///engines.preflight.svc:50051'), 'dns:///engines.preflight.svc:50051')
  t.equal(toEngineTarget('10.0.0.5:50051, 10.0.0.6:50051'), 'ipv4:10.0.0.5:50051,10.0.0.6:50051')
  t.equal(toEngineTarget('[fd00::5]:50051,[fd00::6]:50051'), 'ipv6:[fd00::5]:50051,[fd00::6]:50051')
  for (const value of ['engine-a:50051,engine-b:50051', '10.0.0.5:50051,10.0.0.6', '10.0.0.5:50051,[fd00::6]:50051']) {
    t.throws(() => toEngineTarget(value), ConfigError, `refused: ${value}`)
  }
  const error = t.throws(() => toEngineTarget('engine-a:1,engine-b:2')) as Error
  t.match(error.message, /ENGINE_URL.*dns:\/\/\/name:port/, 'the error names the variable and the form to use')
})

/**
 * `engine`, counting the simulate and execute calls that arrive; once `hold()` is called, holding
 * them until `release()`. The port simulates through `simulateEncoded` (the answer as its message bytes).
 */
function createHeldEngine(engine: Engine) {
  let release!: () => void
  let released: Promise<void> = Promise.resolve()
  const hold = () => {
    released = new Promise<void>((resolve) => (release = resolve))
  }
  const arrived = { simulate: 0, execute: 0 }
  const held = new Proxy(engine, {
    get(target, property) {
      if (property === 'simulate' || property === 'simulateEncoded' || property === 'execute') {
        return async (...args: unknown[]) => {
          arrived[property === 'execute' ? 'execute' : 'simulate']++
          await released
          return (target[property] as (...a: unknown[]) => Promise<unknown>).apply(target, args)
        }
      }
      const value = Reflect.get(target, property) as unknown
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value
    },
  })
  return { engine: held, arrived, hold, release: () => release?.() }
}

t.test('two engines: a dropped one loses no simulation, and comes back', async (t) => {
  const stack = await startStack(t)
  const transfer = await createStackTransfer(stack)
  const a = createHeldEngine(stack.engine)
  const b = createHeldEngine(stack.engine)
  const serverA = await startEngineServer(a.engine, '127.0.0.1', 0)
  const serverB = await startEngineServer(b.engine, '127.0.0.1', 0)
  const portOf = (address: string) => Number(address.split(':').pop())
  const proxyA = await startTcpProxy(t, { host: '127.0.0.1', port: portOf(serverA.address) })
  const client = createGrpcEngineClient(`127.0.0.1:${proxyA.port},${serverB.address}`)
  t.teardown(async () => {
    await client.close()
    a.release()
    await Promise.all([serverA.close(), serverB.close()])
  })

  // Until both connections are up round robin uses the one that is; then A holds its calls, which
  // are in flight when it drops.
  const deadline = Date.now() + 10_000
  while (a.arrived.simulate === 0 && Date.now() < deadline) await client.simulate(transfer.bytes, {})
  a.hold()
  a.arrived.simulate = b.arrived.simulate = 0
  const calls = Array.from({ length: 20 }, () => client.simulate(transfer.bytes, {}))
  const settled = Promise.allSettled(calls)
  await waitUntil(() => a.arrived.simulate + b.arrived.simulate >= 20, 10_000, 'every call reached an engine')
  t.ok(a.arrived.simulate > 0 && b.arrived.simulate > 0, `both engines took calls (A ${a.arrived.simulate}, B ${b.arrived.simulate})`)
  const executeOnA = (async () => {
    // Executes until one is held on A (B's answer: the transfer was simulated and sent).
    for (;;) {
      const before = a.arrived.execute
      // Its outcome is read at once: a rejection must not be left unhandled while the test waits.
      const call = client.execute(transfer.bytes, {}).then(
        () => undefined,
        (error: unknown) => error,
      )
      await waitUntil(() => a.arrived.execute > before || b.arrived.execute > 0, 10_000, 'the execute reached an engine')
      // Wrapped: an async function returning the promise itself would wait for it.
      if (a.arrived.execute > before) return { call }
      b.arrived.execute = 0
      await call
    }
  })()
  const { call: inFlightExecute } = await executeOnA
  const inFlightOnA = a.arrived.simulate
  await proxyA.cut()

  const answers = await settled
  const failed = answers.filter((answer) => answer.status === 'rejected')
  t.equal(failed.length, 0, `every simulation answered, ${inFlightOnA} of them retried on B`, {
    reasons: failed.map((answer) => String((answer as PromiseRejectedResult).reason)),
  })
  t.ok(
    answers.every((answer) => answer.status === 'fulfilled' && answer.value.success),
    'each a successful simulation',
  )
  const executeError = await inFlightExecute
  t.ok(
    isServiceError(executeError, 'engine_unavailable'),
    'the execute in flight on A is not sent again: engine_unavailable (503, retriable)',
    {
      got: String(executeError),
    },
  )

  const alone = await Promise.allSettled(Array.from({ length: 10 }, () => client.simulate(transfer.bytes, {})))
  t.ok(
    alone.every((answer) => answer.status === 'fulfilled'),
    'with A gone, B answers every call',
  )

  await proxyA.restore()
  a.release()
  const arrivedBefore = a.arrived.simulate
  const restored = Date.now()
  while (a.arrived.simulate === arrivedBefore && Date.now() - restored < 10_000) {
    await client.simulate(transfer.bytes, {})
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  t.ok(a.arrived.simulate > arrivedBefore, `A takes calls again ${Date.now() - restored} ms after it listens again`)
})

/** A bare HTTP/2 server that answers every call with `answer`'s bytes and then cuts the TCP connection, sending no closing status. */
async function startCuttingServer(t: Test, answer: Buffer) {
  const sockets = new Set<Socket>()
  const server = createHttp2Server()
  server.on('connection', (socket: Socket) => sockets.add(socket))
  server.on('stream', (stream) => {
    stream.respond({ ':status': 200, 'content-type': 'application/grpc' })
    stream.write(answer, () => setTimeout(() => sockets.forEach((socket) => socket.destroy()), 20))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())))
  return `127.0.0.1:${(server.address() as AddressInfo).port}`
}

t.test('an answer that arrived whole before the connection dropped is the answer; a drop before it is not', async (t) => {
  const tips: TipFloor = {
    slots: 150,
    sample_count: 4,
    p25: 1_000,
    p50: 2_000,
    p75: 3_000,
    p95: 4_000,
    p99: 5_000,
    floor_lamports: 1_000,
    tip_accounts: [...JITO_TIP_ACCOUNTS],
  }
  const message = loadEngineProto().preflight.engine.v1.Engine.service.GetTips.responseSerialize(toTipFloorMessage(tips))
  const framed = Buffer.concat([Buffer.from([0]), Buffer.alloc(4), message])
  framed.writeUInt32BE(message.length, 1)

  const whole = createGrpcEngineClient(await startCuttingServer(t, framed))
  t.same(await whole.getTips(), tips, 'the tips that arrived, though no status followed them')
  await whole.close()

  // The length prefix promises more than follows: the message never arrives whole.
  const truncated = createGrpcEngineClient(await startCuttingServer(t, framed.subarray(0, 5 + Math.floor(message.length / 2))))
  const error = await truncated.getTips().then(
    () => undefined,
    (rejection: unknown) => rejection,
  )
  t.ok(isServiceError(error, 'engine_unavailable'), 'half a message is no answer: engine_unavailable', { got: String(error) })
  await truncated.close()
})
