/**
 * The shapes a bundle relay answers with (Jito's block-engine JSON-RPC), read defensively: the
 * relay is a remote service, and an answer that is not what the method promises is treated as an
 * outage of that relay (`null` here, `relay_unavailable` in the client), never trusted further.
 * Field names move from the wire's snake_case to the engine's camelCase here, once.
 */
import { MAX_RELAY_BUNDLE_ID_LENGTH } from '../../../accounts/contract/tracking.js'
import { isBase58Signature } from '../../../lib/base58.js'

/** A bundle the relay has seen land (getBundleStatuses). */
export interface RelayBundleStatus {
  bundleId: string
  /** Base58 signatures of the bundle's transactions, in bundle order. */
  transactions: string[]
  slot: number
  /** processed | confirmed | finalized, as the relay reports it; null when it gave none. */
  confirmationStatus: string | null
  /** The relay's error object (`{Ok: null}` when the bundle succeeded), passed on as received when tracking can store it. */
  err: unknown
}

export const RELAY_INFLIGHT_STATES = ['Invalid', 'Pending', 'Failed', 'Landed'] as const
export type RelayInflightState = (typeof RELAY_INFLIGHT_STATES)[number]

/** Where a recently sent bundle stands (getInflightBundleStatuses: the last 5 minutes). */
export interface RelayInflightStatus {
  bundleId: string
  status: RelayInflightState
  landedSlot: number | null
}

type Json = Record<string, unknown>

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isSlot(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string')
}

/** Base58 of 32 bytes is 32 to 44 characters of the Bitcoin alphabet. */
const ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

/** A transaction error's JSON is tens of characters (`{"InstructionError":[0,{"Custom":1}]}`). */
const MAX_ERROR_JSON_LENGTH = 2_000
/** What PostgreSQL's jsonb refuses in a string: `\u0000`, and an escaped lone surrogate (JSON.stringify's only escapes of those). */
const UNSTORABLE_ESCAPE = /(^|[^\\])(\\\\)*\\u(0000|d[89a-f][0-9a-f]{2})/i

/**
 * Whether a bundle's `err` can be passed on: tracking stores it as jsonb, so a megabyte of JSON or
 * a string jsonb refuses would fail the write that marks the bundle dropped.
 */
function isStorableError(err: unknown): boolean {
  if (err === null || err === undefined) return true
  let text: string | undefined
  try {
    text = JSON.stringify(err)
  } catch {
    return false
  }
  return text !== undefined && text.length <= MAX_ERROR_JSON_LENGTH && !UNSTORABLE_ESCAPE.test(text)
}

/** `{context: {slot}, value: [...]}`'s value (null value: nothing found), or undefined when the shape is wrong. */
function getContextValue(result: unknown): unknown[] | null | undefined {
  if (!isObject(result) || !isObject(result.context) || !isSlot(result.context.slot)) return undefined
  if (result.value === null) return null
  return Array.isArray(result.value) ? result.value : undefined
}

/**
 * A bundle id: 1 to MAX_RELAY_BUNDLE_ID_LENGTH printable ASCII characters, no space (Jito's are 64
 * hex characters; a uuid fits too). It is answered to the caller, tracked, polled for and kept in
 * history: an id with a control character, or a megabyte long, is the relay answering out of
 * contract, and would have been refused by the store after the bundle left.
 */
const BUNDLE_ID = new RegExp(`^[\\x21-\\x7e]{1,${MAX_RELAY_BUNDLE_ID_LENGTH}}$`)

/** A bundle id (sendBundle's result, sendTransaction's x-bundle-id header); null when it is not one. */
export function readBundleId(result: unknown): string | null {
  return typeof result === 'string' && BUNDLE_ID.test(result) ? result : null
}

/** sendTransaction's signature, base58; null when it is not one. */
export function readSignatureResult(result: unknown): string | null {
  return isBase58Signature(result) ? result : null
}

/** getTipAccounts' list of base58 addresses; null unless it is a non-empty list of addresses. */
export function readTipAccounts(result: unknown): string[] | null {
  if (!isStringArray(result) || result.length === 0) return null
  return result.every((address) => ADDRESS.test(address)) ? result : null
}

/** getBundleStatuses' entries in the order of `ids` (an id the relay did not list: null); null when the shape is wrong. */
export function readBundleStatuses(result: unknown, ids: readonly string[]): Array<RelayBundleStatus | null> | null {
  const value = getContextValue(result)
  if (value === undefined) return null
  const byId = new Map<string, RelayBundleStatus>()
  for (const entry of value ?? []) {
    if (entry === null) continue
    if (!isObject(entry) || typeof entry.bundle_id !== 'string' || !isStringArray(entry.transactions) || !isSlot(entry.slot)) return null
    const confirmation = entry.confirmation_status
    if (confirmation !== null && confirmation !== undefined && typeof confirmation !== 'string') return null
    if (!isStorableError(entry.err)) return null
    byId.set(entry.bundle_id, {
      bundleId: entry.bundle_id,
      transactions: entry.transactions,
      slot: entry.slot,
      confirmationStatus: confirmation ?? null,
      err: entry.err ?? null,
    })
  }
  return ids.map((id) => byId.get(id) ?? null)
}

/** getInflightBundleStatuses' entries as listed; null when the shape is wrong. */
export function readInflightStatuses(result: unknown): RelayInflightStatus[] | null {
  const value = getContextValue(result)
  if (value === undefined) return null
  const statuses: RelayInflightStatus[] = []
  for (const entry of value ?? []) {
    if (!isObject(entry) || typeof entry.bundle_id !== 'string') return null
    const status = entry.status
    if (typeof status !== 'string' || !(RELAY_INFLIGHT_STATES as readonly string[]).includes(status)) return null
    const landedSlot = entry.landed_slot ?? null
    if (landedSlot !== null && !isSlot(landedSlot)) return null
    statuses.push({ bundleId: entry.bundle_id, status: status as RelayInflightState, landedSlot })
  }
  return statuses
}
