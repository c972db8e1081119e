/**
 * `npm run localnet:traffic`: lands a realistic transaction mix on a running localnet until
 * SIGINT/SIGTERM. The only traffic file that reads process.env.
 */
import { readConfig } from '../../lib/config.js'
import { createLogger } from '../../lib/logger.js'
import { onShutdownSignal } from '../../lib/shutdown.js'
import { getTrafficRpcUrl, toTrafficMix, toTrafficSeed, trafficConfigSchema } from './config.js'
import { createTrafficGenerator } from './traffic-generator.js'

const config = readConfig(trafficConfigSchema, process.env)
const seed = toTrafficSeed(config)
const mix = toTrafficMix(config)
const logger = createLogger('localnet-traffic', config.logLevel)
const generator = createTrafficGenerator({
  rpcUrl: getTrafficRpcUrl(config),
  ratePerS: config.ratePerS,
  logger,
  walletCount: config.walletCount,
  maxInFlight: config.maxInFlight,
  summaryMs: config.summaryMs,
  ...(seed === undefined ? {} : { seed }),
  ...(mix === undefined ? {} : { mix }),
})
onShutdownSignal(logger, () => generator.stop())

try {
  await generator.start()
} catch (error) {
  logger.error({ err: error, rpcUrl: getTrafficRpcUrl(config) }, 'traffic could not start (is localnet running?)')
  await generator.stop()
  process.exit(1)
}
