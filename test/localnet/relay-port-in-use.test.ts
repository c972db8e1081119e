// The relay's port taken: createLocalnet fails with the one-line error the RPC and geyser ports
// give (naming LOCALNET_RELAY_PORT), and releases the ports it had opened before it.
import { once } from 'node:events'
import { createServer } from 'node:net'
import t from 'tap'
import { readConfig } from '../../lib/config.js'
import { getFreePort } from '../../lib/free-port.js'
import { isListenError } from '../../lib/listen-error.js'
import { createLogger } from '../../lib/logger.js'
import { localnetConfigSchema } from '../../localnet/config.js'
import { createLocalnet } from '../../localnet/localnet.js'
import { isPortFree } from '../helpers/service-process.js'

t.test('LOCALNET_RELAY_PORT in use stops the start with a clear error; the RPC and geyser ports are released', async (t) => {
  const holder = createServer().listen(0, '127.0.0.1')
  await once(holder, 'listening')
  t.teardown(() => new Promise<void>((resolve) => holder.close(() => resolve())))
  const taken = (holder.address() as { port: number }).port
  const [rpcPort, geyserPort] = [await getFreePort(), await getFreePort()]
  const config = readConfig(localnetConfigSchema, {
    LOCALNET_RPC_PORT: String(rpcPort),
    LOCALNET_GEYSER_PORT: String(geyserPort),
    LOCALNET_RELAY_PORT: String(taken),
  })
  const failure = await createLocalnet(config, createLogger('localnet-test', 'silent'), { autoAdvance: false }).then(
    () => undefined,
    (error: unknown) => error,
  )
  t.ok(isListenError(failure), 'a ListenError')
  t.equal(
    (failure as Error).message,
    `LOCALNET_RELAY_PORT: cannot listen on 127.0.0.1:${taken}: the address is in use (EADDRINUSE); set LOCALNET_RELAY_PORT to a free port, or stop the process that holds it`,
  )
  t.ok(await isPortFree(rpcPort), 'the RPC port it had opened is released')
  t.ok(await isPortFree(geyserPort), 'the geyser port too')
})

t.test('localnet.relayUrl is http://host:port, and close() releases it', async (t) => {
  const relayPort = await getFreePort()
  const config = readConfig(localnetConfigSchema, {
    LOCALNET_RPC_PORT: '0',
    LOCALNET_GEYSER_PORT: '0',
    LOCALNET_RELAY_PORT: String(relayPort),
  })
  const localnet = await createLocalnet(config, createLogger('localnet-test', 'silent'), { autoAdvance: false })
  t.equal(localnet.relayUrl, `http://127.0.0.1:${relayPort}`)
  t.notOk(await isPortFree(relayPort), 'listening')
  await localnet.close()
  t.ok(await isPortFree(relayPort), 'released by close()')
})
