/**
 * grpc.health.v1.Health on the engine's port, what Kubernetes' `grpc` readiness probe and load
 * balancers ask: SERVING while the engine's view of the chain is current, NOT_SERVING once it is
 * older than ENGINE_READY_MAX_STALE_MS (here the chain stops answering), with no credential.
 */
import { credentials, makeClientConstructor, status, type Client, type ServiceDefinition, type ServiceError } from '@grpc/grpc-js'
import { service as healthService } from 'grpc-health-check'
import t from 'tap'
import { startEngineServer } from '../../../engine/server.js'
import { checkGrpcHealth } from '../../../engine/grpc/health-probe.js'
import { getFreePort } from '../../../lib/free-port.js'
import { runNodeEntry } from '../../helpers/node-entry.js'
import { startStack } from '../../helpers/stack.js'

type HealthClient = Client & {
  Check(request: { service: string }, callback: (error: ServiceError | null, answer?: { status: string }) => void): void
}

const HealthClientConstructor = makeClientConstructor(healthService as unknown as ServiceDefinition, 'grpc.health.v1.Health')

function check(client: HealthClient, service: string): Promise<string> {
  return new Promise((resolve, reject) => {
    client.Check({ service }, (error, answer) => (error ? reject(error) : resolve(answer?.status ?? '')))
  })
}

t.test('the engine answers the standard health check from how current its chain view is', async (t) => {
  const stack = await startStack(t, { engineEnv: { ENGINE_READY_MAX_STALE_MS: '1000', CHAIN_POLL_MS: '100' } })
  const server = await startEngineServer(stack.engine, '127.0.0.1', 0)
  t.teardown(() => server.close())
  // No credentials of any kind: a kubelet's probe sends none.
  const client = new HealthClientConstructor(server.address, credentials.createInsecure()) as unknown as HealthClient
  t.teardown(() => client.close())

  t.equal(await check(client, ''), 'SERVING', 'the server as a whole: serving')
  t.equal(await checkGrpcHealth(server.address, 2_000), 'SERVING', "compose's probe reads the same")
  const probe = await runNodeEntry('engine/health-probe-main.ts', [server.address])
  t.same(probe, { code: 0, stdout: `${server.address} SERVING\n` }, 'the probe as a process: exit 0')
  t.equal(await check(client, 'preflight.engine.v1.Engine'), 'SERVING', 'the engine service by name: serving')
  await t.rejects(check(client, 'grpc.reflection.v1.ServerReflection'), { code: status.NOT_FOUND }, 'another service: NOT_FOUND')

  // The chain goes away: polls fail, the latest blockhash ages past the bound.
  await stack.localnet.close()
  const deadline = Date.now() + 10_000
  let answer = await check(client, '')
  while (answer === 'SERVING' && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200))
    answer = await check(client, '')
  }
  t.equal(answer, 'NOT_SERVING', 'a stale view of the chain: not serving')
  t.equal(stack.engine.isReady(), false, 'as the engine itself says')
  t.equal((await runNodeEntry('engine/health-probe-main.ts', [server.address])).code, 1, 'the probe as a process: exit 1')
  const closed = `127.0.0.1:${await getFreePort()}`
  t.equal(await checkGrpcHealth(closed, 500), 'UNREACHABLE', 'nothing listening: unreachable')
})
