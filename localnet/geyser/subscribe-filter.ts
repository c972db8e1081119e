/**
 * One stream's filters, compiled from a `SubscribeRequest` with Yellowstone's semantics: every
 * named filter is independent, an update goes out when at least one matches and carries the
 * names of all that match; inside an account filter, `account`, `owner` and `filters` must all
 * hold (an empty list holds for everything); inside a transaction filter, `vote`, `failed`,
 * `signature`, `account_include` (any), `account_exclude` (none) and `account_required` (all).
 * The request's `commitment` only serves `filter_by_commitment` slot filters: accounts,
 * transactions and block metas go out as they happen whatever it is, where Yellowstone holds
 * them until their slot reaches it (see the localnet README).
 */
import { getBase58Encoder, isAddress } from '@solana/kit'
import {
  CommitmentLevel,
  SlotStatus,
  type SubscribeRequest,
  type SubscribeRequestFilterAccountsFilter,
  type SubscribeRequestFilterTransactions,
} from './yellowstone-messages.js'
import type { ChainAccountEvent, ChainTransactionEvent } from '../chain/chain-events.js'
import type { GeyserUpdate } from './geyser-update.js'

/** Thrown for a request the server refuses; the stream ends with INVALID_ARGUMENT. */
export class SubscribeFilterError extends Error {
  override readonly name = 'SubscribeFilterError'
}

export type DataSlice = { readonly offset: number; readonly length: number }

export type SubscribeFilter = {
  /** Names of the filters an update matches (empty: not for this stream). */
  getFilterNames(update: GeyserUpdate): string[]
  /** Names of the `transactions_status` filters a transaction update matches. */
  getStatusFilterNames(update: GeyserUpdate): string[]
  readonly dataSlices: readonly DataSlice[]
}

type AccountMatcher = (event: ChainAccountEvent) => boolean
type TransactionMatcher = (event: ChainTransactionEvent) => boolean

const base58 = getBase58Encoder()
const SLOT_STATUS_OF_COMMITMENT: Record<number, SlotStatus> = {
  [CommitmentLevel.PROCESSED]: SlotStatus.SLOT_PROCESSED,
  [CommitmentLevel.CONFIRMED]: SlotStatus.SLOT_CONFIRMED,
  [CommitmentLevel.FINALIZED]: SlotStatus.SLOT_FINALIZED,
}

function toAddressSet(list: readonly string[], where: string): Set<string> | null {
  for (const value of list) if (!isAddress(value)) throw new SubscribeFilterError(`${where}: invalid pubkey ${JSON.stringify(value)}`)
  return list.length === 0 ? null : new Set(list)
}

function toU64(value: string | undefined, where: string): bigint {
  try {
    return BigInt(value ?? '0')
  } catch {
    throw new SubscribeFilterError(`${where}: not a u64: ${JSON.stringify(value)}`)
  }
}

function toMemcmpBytes(memcmp: NonNullable<SubscribeRequestFilterAccountsFilter['memcmp']>, where: string): Uint8Array {
  if (memcmp.bytes) return memcmp.bytes
  if (memcmp.base64 !== undefined) return Buffer.from(memcmp.base64, 'base64')
  if (memcmp.base58 !== undefined) {
    try {
      return new Uint8Array(base58.encode(memcmp.base58))
    } catch {
      throw new SubscribeFilterError(`${where}: invalid base58`)
    }
  }
  throw new SubscribeFilterError(`${where}: memcmp without data`)
}

function toDataMatcher(filter: SubscribeRequestFilterAccountsFilter, where: string): AccountMatcher {
  if (filter.memcmp) {
    const offset = Number(toU64(filter.memcmp.offset, where))
    const bytes = toMemcmpBytes(filter.memcmp, where)
    return ({ account }) => {
      const data = account?.data
      if (!data || offset + bytes.length > data.length) return false
      for (let i = 0; i < bytes.length; i++) if (data[offset + i] !== bytes[i]) return false
      return true
    }
  }
  if (filter.datasize !== undefined) {
    const size = Number(toU64(filter.datasize, where))
    return ({ account }) => (account?.data.length ?? 0) === size
  }
  if (filter.lamports) {
    const { eq, ne, lt, gt } = filter.lamports
    const lamports = (event: ChainAccountEvent) => event.account?.lamports ?? 0n
    if (eq !== undefined) return (e) => lamports(e) === toU64(eq, where)
    if (ne !== undefined) return (e) => lamports(e) !== toU64(ne, where)
    if (lt !== undefined) return (e) => lamports(e) < toU64(lt, where)
    if (gt !== undefined) return (e) => lamports(e) > toU64(gt, where)
  }
  if (filter.tokenAccountState !== undefined) {
    // An SPL token account is 165 bytes with its state (0 = uninitialized) at byte 108.
    return ({ account }) => account !== null && account.data.length === 165 && account.data[108] !== 0
  }
  throw new SubscribeFilterError(`${where}: empty data filter`)
}

