/**
 * Reading JSON-RPC params the way Agave does, with its error messages: a bad address answers
 * -32602 "Invalid param: WrongSize" or "Invalid param: Invalid" (the Debug form of its parse error),
 * a value of the wrong type "Invalid params: invalid type: ...".
 */
import { getBase58Encoder, type Address } from '@solana/kit'
import { JSON_RPC_MIN_CONTEXT_SLOT_NOT_REACHED, createInvalidParamsError, createJsonRpcError } from './json-rpc-error.js'

export type RpcConfig = Readonly<Record<string, unknown>>

const base58 = getBase58Encoder()

function describe(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'sequence'
  if (typeof value === 'object') return 'map'
  return `${typeof value} ${JSON.stringify(value)}`
}

function decodeBase58Param(value: unknown, size: number, maxChars: number): Uint8Array {
  if (typeof value !== 'string') throw createInvalidParamsError(`Invalid params: invalid type: ${describe(value)}, expected a string.`)
  if (value.length > maxChars) throw createInvalidParamsError('Invalid param: WrongSize')
  let bytes: Uint8Array
  try {
    bytes = base58.encode(value) as Uint8Array
  } catch {
    throw createInvalidParamsError('Invalid param: Invalid')
  }
  if (bytes.length !== size) throw createInvalidParamsError('Invalid param: WrongSize')
  return bytes
}

/** The params array (absent params read as []). */
export function getParams(params: unknown): readonly unknown[] {
  if (params === undefined || params === null) return []
  if (!Array.isArray(params)) throw createInvalidParamsError('Invalid params: expected an array of parameters.')
  return params
}

/** A base58 32-byte address (pubkey) param. */
export function toAddressParam(value: unknown): Address {
  decodeBase58Param(value, 32, 44)
  return value as Address
}

/** A base58 32-byte hash (blockhash) param. */
export function toHashParam(value: unknown): string {
  decodeBase58Param(value, 32, 44)
  return value as string
}

/** A base58 64-byte signature param. */
export function toSignatureParam(value: unknown): string {
  decodeBase58Param(value, 64, 88)
  return value as string
}

/** A required param that must be present. */
export function requireParam(params: readonly unknown[], index: number, expected: string): unknown {
  if (params.length <= index) {
    throw createInvalidParamsError(`Invalid params: invalid length ${params.length}, expected ${expected}.`)
  }
  return params[index]
}

/** An array param of at most `max` items (Agave: "Too many inputs provided; max N"). */
export function toArrayParam(value: unknown, max: number): readonly unknown[] {
  if (!Array.isArray(value)) throw createInvalidParamsError(`Invalid params: invalid type: ${describe(value)}, expected a sequence.`)
  if (value.length > max) throw createInvalidParamsError(`Too many inputs provided; max ${max}`)
  return value
}

/** An optional config object param; absent or null reads as {}. */
export function toConfigParam(value: unknown): RpcConfig {
  if (value === undefined || value === null) return {}
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw createInvalidParamsError(`Invalid params: invalid type: ${describe(value)}, expected a map.`)
  }
  return value as RpcConfig
}

/** A u64 param given as a JSON number. */
export function toU64Param(value: unknown): bigint {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw createInvalidParamsError(`Invalid params: invalid type: ${describe(value)}, expected u64.`)
  }
  return BigInt(value)
}

/** An optional boolean config field. */
export function getBooleanOption(config: RpcConfig, key: string, fallback: boolean): boolean {
  const value = config[key]
  if (value === undefined || value === null) return fallback
  if (typeof value !== 'boolean') throw createInvalidParamsError(`Invalid params: invalid type: ${describe(value)}, expected a boolean.`)
  return value
}

/** An optional string config field. */
export function getStringOption(config: RpcConfig, key: string): string | undefined {
  const value = config[key]
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string') throw createInvalidParamsError(`Invalid params: invalid type: ${describe(value)}, expected a string.`)
  return value
}

