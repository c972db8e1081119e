/**
 * One `Subscribe` stream. Yellowstone semantics: nothing is sent until the client's first
 * request; each later request replaces the stream's filters (a request carrying `ping` is only
 * answered with a pong and changes nothing); `from_slot` first replays the kept updates from that
 * slot through the new filters. A client that half-closes keeps receiving. A client that reads
 * slower than updates arrive is cut off (RESOURCE_EXHAUSTED) instead of buffering without bound.
 */
import { Metadata, status, type ServerDuplexStream } from '@grpc/grpc-js'
import { SubscribeUpdate, type SubscribeRequest } from './yellowstone-messages.js'
import type { BufferedUpdate } from './geyser-update.js'
import { createSubscribeFilter, SubscribeFilterError, type DataSlice, type SubscribeFilter } from './subscribe-filter.js'
import { toUpdateMessage } from './update-message.js'
import type { UpdateRing } from './update-ring.js'

export type SubscribeStreamOptions = {
  readonly ring: UpdateRing
  /** Registers for live updates; returns the function that stops them. */
  listen(send: (entry: BufferedUpdate) => void): () => void
  /** The chain's current slot: a `from_slot` at or after it needs nothing kept. */
  getSlot(): bigint
  /** Server pings keep idle streams alive through proxies (Yellowstone sends one every 10 s). */
  pingIntervalMs: number
  /** Messages queued for a slow client before it is cut off. */
  maxQueuedMessages: number
}

export type SubscribeStream = {
  /** Ends the stream with OK (server shutdown). */
  end(): void
}

function getMessage(entry: BufferedUpdate): SubscribeUpdate {
  entry.message ??= toUpdateMessage(entry.update)
  return entry.message
}

function getBytes(entry: BufferedUpdate): Uint8Array {
  entry.bytes ??= SubscribeUpdate.encode(getMessage(entry)).finish()
  return entry.bytes
}

function toSlicedData(data: Uint8Array, slices: readonly DataSlice[]): Uint8Array {
  return Buffer.concat(slices.map(({ offset, length }) => data.subarray(offset, offset + length)))
}

function encode(message: Partial<SubscribeUpdate>): Uint8Array {
  return SubscribeUpdate.encode(SubscribeUpdate.fromPartial(message)).finish()
}

/** Serves one Subscribe call until the client goes or `end()` is called. */
export function createSubscribeStream(
  call: ServerDuplexStream<SubscribeRequest, Uint8Array>,
  options: SubscribeStreamOptions,
): SubscribeStream {
  let filter: SubscribeFilter | null = null
  let closed = false
  // Encoded `filters` fields by filter-name list: protobuf lets the field come before the rest,
  // so an update encoded once serves every stream with only this prefix differing.
  const prefixes = new Map<string, Uint8Array>()

  function getPrefix(names: string[]): Uint8Array {
    const key = names.join('\0')
    let prefix = prefixes.get(key)
    if (!prefix) {
      prefix = encode({ filters: names })
      if (prefixes.size < 1024) prefixes.set(key, prefix)
    }
    return prefix
  }

  function write(bytes: Uint8Array): void {
    if (closed) return
    if (call.writableLength >= options.maxQueuedMessages) {
      fail(status.RESOURCE_EXHAUSTED, `client lagged: more than ${options.maxQueuedMessages} updates unread`)
      return
    }
    call.write(bytes)
  }

  function send(entry: BufferedUpdate): void {
    if (!filter) return
    const update = entry.update
    const names = filter.getFilterNames(update)
    if (names.length > 0) {
      if (update.kind === 'account' && filter.dataSlices.length > 0) {
        const message = getMessage(entry)
        const account = message.account?.account
        if (account) {
          const sliced = { ...account, data: toSlicedData(account.data, filter.dataSlices) }
          write(encode({ ...message, filters: names, account: { ...message.account!, account: sliced } }))
        }
      } else {
        write(Buffer.concat([getPrefix(names), getBytes(entry)]))
      }
    }
    const statusNames = filter.getStatusFilterNames(update)
    if (statusNames.length > 0 && update.kind === 'transaction') {
      const info = getMessage(entry).transaction?.transaction
      write(
        encode({
          filters: statusNames,
          createdAt: new Date(),
          transactionStatus: {
            slot: String(update.slot),
            signature: info?.signature ?? new Uint8Array(64),
            isVote: false,
            index: info?.index ?? '0',
            err: info?.meta?.err,
          },
        }),
      )
    }
  }

  function onRequest(request: SubscribeRequest): void {
    if (closed) return
    if (request.ping) {
      write(encode({ filters: [], createdAt: new Date(), pong: { id: request.ping.id } }))
      return
    }
    let next: SubscribeFilter
    try {
      next = createSubscribeFilter(request)
    } catch (error) {
      if (!(error instanceof SubscribeFilterError)) throw error
      fail(status.INVALID_ARGUMENT, `failed to create filter: ${error.message}`)
      return
    }
    let replay: BufferedUpdate[] = []
    if (request.fromSlot !== undefined) {
      const from = BigInt(request.fromSlot)
      const oldest = options.ring.getOldestSlot() ?? options.getSlot() + 1n
      if (from < oldest && from <= options.getSlot()) {
        fail(status.INVALID_ARGUMENT, `from_slot ${from} is not available, the oldest available slot is ${oldest}`)
        return
      }
      replay = options.ring.getFrom(from)
    }
    filter = next
    for (const entry of replay) send(entry)
  }

  function fail(code: status, details: string): void {
    if (closed) return
    cleanup()
    call.emit('error', { code, details })
  }

  const stopListening = options.listen(send)
  const pinger = setInterval(() => write(encode({ filters: [], createdAt: new Date(), ping: {} })), options.pingIntervalMs)
  pinger.unref()

  function cleanup(): void {
    closed = true
    stopListening()
    clearInterval(pinger)
  }

  // Response headers at once, as a tonic server sends them: the Rust client waits for them
  // before it sends the request it was given.
  call.sendMetadata(new Metadata())
  call.on('data', onRequest)
  call.on('cancelled', cleanup)
  call.on('error', () => cleanup())
  call.on('close', cleanup)

  return {
    end() {
      if (closed) return
      cleanup()
      call.end()
    },
  }
}
