/** The localnet's environment configuration, read once by main.ts through lib/config.ts. */
import { isAddress, type Address } from '@solana/kit'
import { ConfigError, type ConfigOf, type ConfigSchema } from '../lib/config.js'
import { LOG_FORMAT_FIELD } from '../lib/logger.js'
import { DEFAULT_LEADER_IDENTITY } from './chain/slot-leaders.js'

export const localnetConfigSchema = {
  host: { kind: 'string', env: 'LOCALNET_HOST', default: '127.0.0.1' },
  // 0 asks the OS for a free port, which tests use to run side by side.
  rpcPort: { kind: 'int', env: 'LOCALNET_RPC_PORT', default: 8899, min: 0, max: 65_535 },
  // The PubSub WebSocket; unset, the RPC port + 1 as Agave (8900), so web3.js and kit find it
  // where they derive it from the RPC URL (0 when the RPC port is 0). A string: "unset" must stay
  // distinguishable (toWsPort reads it).
  wsPort: { kind: 'optional-string', env: 'LOCALNET_WS_PORT' },
  // Yellowstone's own default port, so geyser clients find localnet where they expect a plugin.
  geyserPort: { kind: 'int', env: 'LOCALNET_GEYSER_PORT', default: 10_000, min: 0, max: 65_535 },
  // The bundle relay (Jito's block-engine JSON-RPC): 8902, off the RPC port + 1 (8900) that Solana
  // clients expect the PubSub WebSocket on. Transaction submissions (sendBundle, sendTransaction)
  // are limited to 1 a second, as mainnet's block engine limits a client's "txn requests" by
  // default; status reads and getTipAccounts to 5 a second (the block engine's published per-IP
  // default), so a client confirming a bundle can read its status right after sending it. 0 turns
  // a limit off.
  relayPort: { kind: 'int', env: 'LOCALNET_RELAY_PORT', default: 8902, min: 0, max: 65_535 },
  relayRateLimit: { kind: 'number', env: 'LOCALNET_RELAY_RATE_LIMIT', default: 1, min: 0, max: 1_000_000 },
  relayReadRateLimit: { kind: 'number', env: 'LOCALNET_RELAY_READ_RATE_LIMIT', default: 5, min: 0, max: 1_000_000 },
  // When set, every relay call must carry it in the x-jito-auth header, as an authorized UUID does on mainnet.
  relayAuth: { kind: 'optional-string', env: 'LOCALNET_RELAY_AUTH' },
  // Below 10 ms the timer would starve the RPC server of the event loop.
  slotMs: { kind: 'int', env: 'LOCALNET_SLOT_MS', default: 400, min: 10, max: 3_600_000 },
  accountsDir: { kind: 'optional-string', env: 'LOCALNET_ACCOUNTS_DIR' },
  programsDir: { kind: 'optional-string', env: 'LOCALNET_PROGRAMS_DIR' },
  // Integer seconds; a string so that "unset" (start at the wall clock) stays distinguishable.
  unixTime: { kind: 'optional-string', env: 'LOCALNET_UNIX_TIME' },
  demo: { kind: 'bool', env: 'LOCALNET_DEMO', default: true },
  // A keypair file (solana-keygen's format) created when missing and funded at every start: the
  // tip wallet an engine in another process or container pays managed tips with (its
  // TIP_WALLET_KEYPAIR names the same file). npm start funds its own under DATA_DIR instead.
  tipWalletKeypair: { kind: 'optional-string', env: 'LOCALNET_TIP_WALLET_KEYPAIR' },
  // Comma-separated base58 identities; each leads 4 slots in turn (getSlotLeader, getSlotLeaders).
  leaders: { kind: 'string', env: 'LOCALNET_LEADERS', default: DEFAULT_LEADER_IDENTITY },
  // Landed transactions kept for getTransaction / getSignaturesForAddress; 0 turns history off.
  transactionHistory: { kind: 'int', env: 'LOCALNET_TRANSACTION_HISTORY', default: 10_000, min: 0, max: 1_000_000 },
  // Recent blocks (one a slot, empty ones included) kept for getBlock / getBlocks / getBlockTime.
  blockHistory: { kind: 'int', env: 'LOCALNET_BLOCK_HISTORY', default: 4_096, min: 1, max: 1_000_000 },
  // Share of sendTransaction calls answered with their signature and then never landed, as a
  // congested leader drops them: what makes a sender's rebroadcast do its work (0: none, 1: all).
  dropRate: { kind: 'number', env: 'LOCALNET_DROP_RATE', default: 0, min: 0, max: 1 },
  // Slots after which a transaction's slot is finalized (mainnet roots ~32 slots behind the tip).
  // At most a blockhash's lifetime (150 blocks): a real cluster roots well within it.
  finalitySlots: { kind: 'int', env: 'LOCALNET_FINALITY_SLOTS', default: 32, min: 1, max: 150 },
  logFormat: LOG_FORMAT_FIELD,
  logLevel: {
    kind: 'string',
    env: 'LOG_LEVEL',
    default: 'info',
    oneOf: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
  },
} as const satisfies ConfigSchema

export type LocalnetConfig = ConfigOf<typeof localnetConfigSchema>

/** The clock's start in unix seconds from LOCALNET_UNIX_TIME, or undefined for the wall clock. */
export function toStartUnixTime(config: Pick<LocalnetConfig, 'unixTime'>): number | undefined {
  if (config.unixTime === undefined) return undefined
  const seconds = Number(config.unixTime)
  if (!Number.isSafeInteger(seconds) || seconds < 0) {
    throw new ConfigError('LOCALNET_UNIX_TIME', 'an integer number of seconds since 1970', config.unixTime)
  }
  return seconds
}

/** The leader identities of LOCALNET_LEADERS, in rotation order; throws ConfigError on a bad one. */
export function toLeaderIdentities(config: Pick<LocalnetConfig, 'leaders'>): Address[] {
  const leaders = config.leaders
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
  if (leaders.length === 0 || !leaders.every((leader) => isAddress(leader))) {
    throw new ConfigError('LOCALNET_LEADERS', 'a comma-separated list of base58 validator identities', config.leaders)
  }
  return leaders
}

/**
 * The PubSub WebSocket port: LOCALNET_WS_PORT, else the RPC port + 1 (Agave's rule, which clients
 * follow to find it), else 0 (a free port) when the RPC port is 0; throws ConfigError on a bad one.
 */
export function toWsPort(config: Pick<LocalnetConfig, 'wsPort' | 'rpcPort'>): number {
  if (config.wsPort === undefined) {
    if (config.rpcPort === 0) return 0
    if (config.rpcPort < 65_535) return config.rpcPort + 1
    throw new ConfigError('LOCALNET_WS_PORT', 'a port (0-65535); LOCALNET_RPC_PORT + 1 is past 65535', '(unset)')
  }
  const port = Number(config.wsPort)
  if (config.wsPort.trim() === '' || !Number.isSafeInteger(port) || port < 0 || port > 65_535) {
    throw new ConfigError('LOCALNET_WS_PORT', 'a port (0-65535; 0 picks a free one)', config.wsPort)
  }
  return port
}
