/**
 * Localnet's Yellowstone-compatible gRPC server (`geyser.Geyser`): streams the chain's blocks,
 * slot statuses, account writes and landed transactions to Subscribe clients, keeps the last
 * slots' updates for `from_slot` replay, and answers the unary methods from the chain.
 */
import { Server, status, type sendUnaryData, type ServerDuplexStream, type ServerUnaryCall } from '@grpc/grpc-js'
import { bindGrpcServer } from '../../lib/grpc/bind-grpc-server.js'
import type { SubscribeRequest } from './yellowstone-messages.js'
import type { Logger } from '../../lib/logger.js'
import type { LocalChain } from '../chain.js'
import { fromChainEvent, type BufferedUpdate } from './geyser-update.js'
import { geyserServiceDefinition } from './geyser-service-definition.js'
import { createSubscribeStream, type SubscribeStream } from './subscribe-stream.js'
import { createUpdateRing } from './update-ring.js'

/** Slots of updates kept for `from_slot` (2 minutes at 400 ms slots). */
export const REPLAY_SLOTS = 300
/** Updates kept for `from_slot` at most, so memory stays bounded under heavy traffic. */
export const REPLAY_MAX_UPDATES = 200_000
const PING_INTERVAL_MS = 10_000
const MAX_QUEUED_MESSAGES = 100_000
/** Streams that do not end on their own are cut after this long when the server closes. */
const SHUTDOWN_GRACE_MS = 1_000

export type GeyserServer = {
  /** http://host:port, the endpoint a Yellowstone client connects to. */
  readonly url: string
  /** Ends every stream and stops listening. */
  close(): Promise<void>
}

export type GeyserServerOptions = {
  host: string
  /** 0 picks a free port. */
  port: number
  chain: LocalChain
  logger: Logger
  /** Overrides for tests. */
  pingIntervalMs?: number
  replaySlots?: number
}

type Unary<Req, Res> = (call: ServerUnaryCall<Req, Res>, callback: sendUnaryData<Res>) => void

function answer<Req, Res>(compute: (request: Req) => Res): Unary<Req, Res> {
  return (call, callback) => {
    try {
      callback(null, compute(call.request))
    } catch (error) {
      callback({ code: status.INTERNAL, details: error instanceof Error ? error.message : String(error) })
    }
  }
}

/** Starts the geyser server on host:port, fed by `chain`. */
export async function createGeyserServer(options: GeyserServerOptions): Promise<GeyserServer> {
  const { chain, logger } = options
  const ring = createUpdateRing({ maxSlots: options.replaySlots ?? REPLAY_SLOTS, maxUpdates: REPLAY_MAX_UPDATES })
  const senders = new Set<(entry: BufferedUpdate) => void>()
  const streams = new Set<SubscribeStream>()
  let writeVersion = 0n
  const nextWriteVersion = () => ++writeVersion

  // Always listening, even with no client: a client that reconnects with from_slot needs what
  // happened while it was away.
  const stopListening = chain.listen((event) => {
    for (const update of fromChainEvent(event, nextWriteVersion)) {
      const entry: BufferedUpdate = { update }
      ring.push(entry)
      for (const send of senders) send(entry)
    }
  })

  const version = JSON.stringify({ package: 'preflight-localnet', version: '0.1.0', proto: '@triton-one/yellowstone-grpc 7' })
  const server = new Server()
  server.addService(geyserServiceDefinition, {
    Subscribe(call: ServerDuplexStream<SubscribeRequest, Uint8Array>) {
      const stream = createSubscribeStream(call, {
        ring,
        getSlot: chain.getSlot,
        listen(send) {
          senders.add(send)
          return () => senders.delete(send)
        },
        pingIntervalMs: options.pingIntervalMs ?? PING_INTERVAL_MS,
        maxQueuedMessages: MAX_QUEUED_MESSAGES,
      })
      streams.add(stream)
      const forget = () => streams.delete(stream)
      call.on('close', forget)
      call.on('cancelled', forget)
      call.on('finish', forget)
    },
    SubscribeReplayInfo: answer(() => {
      const oldest = ring.getOldestSlot()
      return oldest === undefined ? {} : { firstAvailable: String(oldest) }
    }),
    Ping: answer((request: { count: number }) => ({ count: request.count })),
    // Unlike localnet's RPC state reads (README: State by commitment), these answer the newest block at every commitment.
    GetLatestBlockhash: answer(() => {
      const latest = chain.getLatestBlockhash()
      return { slot: String(latest.slot), blockhash: latest.blockhash, lastValidBlockHeight: String(latest.lastValidBlockHeight) }
    }),
    GetBlockHeight: answer(() => ({ blockHeight: String(chain.getBlockHeight()) })),
    GetSlot: answer(() => ({ slot: String(chain.getSlot()) })),
    IsBlockhashValid: answer((request: { blockhash: string }) => ({
      slot: String(chain.getSlot()),
      valid: chain.isBlockhashValid(request.blockhash),
    })),
    GetVersion: answer(() => ({ version })),
  })

  let port: number
  try {
    port = await bindGrpcServer(server, options.host, options.port)
  } catch (error) {
    stopListening()
    server.forceShutdown()
    throw error
  }
  const url = `http://${options.host}:${port}`
  logger.debug({ url }, 'geyser listening')

  return {
    url,
    async close() {
      stopListening()
      for (const stream of streams) stream.end()
      streams.clear()
      await new Promise<void>((resolve) => {
        const force = setTimeout(() => {
          server.forceShutdown()
          resolve()
        }, SHUTDOWN_GRACE_MS)
        force.unref()
        server.tryShutdown(() => {
          clearTimeout(force)
          resolve()
        })
      })
    },
  }
}
