/**
 * The localnet: a LiteSVM chain seeded with the demo state, account dumps and programs, served
 * over Solana JSON-RPC and its PubSub WebSocket, a Yellowstone geyser gRPC stream and a
 * Jito-style bundle relay. What development, tests and benchmarks run against instead of mainnet.
 */
import { toListenError } from '../lib/listen-error.js'
import type { Logger } from '../lib/logger.js'
import { createLocalChain, type LocalChain } from './chain.js'
import { localnetConfigSchema, toLeaderIdentities, toStartUnixTime, toWsPort, type LocalnetConfig } from './config.js'
import { createGeyserServer, type GeyserServer } from './geyser/geyser-server.js'
import type { PubSubLimits } from './pubsub/pubsub-limits.js'
import { createPubSubServer } from './pubsub/pubsub-server.js'
import { createJsonRpcDispatcher } from './rpc/json-rpc-dispatcher.js'
import { createRpcMethods } from './rpc/rpc-methods.js'
import { DEFAULT_MAX_BODY_BYTES, createRpcServer } from './rpc/rpc-server.js'
import { createRelay, type RelayControl } from './relay/relay.js'
import { createSendIngress, type SendIngressControl } from './rpc/send-ingress.js'
import { loadAccountsDir } from './seed/accounts-dir.js'
import { seedDemoState } from './seed/demo-state.js'
import { seedNativeMints } from './seed/native-mints.js'
import { seedTipAccounts } from './seed/tip-accounts.js'
import { loadProgramsDir } from './seed/programs-dir.js'

export type Localnet = {
  /** http://host:port of the JSON-RPC server. */
  readonly rpcUrl: string
  /** http://host:port of the Yellowstone geyser gRPC server. */
  readonly geyserUrl: string
  readonly chain: LocalChain
  /**
   * sendTransaction as received: counts (received, dropped, landed) and the drop rate, which tests
   * may change at run time (`localnet.sends.setDropRate(1)`, then 0).
   */
  readonly sends: SendIngressControl
  /** ws://host:port of the Solana PubSub WebSocket (by default the RPC port + 1, as Agave). */
  readonly wsUrl: string
  /** http://host:port (no path) of the Jito-style bundle relay: /api/v1/bundles, /api/v1/transactions. */
  readonly relayUrl: string
  /** The relay as tests see it: calls per method, receive times of accepted calls and 429s, the rate limit. */
  readonly relay: RelayControl
  /** Stops the slot timer and the four servers (again: the same promise). */
  close(): Promise<void>
}

export type LocalnetOverrides = {
  /** false: slots advance only through chain.advanceSlot() (deterministic tests). */
  autoAdvance?: boolean
  /** Request body limit of the RPC server. */
  maxBodyBytes?: number
  /** Draws in [0, 1) that decide drops (default Math.random); a seeded one makes a partial rate repeatable. */
  dropRandom?: () => number
  /** The relay's clock (default Date.now): rate limit, receive times, 5-minute status ages. */
  relayNowMs?: () => number
  /** The PubSub server's bounds (tests make them small). */
  pubsubLimits?: Partial<PubSubLimits>
}

/** Starts a localnet: seeds the chain, then listens. */
export async function createLocalnet(config: LocalnetConfig, logger: Logger, overrides: LocalnetOverrides = {}): Promise<Localnet> {
  const startUnixTime = toStartUnixTime(config)
  const wsPort = toWsPort(config)
  const chain = createLocalChain({
    slotMs: config.slotMs,
    leaders: toLeaderIdentities(config),
    historyCapacity: config.transactionHistory,
    blockCapacity: config.blockHistory,
    finalitySlots: config.finalitySlots,
    ...(startUnixTime === undefined ? {} : { startUnixTime }),
    ...(overrides.autoAdvance === undefined ? {} : { autoAdvance: overrides.autoAdvance }),
  })
  const sends = createSendIngress({
    dropRate: config.dropRate,
    ...(overrides.dropRandom === undefined ? {} : { random: overrides.dropRandom }),
  })
  let geyser: GeyserServer | undefined
  try {
    // Before seeding, so that the seeded accounts are streamed (and kept for from_slot) too.
    geyser = await createGeyserServer({ host: config.host, port: config.geyserPort, chain, logger }).catch((error: unknown) => {
      throw toListenError(error, localnetConfigSchema.geyserPort.env, `${config.host}:${config.geyserPort}`)
    })
    // Genesis accounts of every cluster; account dumps loaded below may still overwrite them.
    seedNativeMints(chain)
    // The relay's tip accounts exist on every cluster Jito runs on, demo state or not.
    seedTipAccounts(chain)
    if (config.demo) seedDemoState(chain)
    if (config.accountsDir) {
      const count = await loadAccountsDir(config.accountsDir, chain)
      logger.info({ dir: config.accountsDir, count }, 'loaded account dumps')
    }
    if (config.programsDir) {
      const programs = await loadProgramsDir(config.programsDir, chain)
      logger.info({ dir: config.programsDir, programs }, 'loaded programs')
    }
    // This node's addresses for getClusterNodes, known once each server listens.
    const node: { rpc: string | null; pubsub: string | null } = { rpc: null, pubsub: null }
    const server = await createRpcServer({
      host: config.host,
      port: config.rpcPort,
      dispatcher: createJsonRpcDispatcher(
        createRpcMethods(chain, sends, () => node),
        logger,
      ),
      logger,
      ...(overrides.maxBodyBytes === undefined ? {} : { maxBodyBytes: overrides.maxBodyBytes }),
    }).catch((error: unknown) => {
      throw toListenError(error, localnetConfigSchema.rpcPort.env, `${config.host}:${config.rpcPort}`)
    })
    const relay = await createRelay({
      host: config.host,
      port: config.relayPort,
      rateLimit: config.relayRateLimit,
      readRateLimit: config.relayReadRateLimit,
      authToken: config.relayAuth,
      chain,
      sends,
      maxBodyBytes: overrides.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
      logger,
      ...(overrides.relayNowMs === undefined ? {} : { nowMs: overrides.relayNowMs }),
    }).catch(async (error: unknown) => {
      await server.close()
      throw toListenError(error, localnetConfigSchema.relayPort.env, `${config.host}:${config.relayPort}`)
    })
    const pubsub = await createPubSubServer({
      host: config.host,
      port: wsPort,
      chain,
      logger,
      ...(overrides.pubsubLimits === undefined ? {} : { limits: overrides.pubsubLimits }),
    }).catch(async (error: unknown) => {
      await Promise.all([server.close(), relay.close()])
      throw toListenError(error, localnetConfigSchema.wsPort.env, `${config.host}:${wsPort}`)
    })
    node.rpc = new URL(server.url).host
    node.pubsub = new URL(pubsub.url).host
    const geyserServer = geyser
    let closed: Promise<void> | undefined
    return {
      rpcUrl: server.url,
      geyserUrl: geyserServer.url,
      relayUrl: relay.url,
      wsUrl: pubsub.url,
      chain,
      sends: { setDropRate: sends.setDropRate, getDropRate: sends.getDropRate, getCounts: sends.getCounts },
      relay: relay.control,
      close() {
        // Idempotent: a test may close it early and again at teardown.
        closed ??= (async () => {
          chain.stop()
          await Promise.all([server.close(), geyserServer.close(), relay.close(), pubsub.close()])
        })()
        return closed
      },
    }
  } catch (err) {
    chain.stop()
    await geyser?.close()
    throw err
  }
}
