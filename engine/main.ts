/** The engine process: `npm run start:engine`. Reads the environment, serves gRPC, drains on signals. */
import { readConfig } from '../lib/config.js'
import { createLogger } from '../lib/logger.js'
import { onShutdownSignal } from '../lib/shutdown.js'
import { engineConfigSchema } from './config.js'
import { createEngine } from './engine.js'
import { startEngineServer } from './server.js'

const config = readConfig(engineConfigSchema, process.env)
const logger = createLogger('engine', config.logLevel)
const engine = createEngine(config, logger)
await engine.start()
const server = await startEngineServer(engine, config.grpcHost, config.grpcPort)
logger.info({ grpc: server.address, rpc: config.rpcUrls }, 'engine serving')
onShutdownSignal(logger, async () => {
  await server.close()
  engine.stop()
})