/** Agave refuses to answer from a slot older than the client's minContextSlot. */
export function assertMinContextSlot(config: RpcConfig, slot: bigint): void {
  const min = config.minContextSlot
  if (min === undefined || min === null) return
  if (typeof min !== 'number' || !Number.isInteger(min) || min < 0) {
    throw createInvalidParamsError(`Invalid params: invalid type: ${describe(min)}, expected u64.`)
  }
  if (BigInt(min) > slot) {
    throw createJsonRpcError(JSON_RPC_MIN_CONTEXT_SLOT_NOT_REACHED, 'Minimum context slot has not been reached', {
      contextSlot: slot,
    })
  }
}

/**
 * getProgramAccounts filters, as Agave reads and checks them (anza-xyz/agave
 * rpc-client-api/src/filter.rs and rpc/src/rpc.rs `verify_filters`): at most 4 filters;
 * `{dataSize}`, `{memcmp: {offset, bytes, encoding?}}` (base58 by default, base64, or a raw byte
 * array) and `"tokenAccountState"`; memcmp bytes at most 128 once decoded (175 base58 / 172 base64
 * characters before), else "Invalid param: DataTooLarge".
 */
export type ProgramAccountFilter =
  | { readonly kind: 'dataSize'; readonly size: number }
  | { readonly kind: 'memcmp'; readonly offset: number; readonly bytes: Uint8Array }
  | { readonly kind: 'tokenAccountState' }

const MAX_PROGRAM_ACCOUNT_FILTERS = 4
const MAX_FILTER_DATA_BYTES = 128
const MAX_FILTER_BASE58_CHARS = 175
const MAX_FILTER_BASE64_CHARS = 172
const FILTER_VARIANTS = '`dataSize`, `memcmp`, `tokenAccountState`'
const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

type EncodedMemcmp = { offset: number; encoding: 'base58' | 'base64' | 'bytes'; bytes: string | number[] }

function toUsize(value: unknown, expected: string): number {
  if (value === undefined) throw createInvalidParamsError(`Invalid params: missing field \`${expected}\`.`)
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw createInvalidParamsError(`Invalid params: invalid type: ${describe(value)}, expected usize.`)
  }
  return value
}

function toEncodedMemcmp(value: unknown): EncodedMemcmp {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw createInvalidParamsError(`Invalid params: invalid type: ${describe(value)}, expected struct Memcmp.`)
  }
  const { offset, bytes, encoding } = value as Record<string, unknown>
  const at = toUsize(offset, 'offset')
  if (bytes === undefined) throw createInvalidParamsError('Invalid params: missing field `bytes`.')
  if (encoding !== undefined && encoding !== null && encoding !== 'base58' && encoding !== 'base64' && encoding !== 'bytes') {
    throw createInvalidParamsError(
      `Invalid params: unknown variant \`${typeof encoding === 'string' ? encoding : JSON.stringify(encoding)}\`, expected one of \`base58\`, \`base64\`, \`bytes\`.`,
    )
  }
  if (Array.isArray(bytes)) {
    if (!bytes.every((b) => Number.isInteger(b) && b >= 0 && b <= 255)) {
      throw createInvalidParamsError('Invalid params: invalid value: expected a sequence of u8.')
    }
    return { offset: at, encoding: 'bytes', bytes: bytes as number[] }
  }
  if (typeof bytes !== 'string') {
    throw createInvalidParamsError(`Invalid params: invalid type: ${describe(bytes)}, expected a string or a sequence of u8.`)
  }
  // Agave's deserializer has no case for a string with encoding "bytes" (it panics); refuse it plainly.
  if (encoding === 'bytes') throw createInvalidParamsError('Invalid params: encoding `bytes` needs an array of u8.')
  return { offset: at, encoding: encoding === 'base64' ? 'base64' : 'base58', bytes }
}

/** bs58's decode, with its error in Rust's Debug form (what Agave puts in the message). */
function decodeFilterBase58(text: string): Uint8Array {
  const input = Buffer.from(text, 'utf8')
  for (let i = 0; i < input.length; i++) {
    const c = input[i] as number
    if (c > 127) throw createInvalidParamsError(`Invalid param: Base58DecodeError(NonAsciiCharacter { index: ${i} })`)
    if (!BASE58_ALPHABET.includes(String.fromCharCode(c))) {
      throw createInvalidParamsError(
        `Invalid param: Base58DecodeError(InvalidCharacter { character: '${String.fromCharCode(c)}', index: ${i} })`,
      )
    }
  }
  return text.length === 0 ? new Uint8Array(0) : (base58.encode(text) as Uint8Array)
}

