/** The `{context, value}` envelope and version facts Solana nodes put on their answers. */

/** The Agave runtime version bundled in LiteSVM 1.5.0 (solana-program-runtime 4.3.0). */
export const LOCALNET_SOLANA_CORE_VERSION = '4.3.0'
/**
 * getVersion's "feature-set" is an opaque u32 that Agave derives from its feature ids; clients only
 * compare it for equality, so the localnet answers a fixed value of its own.
 */
export const LOCALNET_FEATURE_SET = 1_353_302_811

export type RpcResponse<T> = { context: { apiVersion: string; slot: bigint }; value: T }

/** Wraps a value with the context of the slot it was read at. */
export function toRpcResponse<T>(slot: bigint, value: T): RpcResponse<T> {
  return { context: { apiVersion: LOCALNET_SOLANA_CORE_VERSION, slot }, value }
}
