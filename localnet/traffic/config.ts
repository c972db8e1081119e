/** The traffic generator's environment configuration, read once by main.ts through lib/config.ts. */
import { ConfigError, type ConfigOf, type ConfigSchema } from '../../lib/config.js'
import type { TrafficMix } from './traffic-plan.js'

export const DEFAULT_LOCALNET_RPC_URL = 'http://127.0.0.1:8899'

export const trafficConfigSchema = {
  // optional-url validates the URL; the default is applied by getTrafficRpcUrl.
  rpcUrl: { kind: 'optional-url', env: 'LOCALNET_RPC_URL' },
  ratePerS: { kind: 'int', env: 'TRAFFIC_RATE', default: 20, min: 1, max: 10_000 },
  // A string so that "unset" (a random seed, logged) stays distinguishable from 0.
  seed: { kind: 'optional-string', env: 'TRAFFIC_SEED' },
  walletCount: { kind: 'int', env: 'TRAFFIC_WALLETS', default: 8, min: 2, max: 256 },
  maxInFlight: { kind: 'int', env: 'TRAFFIC_MAX_IN_FLIGHT', default: 64, min: 1, max: 10_000 },
  summaryMs: { kind: 'int', env: 'TRAFFIC_SUMMARY_MS', default: 5_000, min: 100, max: 3_600_000 },
  // "sol=50,token=36,failing=4,swap=10": relative weights; unnamed kinds keep their default.
  mix: { kind: 'optional-string', env: 'TRAFFIC_MIX' },
  logLevel: {
    kind: 'string',
    env: 'LOG_LEVEL',
    default: 'info',
    oneOf: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
  },
} as const satisfies ConfigSchema

export type TrafficConfig = ConfigOf<typeof trafficConfigSchema>

/** LOCALNET_RPC_URL or the default localnet. */
export function getTrafficRpcUrl(config: Pick<TrafficConfig, 'rpcUrl'>): string {
  return config.rpcUrl ?? DEFAULT_LOCALNET_RPC_URL
}

/** TRAFFIC_SEED as a 32-bit unsigned integer, or undefined for a random one. */
export function toTrafficSeed(config: Pick<TrafficConfig, 'seed'>): number | undefined {
  if (config.seed === undefined) return undefined
  const seed = Number(config.seed)
  if (!Number.isInteger(seed) || seed < 0 || seed >= 2 ** 32) {
    throw new ConfigError('TRAFFIC_SEED', 'an integer from 0 to 4294967295', config.seed)
  }
  return seed
}

const MIX_KEYS: Record<string, keyof TrafficMix> = {
  sol: 'solTransfer',
  token: 'tokenTransfer',
  failing: 'failing',
  swap: 'swap',
}

/** TRAFFIC_MIX as partial weights, or undefined for the default mix. */
export function toTrafficMix(config: Pick<TrafficConfig, 'mix'>): Partial<TrafficMix> | undefined {
  if (config.mix === undefined) return undefined
  const allowed = 'comma-separated kind=weight with kinds sol, token, failing, swap and weights ≥ 0'
  const mix: Partial<Record<keyof TrafficMix, number>> = {}
  for (const part of config.mix.split(',')) {
    const [name, weight, extra] = part.split('=').map((piece) => piece.trim())
    const key = name === undefined ? undefined : MIX_KEYS[name]
    const value = Number(weight)
    if (!key || extra !== undefined || weight === undefined || weight === '' || !Number.isFinite(value) || value < 0) {
      throw new ConfigError('TRAFFIC_MIX', allowed, config.mix)
    }
    mix[key] = value
  }
  return mix
}
