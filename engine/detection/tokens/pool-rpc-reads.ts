/**
 * The two JSON-RPC reads the pool index, holder concentration and LP-lock checks are built from:
 * `getMultipleAccounts` and `getProgramAccounts`, both base64 and sliced to the bytes a caller
 * reads. Cold path only (cache misses under a deadline), never the warm simulate path.
 */
import { STATE_READ_COMMITMENT } from '../../hot-path/state/read-commitment.js'
import type { JsonRpcClient } from '../../hot-path/rpc/json-rpc-client.js'

/** Agave's limit on getMultipleAccounts keys. */
const MAX_MULTIPLE_ACCOUNTS = 100

/** Bytes `offset .. offset + length` of an account's data (what the RPC's dataSlice returns). */
export interface DataSlice {
  offset: number
  length: number
}

/** An account as read: its program, and its data (sliced when a slice was asked for). */
export interface SlicedAccount {
  owner: string
  data: Uint8Array
  /** The full data length (`space`), whatever the slice. */
  space: number
}

export type ProgramAccountFilter = { dataSize: number } | { memcmp: { offset: number; bytes: string; encoding: 'base58' | 'base64' } }

interface RpcAccount {
  data: [string, string]
  owner: string
  space?: number
}

function toSlicedAccount(account: RpcAccount): SlicedAccount {
  const data = new Uint8Array(Buffer.from(account.data[0], 'base64'))
  return { owner: account.owner, data, space: account.space ?? data.length }
}

/** Accounts by address (null when absent), with the slot of the oldest batch read. */
export async function getAccountSlices(
  rpc: JsonRpcClient,
  addresses: readonly string[],
  slice: DataSlice | undefined,
  signal?: AbortSignal,
): Promise<{ slot: number; accounts: Array<SlicedAccount | null> }> {
  const batches: string[][] = []
  for (let i = 0; i < addresses.length; i += MAX_MULTIPLE_ACCOUNTS) batches.push(addresses.slice(i, i + MAX_MULTIPLE_ACCOUNTS))
  const config = { encoding: 'base64', commitment: STATE_READ_COMMITMENT, ...(slice ? { dataSlice: slice } : {}) }
  const answers = await Promise.all(
    batches.map((batch) =>
      rpc.call<{ context: { slot: number }; value: Array<RpcAccount | null> }>('getMultipleAccounts', [batch, config], signal),
    ),
  )
  return {
    slot: answers.reduce((min, answer) => Math.min(min, answer.context.slot), Number.MAX_SAFE_INTEGER),
    accounts: answers.flatMap((answer) => answer.value.map((account) => (account ? toSlicedAccount(account) : null))),
  }
}

/** The accounts of `programId` that pass every filter, with the slot they were read at. */
export async function getProgramAccountSlices(
  rpc: JsonRpcClient,
  programId: string,
  filters: readonly ProgramAccountFilter[],
  slice: DataSlice | undefined,
  signal?: AbortSignal,
): Promise<{ slot: number; accounts: Array<{ address: string; account: SlicedAccount }> }> {
  const config = {
    encoding: 'base64',
    commitment: STATE_READ_COMMITMENT,
    withContext: true,
    filters,
    ...(slice ? { dataSlice: slice } : {}),
  }
  const answer = await rpc.call<{ context: { slot: number }; value: Array<{ pubkey: string; account: RpcAccount }> }>(
    'getProgramAccounts',
    [programId, config],
    signal,
  )
  return {
    slot: answer.context.slot,
    accounts: answer.value.map(({ pubkey, account }) => ({ address: pubkey, account: toSlicedAccount(account) })),
  }
}

/** A little-endian u64 at `offset`. */
export function readU64(data: Uint8Array, offset: number): bigint {
  return new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(offset, true)
}
