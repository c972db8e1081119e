/**
 * A mint's largest token accounts with who owns them, in three JSON-RPC round trips:
 * `getTokenLargestAccounts` (the 20 largest, as Agave answers), one `getMultipleAccounts` of the
 * mint and those accounts (40 bytes each: a mint's supply/decimals/initialized flag and a token
 * account's owner/amount both sit in bytes 32..72), and one of their distinct owners (8 bytes:
 * the program that owns each owner account and its discriminator, which tell a pool or a locker
 * from a wallet; see holder-owner-kinds.ts). Cold path only.
 */
import { STATE_READ_COMMITMENT } from '../../hot-path/state/read-commitment.js'
import { toBase58 } from '../../../lib/base58.js'
import type { JsonRpcClient } from '../../hot-path/rpc/json-rpc-client.js'
import { getAccountSlices, readU64 } from './pool-rpc-reads.js'

/** Bytes 32..72: the mint's supply (36), decimals (44) and is_initialized (45); a token account's owner (32) and amount (64). */
const HOLDER_SLICE = { offset: 32, length: 40 }
const OWNER_TAG_SLICE = { offset: 0, length: 8 }

export interface LargestHolder {
  /** The token account. */
  account: string
  /** Its authority (the token account's owner field). */
  owner: string
  amount: bigint
  /** The program owning the owner's own account; null when no account exists at that address (a wallet never used, or a PDA). */
  ownerProgram: string | null
  /** The first 8 bytes of the owner account's data (an Anchor discriminator), null without data. */
  ownerTag: Uint8Array | null
}

export interface LargestHolders {
  mint: string
  supply: bigint
  decimals: number
  /** Largest first; at most 20 (what getTokenLargestAccounts returns). */
  holders: LargestHolder[]
  /** The oldest slot among the reads. */
  slot: number
}

interface LargestAccountsAnswer {
  context: { slot: number }
  value: Array<{ address: string; amount: string }>
}

/** The largest holders of `mint` and their owners; rejects when the mint does not exist. */
export async function getLargestHolders(rpc: JsonRpcClient, mint: string, signal?: AbortSignal): Promise<LargestHolders> {
  const largest = await rpc.call<LargestAccountsAnswer>('getTokenLargestAccounts', [mint, { commitment: STATE_READ_COMMITMENT }], signal)
  const accounts = largest.value.map((entry) => entry.address)
  const read = await getAccountSlices(rpc, [mint, ...accounts], HOLDER_SLICE, signal)
  const mintSlice = read.accounts[0]
  if (!mintSlice || mintSlice.data.length < 14 || mintSlice.data[13] !== 1) throw new Error(`not an initialized mint: ${mint}`)
  const supply = readU64(mintSlice.data, 36 - HOLDER_SLICE.offset)
  const decimals = mintSlice.data[44 - HOLDER_SLICE.offset] as number

  const tokenAccounts: Array<{ account: string; owner: string; amount: bigint }> = []
  accounts.forEach((account, i) => {
    const slice = read.accounts[i + 1]
    // Closed between the two reads: nothing to count.
    if (!slice || slice.data.length < HOLDER_SLICE.length) return
    const owner = toBase58(slice.data.subarray(0, 32))
    tokenAccounts.push({ account, owner, amount: readU64(slice.data, 64 - HOLDER_SLICE.offset) })
  })

  const owners = [...new Set(tokenAccounts.map((entry) => entry.owner))]
  const ownerRead = owners.length > 0 ? await getAccountSlices(rpc, owners, OWNER_TAG_SLICE, signal) : { slot: read.slot, accounts: [] }
  const ownerInfo = new Map(owners.map((owner, i) => [owner, ownerRead.accounts[i] ?? null]))

  const holders = tokenAccounts
    .map((entry): LargestHolder => {
      const info = ownerInfo.get(entry.owner) ?? null
      return {
        ...entry,
        ownerProgram: info?.owner ?? null,
        ownerTag: info && info.data.length > 0 ? info.data : null,
      }
    })
    .sort((a, b) => (a.amount === b.amount ? 0 : a.amount > b.amount ? -1 : 1))
  return { mint, supply, decimals, holders, slot: Math.min(largest.context.slot, read.slot, ownerRead.slot) }
}
