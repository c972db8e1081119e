/**
 * The params of each subscribe method, read as Agave's rpc_pubsub.rs reads them, with its
 * messages: a bad key or signature is "Invalid Request: Invalid <thing> provided" (-32602), a
 * config of the wrong shape is serde's "Invalid params: ...". The default commitment is
 * `finalized` (CommitmentConfig's default); the default account encoding is legacy binary.
 */
import type { Address } from '@solana/kit'
import { getBase58Encoder } from '@solana/kit'
import type { CommitmentStatus } from '../chain/slot-commitment.js'
import { isKnownCommitment } from '../rpc/commitment.js'
import { createInvalidParamsError } from '../rpc/json-rpc-error.js'
import { getBooleanOption, requireParam, toConfigParam, toProgramAccountFilters, type RpcConfig } from '../rpc/params.js'
import { getAccountEncoding, getDataSlice } from '../rpc/ui-account.js'
import type {
  AccountSubscriptionSpec,
  LogsSubscriptionSpec,
  ProgramSubscriptionSpec,
  PubSubAccountEncoding,
  SignatureSubscriptionSpec,
} from './subscription.js'

const base58 = getBase58Encoder()

function toStringParam(value: unknown): string {
  if (typeof value !== 'string')
    throw createInvalidParamsError(`Invalid params: invalid type: ${JSON.stringify(value) ?? 'null'}, expected a string.`)
  return value
}

/** Agave's `param::<T>(text, thing)`: a base58 key of `size` bytes, else "Invalid Request: Invalid <thing> provided". */
function toKey(value: unknown, size: number, thing: string): string {
  const text = toStringParam(value)
  let bytes: Uint8Array | undefined
  try {
    bytes = text.length <= 88 ? (base58.encode(text) as Uint8Array) : undefined
  } catch {
    bytes = undefined
  }
  if (bytes?.length !== size) throw createInvalidParamsError(`Invalid Request: Invalid ${thing} provided`)
  return text
}

function getCommitment(config: RpcConfig): CommitmentStatus {
  const commitment = config.commitment
  if (!isKnownCommitment(commitment)) {
    throw createInvalidParamsError(
      `Invalid params: unknown variant \`${String(commitment)}\`, expected one of \`processed\`, \`confirmed\`, \`finalized\`.`,
    )
  }
  return (commitment ?? 'finalized') as CommitmentStatus
}

function getEncoding(config: RpcConfig): PubSubAccountEncoding {
  return config.encoding === 'jsonParsed' ? 'jsonParsed' : getAccountEncoding(config)
}

/** accountSubscribe(pubkey, {commitment, encoding, dataSlice}). */
export function toAccountSubscription(params: readonly unknown[]): AccountSubscriptionSpec {
  const address = toKey(requireParam(params, 0, 'a pubkey'), 32, 'pubkey') as Address
  const config = toConfigParam(params[1])
  return { kind: 'account', address, commitment: getCommitment(config), encoding: getEncoding(config), slice: getDataSlice(config) }
}

/** programSubscribe(programId, {commitment, encoding, dataSlice, filters}): getProgramAccounts' filters. */
export function toProgramSubscription(params: readonly unknown[]): ProgramSubscriptionSpec {
  const program = toKey(requireParam(params, 0, 'a program id'), 32, 'pubkey') as Address
  const config = toConfigParam(params[1])
  const filters = toProgramAccountFilters(config.filters)
  return {
    kind: 'program',
    program,
    commitment: getCommitment(config),
    encoding: getEncoding(config),
    slice: getDataSlice(config),
    filters,
  }
}

/** signatureSubscribe(signature, {commitment, enableReceivedNotification}). */
export function toSignatureSubscription(params: readonly unknown[]): SignatureSubscriptionSpec {
  const signature = toKey(requireParam(params, 0, 'a signature'), 64, 'signature')
  const config = toConfigParam(params[1])
  return {
    kind: 'signature',
    signature,
    commitment: getCommitment(config),
    receivedNotification: getBooleanOption(config, 'enableReceivedNotification', false),
  }
}

/** logsSubscribe("all" | "allWithVotes" | {mentions: [address]}, {commitment}). */
export function toLogsSubscription(params: readonly unknown[]): LogsSubscriptionSpec {
  const filter = requireParam(params, 0, 'a logs filter')
  const commitment = getCommitment(toConfigParam(params[1]))
  if (filter === 'all' || filter === 'allWithVotes')
    return { kind: 'logs', filter: { kind: 'all', votes: filter === 'allWithVotes' }, commitment }
  const mentions =
    typeof filter === 'object' && filter !== null && !Array.isArray(filter) ? (filter as Record<string, unknown>).mentions : undefined
  if (!Array.isArray(mentions)) {
    const variant = typeof filter === 'string' ? filter : JSON.stringify(filter)
    throw createInvalidParamsError(
      `Invalid params: unknown variant \`${variant}\`, expected one of \`all\`, \`allWithVotes\`, \`mentions\`.`,
    )
  }
  // Agave serves one address per subscription.
  if (mentions.length !== 1) throw createInvalidParamsError('Invalid Request: Only 1 address supported')
  return { kind: 'logs', filter: { kind: 'mentions', address: toKey(mentions[0], 32, 'mentions') as Address }, commitment }
}

/** An unsubscribe's subscription id (a u64). */
export function toSubscriptionId(params: readonly unknown[]): number {
  const id = requireParam(params, 0, 'a subscription id')
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 0) {
    throw createInvalidParamsError(`Invalid params: invalid type: ${JSON.stringify(id) ?? 'null'}, expected u64.`)
  }
  return id
}
