/**
 * JSON-RPC errors with the codes and messages Solana nodes answer with (jsonrpc-core's standard
 * codes, and Agave's -320xx server errors), so that clients' error handling meets the real thing.
 */
export const JSON_RPC_PARSE_ERROR = -32700
export const JSON_RPC_INVALID_REQUEST = -32600
export const JSON_RPC_METHOD_NOT_FOUND = -32601
export const JSON_RPC_INVALID_PARAMS = -32602
export const JSON_RPC_INTERNAL_ERROR = -32603
export const JSON_RPC_BLOCK_CLEANED_UP = -32001
export const JSON_RPC_SEND_TRANSACTION_PREFLIGHT_FAILURE = -32002
export const JSON_RPC_TRANSACTION_SIGNATURE_VERIFICATION_FAILURE = -32003
export const JSON_RPC_BLOCK_NOT_AVAILABLE = -32004
export const JSON_RPC_SLOT_SKIPPED = -32007
export const JSON_RPC_TRANSACTION_HISTORY_NOT_AVAILABLE = -32011
export const JSON_RPC_UNSUPPORTED_TRANSACTION_VERSION = -32015
export const JSON_RPC_MIN_CONTEXT_SLOT_NOT_REACHED = -32016

export type JsonRpcErrorObject = { code: number; message: string; data?: unknown }

/** An error a method throws to answer the request with this code, message and data. */
export class JsonRpcError extends Error {
  override readonly name = 'JsonRpcError'
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
  }

  toObject(): JsonRpcErrorObject {
    return this.data === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, data: this.data }
  }
}

/** Creates a JsonRpcError. */
export function createJsonRpcError(code: number, message: string, data?: unknown): JsonRpcError {
  return new JsonRpcError(code, message, data)
}

/** Whether `e` is a JsonRpcError, optionally with the given code. */
export function isJsonRpcError(e: unknown, code?: number): e is JsonRpcError {
  return e instanceof JsonRpcError && (code === undefined || e.code === code)
}

/** An invalid-params error (-32602) with Agave's message text, e.g. "Invalid param: WrongSize". */
export function createInvalidParamsError(message: string): JsonRpcError {
  return new JsonRpcError(JSON_RPC_INVALID_PARAMS, message)
}