function toAccountMatcher(filter: SubscribeRequest['accounts'][string], where: string): AccountMatcher {
  if (!filter) return () => true
  if (filter.cuckooAccountsFilter) throw new SubscribeFilterError(`${where}: cuckoo filters are not supported by localnet`)
  const accounts = toAddressSet(filter.account, `${where}.account`)
  const owners = toAddressSet(filter.owner, `${where}.owner`)
  const data = filter.filters.map((f, i) => toDataMatcher(f, `${where}.filters[${i}]`))
  const nonempty = filter.nonemptyTxnSignature
  return (event) =>
    (!accounts || accounts.has(event.address)) &&
    (!owners || (event.account !== null && owners.has(event.account.owner))) &&
    (nonempty === undefined || (event.txnSignature !== null) === nonempty) &&
    data.every((match) => match(event))
}

function toTransactionMatcher(filter: SubscribeRequestFilterTransactions | undefined, where: string): TransactionMatcher {
  if (!filter) return () => true
  if (filter.cuckooAccountInclude) throw new SubscribeFilterError(`${where}: cuckoo filters are not supported by localnet`)
  if (filter.tokenAccounts !== undefined) throw new SubscribeFilterError(`${where}: token_accounts is not supported by localnet`)
  const include = toAddressSet(filter.accountInclude, `${where}.account_include`)
  const exclude = toAddressSet(filter.accountExclude, `${where}.account_exclude`)
  const required = toAddressSet(filter.accountRequired, `${where}.account_required`)
  const { vote, failed, signature } = filter
  return (event) => {
    // Localnet has no validators, so no vote transactions.
    if (vote === true) return false
    if (failed !== undefined && (event.err !== null) !== failed) return false
    if (signature !== undefined) {
      const first = event.message.signatures[0]
      if (!first || Buffer.compare(Buffer.from(base58.encode(signature)), first) !== 0) return false
    }
    const keys = event.accountKeys
    if (include && !keys.some((key) => include.has(key))) return false
    if (exclude && keys.some((key) => exclude.has(key))) return false
    if (required) {
      const present = new Set<string>(keys)
      for (const key of required) if (!present.has(key)) return false
    }
    return true
  }
}

function matching<E>(matchers: ReadonlyArray<readonly [string, (event: E) => boolean]>, event: E): string[] {
  const names: string[] = []
  for (const [name, match] of matchers) if (match(event)) names.push(name)
  return names
}

/** Compiles a request's filters; throws SubscribeFilterError for what localnet cannot honour. */
export function createSubscribeFilter(request: SubscribeRequest): SubscribeFilter {
  if (Object.keys(request.blocks).length > 0)
    throw new SubscribeFilterError('blocks filters are not supported by localnet (use blocks_meta)')
  if (Object.keys(request.entry).length > 0) throw new SubscribeFilterError('entry filters are not supported by localnet')
  const accounts = Object.entries(request.accounts).map(([name, f]) => [name, toAccountMatcher(f, `accounts.${name}`)] as const)
  const transactions = Object.entries(request.transactions).map(
    ([name, f]) => [name, toTransactionMatcher(f, `transactions.${name}`)] as const,
  )
  const statuses = Object.entries(request.transactionsStatus).map(
    ([name, f]) => [name, toTransactionMatcher(f, `transactions_status.${name}`)] as const,
  )
  const blocksMeta = Object.keys(request.blocksMeta)
  const commitmentStatus = SLOT_STATUS_OF_COMMITMENT[request.commitment ?? CommitmentLevel.PROCESSED]
  if (commitmentStatus === undefined) throw new SubscribeFilterError(`unknown commitment ${request.commitment}`)
  const slots = Object.entries(request.slots).map(
    ([name, f]) => [name, (status: SlotStatus) => !f?.filterByCommitment || status === commitmentStatus] as const,
  )
  const dataSlices = request.accountsDataSlice.map((slice, i) => ({
    offset: Number(toU64(slice.offset, `accounts_data_slice[${i}]`)),
    length: Number(toU64(slice.length, `accounts_data_slice[${i}]`)),
  }))
  return {
    dataSlices,
    getFilterNames(update) {
      switch (update.kind) {
        case 'slot':
          return matching(slots, update.status)
        case 'blockMeta':
          return blocksMeta
        case 'account':
          return matching(accounts, update.account)
        case 'transaction':
          return matching(transactions, update.transaction)
      }
    },
    getStatusFilterNames: (update) => (update.kind === 'transaction' ? matching(statuses, update.transaction) : []),
  }
}
