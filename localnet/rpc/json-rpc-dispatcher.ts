/**
 * JSON-RPC 2.0 over a request body: single calls and batches, notifications (no id, no answer),
 * and the standard errors with jsonrpc-core's messages ("Parse error", "Invalid request",
 * "Method not found"), which is what Agave's HTTP server is built on.
 */
import type { Logger } from '../../lib/logger.js'
import {
  JSON_RPC_INTERNAL_ERROR,
  JSON_RPC_INVALID_REQUEST,
  JSON_RPC_METHOD_NOT_FOUND,
  JSON_RPC_PARSE_ERROR,
  isJsonRpcError,
  type JsonRpcErrorObject,
} from './json-rpc-error.js'
import { toJsonText } from './json-text.js'
import { getParams } from './params.js'
import type { RpcMethods } from './rpc-method.js'

type JsonRpcId = string | number | null
type JsonRpcResponse = { jsonrpc: '2.0'; result: unknown; id: JsonRpcId } | { jsonrpc: '2.0'; error: JsonRpcErrorObject; id: JsonRpcId }

function errorResponse(code: number, message: string, id: JsonRpcId): JsonRpcResponse {
  return { jsonrpc: '2.0', error: { code, message }, id }
}

function isId(value: unknown): value is JsonRpcId {
  return value === null || typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))
}

export type JsonRpcDispatcher = {
  /** Answers a request body; undefined when it held only notifications. */
  handle(body: string): string | undefined
}

/** Creates a dispatcher over a method table. */
export function createJsonRpcDispatcher(methods: RpcMethods, logger: Logger): JsonRpcDispatcher {
  function call(request: unknown): JsonRpcResponse | undefined {
    if (typeof request !== 'object' || request === null || Array.isArray(request)) {
      return errorResponse(JSON_RPC_INVALID_REQUEST, 'Invalid request', null)
    }
    const { jsonrpc, method, params, id } = request as Record<string, unknown>
    const isNotification = !('id' in request)
    if (jsonrpc !== '2.0' || typeof method !== 'string' || (!isNotification && !isId(id))) {
      return errorResponse(JSON_RPC_INVALID_REQUEST, 'Invalid request', isId(id) ? id : null)
    }
    const answerId = isNotification ? null : (id as JsonRpcId)
    const handler = Object.hasOwn(methods, method) ? methods[method] : undefined
    let response: JsonRpcResponse
    if (!handler) response = errorResponse(JSON_RPC_METHOD_NOT_FOUND, 'Method not found', answerId)
    else {
      try {
        response = { jsonrpc: '2.0', result: handler(getParams(params)), id: answerId }
      } catch (cause) {
        if (isJsonRpcError(cause)) response = { jsonrpc: '2.0', error: cause.toObject(), id: answerId }
        else {
          logger.error({ err: cause, method }, 'rpc method failed')
          response = errorResponse(JSON_RPC_INTERNAL_ERROR, 'Internal error', answerId)
        }
      }
    }
    return isNotification ? undefined : response
  }

  return {
    handle(body) {
      let request: unknown
      try {
        request = JSON.parse(body)
      } catch {
        return toJsonText(errorResponse(JSON_RPC_PARSE_ERROR, 'Parse error', null))
      }
      if (!Array.isArray(request)) {
        const response = call(request)
        return response && toJsonText(response)
      }
      if (request.length === 0) return toJsonText(errorResponse(JSON_RPC_INVALID_REQUEST, 'Invalid request', null))
      const responses = request.map(call).filter((response) => response !== undefined)
      return responses.length === 0 ? undefined : toJsonText(responses)
    },
  }
}
