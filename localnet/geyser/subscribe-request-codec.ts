/**
 * Decodes a `SubscribeRequest` without losing filters that have no options. Rust clients
 * (prost) encode a map entry whose value is an empty message as the key alone — which is how
 * `slots: { client: {} }` or `blocks_meta: { client: {} }` travel — and the package's ts-proto
 * decoder drops such entries. This re-reads the top-level map fields and restores them.
 */
import {
  SubscribeRequest,
  SubscribeRequest_AccountsEntry,
  SubscribeRequest_BlocksEntry,
  SubscribeRequest_BlocksMetaEntry,
  SubscribeRequest_EntryEntry,
  SubscribeRequest_SlotsEntry,
  SubscribeRequest_TransactionsEntry,
  SubscribeRequest_TransactionsStatusEntry,
  SubscribeRequestFilterAccounts,
  SubscribeRequestFilterBlocks,
  SubscribeRequestFilterBlocksMeta,
  SubscribeRequestFilterEntry,
  SubscribeRequestFilterSlots,
  SubscribeRequestFilterTransactions,
} from './yellowstone-messages.js'

type MapField = {
  readonly name: 'accounts' | 'slots' | 'transactions' | 'transactionsStatus' | 'blocks' | 'blocksMeta' | 'entry'
  getKey(bytes: Uint8Array): string
  empty(): unknown
}

function field(
  name: MapField['name'],
  entry: { decode(b: Uint8Array): { key: string } },
  filter: { fromPartial(o: object): unknown },
): MapField {
  return { name, getKey: (bytes) => entry.decode(bytes).key, empty: () => filter.fromPartial({}) }
}

// Field numbers from geyser.proto.
const MAP_FIELDS = new Map<number, MapField>([
  [1, field('accounts', SubscribeRequest_AccountsEntry, SubscribeRequestFilterAccounts)],
  [2, field('slots', SubscribeRequest_SlotsEntry, SubscribeRequestFilterSlots)],
  [3, field('transactions', SubscribeRequest_TransactionsEntry, SubscribeRequestFilterTransactions)],
  [10, field('transactionsStatus', SubscribeRequest_TransactionsStatusEntry, SubscribeRequestFilterTransactions)],
  [4, field('blocks', SubscribeRequest_BlocksEntry, SubscribeRequestFilterBlocks)],
  [5, field('blocksMeta', SubscribeRequest_BlocksMetaEntry, SubscribeRequestFilterBlocksMeta)],
  [8, field('entry', SubscribeRequest_EntryEntry, SubscribeRequestFilterEntry)],
])

function readVarint(bytes: Uint8Array, at: { pos: number }): number {
  let value = 0
  let scale = 1
  for (;;) {
    const byte = bytes[at.pos++]
    if (byte === undefined) throw new RangeError('truncated varint')
    value += (byte & 0x7f) * scale
    if (byte < 0x80) return value
    scale *= 128
  }
}

/** Decodes a request as a prost client sent it, keeping option-less filters. */
export function decodeSubscribeRequest(bytes: Uint8Array): SubscribeRequest {
  const request = SubscribeRequest.decode(bytes)
  const at = { pos: 0 }
  while (at.pos < bytes.length) {
    const tag = readVarint(bytes, at)
    const wireType = tag & 7
    if (wireType === 0) readVarint(bytes, at)
    else if (wireType === 1) at.pos += 8
    else if (wireType === 5) at.pos += 4
    else if (wireType === 2) {
      const length = readVarint(bytes, at)
      const map = MAP_FIELDS.get(tag >>> 3)
      if (map) {
        const key = map.getKey(bytes.subarray(at.pos, at.pos + length))
        const target = request[map.name] as Record<string, unknown>
        if (!(key in target)) target[key] = map.empty()
      }
      at.pos += length
    } else throw new RangeError(`unsupported wire type ${wireType}`)
  }
  return request
}
