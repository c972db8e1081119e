export { PreflightClient, type PreflightClientOptions, type CallOptions, type ExecuteOptions, type StatsOptions } from './client.js'
export {
  PreflightError,
  isPreflightError,
  type PreflightErrorCode,
  type ServiceErrorCode,
  type ClientErrorCode,
  type BundleLintEntry,
} from './errors.js'
export { verifyWebhookSignature, type VerifyWebhookOptions } from './webhook-signature.js'
export { toBase64Transaction, type TransactionInput, type KitTransactionLike, type Web3TransactionLike } from './transaction-input.js'
export {
  PreflightStream,
  type StreamOptions,
  type StreamEvents,
  type TransactionPush,
  type MessageOptions,
} from './stream/preflight-stream.js'
export type { Watch, WatchEndReason, SimulationUpdate } from './stream/watch.js'
export type { WaitForOutcomeOptions } from './wait-for-outcome.js'
export type { RetryOptions } from './http/retry-policy.js'
export type { RequestOptions } from './http/http-client.js'
export { SDK_VERSION } from './version.js'
export type * from './api-types.js'
export type { components, paths, operations } from './generated/openapi.js'
