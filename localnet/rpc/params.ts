/**
 * Reading JSON-RPC params the way Agave does, with its error messages: a bad address answers
 * -32602 "Invalid param: WrongSize" or "Invalid param: Invalid" (the Debug form of its parse error),
 * a value of the wrong type "Invalid params: invalid type: ...".
 */
import { getBase58Encoder, type Address } from '@solana/kit'
import {
  JSON_RPC_MIN_CONTEXT_SLOT_NOT_REACHED,
  createInvalidParamsError,
  createJsonRpcError,
} from './json-rpc-error.js'

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
