/**
 * One JSON-RPC 2.0 call per request body, as the block engine takes them, with the standard
 * errors localnet's RPC answers (-32700 parse error and -32600 invalid request with HTTP 200,
 * -32601 for a method the path does not take, -32602 from the methods, -32603 for a fault).
 * Batches are refused as an invalid request: the block engine's clients send one call at a time.
 */
import type { Logger } from '../../lib/logger.js'
import {
  JSON_RPC_INTERNAL_ERROR,
  JSON_RPC_INVALID_REQUEST,
  JSON_RPC_METHOD_NOT_FOUND,
  JSON_RPC_PARSE_ERROR,
  isJsonRpcError,
  type JsonRpcErrorObject,
} from '../rpc/json-rpc-error.js'
import { toJsonText } from '../rpc/json-text.js'
import { getParams } from '../rpc/params.js'
import type { RelayCallContext, RelayMethods } from './relay-method.js'

export type JsonRpcId = string | number | null

/** A request body as read: JSON, or not. */
export type RelayBody = { readonly json: true; readonly value: unknown } | { readonly json: false }

/** Parses a request body once, for the id the early answers (401, 429) need and for the call. */
export function parseRelayBody(body: string): RelayBody {
  try {
    return { json: true, value: JSON.parse(body) as unknown }
  } catch {
    return { json: false }
  }
}

function isId(value: unknown): value is JsonRpcId {
  return value === null || typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))
}

function asCall(body: RelayBody): Record<string, unknown> | undefined {
  return body.json && typeof body.value === 'object' && body.value !== null && !Array.isArray(body.value)
    ? (body.value as Record<string, unknown>)
    : undefined
}

/** The call's id, or null when the body has none to answer with. */
export function getRequestId(body: RelayBody): JsonRpcId {
  const id = asCall(body)?.id
  return isId(id) ? id : null
}

/** The call's method name, when the body names one. */
export function getRequestMethod(body: RelayBody): string | undefined {
  const method = asCall(body)?.method
  return typeof method === 'string' ? method : undefined
}

/** The JSON text of an error answer. */
export function toErrorText(error: JsonRpcErrorObject, id: JsonRpcId): string {
  return toJsonText({ jsonrpc: '2.0', error, id })
}

/** Answers one call with the methods `allowed` on its path; returns the JSON text. */
export function dispatchRelayCall(
  body: RelayBody,
  methods: RelayMethods,
  allowed: ReadonlySet<string>,
  context: RelayCallContext,
  logger: Logger,
): string {
  if (!body.json) return toErrorText({ code: JSON_RPC_PARSE_ERROR, message: 'Parse error' }, null)
  const call = asCall(body)
  const id = getRequestId(body)
  if (!call || call.jsonrpc !== '2.0' || typeof call.method !== 'string' || ('id' in call && !isId(call.id))) {
    return toErrorText({ code: JSON_RPC_INVALID_REQUEST, message: 'Invalid request' }, id)
  }
  const method = call.method
  const handler = allowed.has(method) && Object.hasOwn(methods, method) ? methods[method] : undefined
  if (!handler) return toErrorText({ code: JSON_RPC_METHOD_NOT_FOUND, message: 'Method not found' }, id)
  try {
    return toJsonText({ jsonrpc: '2.0', result: handler(getParams(call.params), context), id })
  } catch (cause) {
    if (isJsonRpcError(cause)) return toErrorText(cause.toObject(), id)
    logger.error({ err: cause, method }, 'relay method failed')
    return toErrorText({ code: JSON_RPC_INTERNAL_ERROR, message: 'Internal error' }, id)
  }
}