/** base64's STANDARD decode (canonical padding), with its error in Rust's Debug form. */
function decodeFilterBase64(text: string): Uint8Array {
  const body = text.replace(/=+$/, '')
  for (let i = 0; i < body.length; i++) {
    if (!BASE64_ALPHABET.includes(body[i] as string)) {
      throw createInvalidParamsError(`Invalid param: Base64DecodeError(InvalidByte(${i}, ${body.charCodeAt(i)}))`)
    }
  }
  if (body.length % 4 === 1) throw createInvalidParamsError(`Invalid param: Base64DecodeError(InvalidLength(${body.length}))`)
  if (text.length % 4 !== 0) throw createInvalidParamsError('Invalid param: Base64DecodeError(InvalidPadding)')
  return new Uint8Array(Buffer.from(body, 'base64'))
}

function toFilter(value: unknown): ProgramAccountFilter | EncodedMemcmp {
  if (value === 'tokenAccountState') return { kind: 'tokenAccountState' }
  if (typeof value === 'string') {
    throw createInvalidParamsError(`Invalid params: unknown variant \`${value}\`, expected one of ${FILTER_VARIANTS}.`)
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw createInvalidParamsError(`Invalid params: invalid type: ${describe(value)}, expected enum RpcFilterType.`)
  }
  const keys = Object.keys(value)
  if (keys.length !== 1) throw createInvalidParamsError('Invalid params: invalid type: map, expected enum RpcFilterType.')
  const variant = keys[0] as string
  const inner = (value as Record<string, unknown>)[variant]
  if (variant === 'dataSize') {
    if (typeof inner !== 'number' || !Number.isSafeInteger(inner) || inner < 0) {
      throw createInvalidParamsError(`Invalid params: invalid type: ${describe(inner)}, expected u64.`)
    }
    return { kind: 'dataSize', size: inner }
  }
  if (variant === 'memcmp') return toEncodedMemcmp(inner)
  if (variant === 'tokenAccountState') return { kind: 'tokenAccountState' }
  throw createInvalidParamsError(`Invalid params: unknown variant \`${variant}\`, expected one of ${FILTER_VARIANTS}.`)
}

function toMemcmpFilter(memcmp: EncodedMemcmp): ProgramAccountFilter {
  let bytes: Uint8Array
  if (memcmp.encoding === 'bytes') {
    bytes = Uint8Array.from(memcmp.bytes as number[])
  } else {
    const text = memcmp.bytes as string
    const maxChars = memcmp.encoding === 'base58' ? MAX_FILTER_BASE58_CHARS : MAX_FILTER_BASE64_CHARS
    if (text.length > maxChars) throw createInvalidParamsError('Invalid param: DataTooLarge')
    bytes = memcmp.encoding === 'base58' ? decodeFilterBase58(text) : decodeFilterBase64(text)
  }
  if (bytes.length > MAX_FILTER_DATA_BYTES) throw createInvalidParamsError('Invalid param: DataTooLarge')
  return { kind: 'memcmp', offset: memcmp.offset, bytes }
}

/**
 * The `filters` of a getProgramAccounts config, read in Agave's order: every filter's shape
 * (serde), then the count, then each memcmp's bytes.
 */
export function toProgramAccountFilters(value: unknown): ProgramAccountFilter[] {
  if (value === undefined || value === null) return []
  if (!Array.isArray(value)) throw createInvalidParamsError(`Invalid params: invalid type: ${describe(value)}, expected a sequence.`)
  const parsed = value.map(toFilter)
  if (parsed.length > MAX_PROGRAM_ACCOUNT_FILTERS) {
    throw createInvalidParamsError(`Too many filters provided; max ${MAX_PROGRAM_ACCOUNT_FILTERS}`)
  }
  return parsed.map((filter) => ('kind' in filter ? filter : toMemcmpFilter(filter)))
}
