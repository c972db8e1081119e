/**
 * The Accounts service's methods, each described once: its proto method, the check the client runs
 * before sending (what protobuf would otherwise coerce into something the service accepts), the
 * request and the answer both ways. The server's handlers (accounts/server.ts) and the gRPC client
 * (accounts/user-service-client.ts) are both built from this table, and its type is keyed by the
 * UserService interface, so a method of the contract without its entry does not compile.
 *
 * A table rather than generated stubs, as the engine's (engine/grpc/engine-methods.ts): the
 * message types are generated already (proto/gen/), and what differs between methods is how
 * domain values map to messages, which a generator would not know.
 */
import type { handleUnaryCall, requestCallback } from '@grpc/grpc-js'
import { createServiceError } from '../../lib/errors.js'
import type { AccountsClient, AccountsHandlers } from '../../proto/gen/preflight/accounts/v1/Accounts.js'
import { toCheckoutUrl } from '../billing/checkout-urls.js'
import { assertStripeWebhookInput } from '../billing/stripe-webhook-input.js'
import type { JsonValue, UserService } from '../contract/index.js'
import { assertProgramIdList } from '../program-blocks/program-block-ids.js'
import { assertTrackingPatch, assertTrackingRecord } from '../tracking/tracking-input.js'
import { assertHasCard } from '../users/card-on-file.js'
import { isWebhookEventType, toWebhookDescription, toWebhookEvents } from '../webhooks/webhook-values.js'
import {
  fromBillingSubscriptionMessage,
  fromBillingUsageMessage,
  fromCreateCheckoutSessionRequestMessage,
  toBillingSubscriptionMessage,
  toBillingUsageMessage,
  toCreateCheckoutSessionRequestMessage,
} from './billing-messages.js'
import {
  fromListSimulationsRequestMessage,
  fromServiceTotalsMessage,
  fromSimulationPageMessage,
  fromSimulationRecordMessage,
  fromUserStatsMessage,
  toListSimulationsRequestMessage,
  toServiceTotalsMessage,
  toSimulationPageMessage,
  toSimulationRecordMessage,
  toUserStatsMessage,
} from './history-messages.js'
import {
  fromApiKeyMessage,
  fromApiKeyPrincipalMessage,
  fromAuthResponseMessage,
  fromCreateApiKeyRequestMessage,
  fromKeyUsageMessage,
  fromUserMessage,
  fromUserStateMessage,
  toApiKeyMessage,
  toApiKeyPrincipalMessage,
  toAuthResponseMessage,
  toCreateApiKeyRequestMessage,
  toKeyUsageMessage,
  toUserMessage,
  toUserStateMessage,
} from './identity-messages.js'
import { fromProgramBlocksMessage, toProgramBlocksMessage } from './program-blocks-messages.js'
import { fromSubmitUsageMessage, toSubmitUsageMessage } from './submit-usage-messages.js'
import {
  fromTrackedTransactionAnswerMessage,
  fromTrackedTransactionPatchMessage,
  fromTrackedTransactionRequestMessage,
  toTrackedTransactionMessage,
  toTrackedTransactionPatchMessage,
} from './tracking-messages.js'
import {
  fromWebhookDeliveryMessage,
  fromWebhookEndpointMessage,
  toWebhookDeliveryMessage,
  toWebhookEndpointMessage,
} from './webhook-messages.js'

/** A proto method of the Accounts service. */
export type AccountsRpc = keyof AccountsHandlers & string
type RequestOutput<R extends AccountsRpc> = AccountsHandlers[R] extends handleUnaryCall<infer Request, infer _Response> ? Request : never
type ResponseInput<R extends AccountsRpc> = AccountsHandlers[R] extends handleUnaryCall<infer _Request, infer Response> ? Response : never
type ClientMethod<R extends AccountsRpc> = AccountsClient[R & keyof AccountsClient]
type RequestInput<R extends AccountsRpc> = ClientMethod<R> extends (argument: infer Request, callback: never) => unknown ? Request : never
type ResponseOutput<R extends AccountsRpc> =
  ClientMethod<R> extends (argument: never, callback: requestCallback<infer Response>) => unknown ? Response : never

/**
 * One method. Members are methods (not function-valued properties), so each entry keeps its own
 * message types and still fits the table's type.
 */
export interface AccountsMethod<Args extends unknown[], Value, RequestIn, RequestOut, ResponseIn, ResponseOut> {
  rpc: AccountsRpc
  /** Client: refuses, with the service's own catalogue error, what protobuf would coerce into something the service accepts. */
  check?(...args: Args): void
  /** Client: the call's arguments as the request message. */
  toRequest(...args: Args): RequestIn
  /** Server: the request message as the call's arguments. */
  fromRequest(request: RequestOut): Args
  /** Server: the answer as the response message. */
  toResponse(value: Value): ResponseIn
  /** Client: the response message as the answer. */
  fromResponse(message: ResponseOut): Value
}

/** Any method of the table: the shape the server and the client build from, whatever its types. */
export interface AnyAccountsMethod {
  rpc: AccountsRpc
  check?(...args: never[]): void
  toRequest(...args: never[]): unknown
  fromRequest(request: never): unknown[]
  toResponse(value: never): unknown
  fromResponse(message: never): unknown
}

type MethodOf<Name extends keyof UserService, R extends AccountsRpc> = AccountsMethod<
  Parameters<UserService[Name]>,
  Awaited<ReturnType<UserService[Name]>>,
  RequestInput<R>,
  RequestOutput<R>,
  ResponseInput<R>,
  ResponseOutput<R>
>

/** An entry: UserService's `Name` as the proto's `R`, typed by both. */
const entry =
  <Name extends keyof UserService, R extends AccountsRpc>(rpc: R) =>
  (method: Omit<MethodOf<Name, R>, 'rpc'>): MethodOf<Name, R> => ({ ...method, rpc })

const empty = () => ({})
const nothing = (): void => undefined
const byUser = (userId: string) => ({ user_id: userId })
const fromUser = ({ user_id }: { user_id: string }): [string] => [user_id]
const byEndpoint = (userId: string, endpointId: string) => ({ user_id: userId, endpoint_id: endpointId })
const fromEndpoint = ({ user_id, endpoint_id }: { user_id: string; endpoint_id: string }): [string, string] => [user_id, endpoint_id]

/** Every method of the Accounts service, by the UserService call it is. */
export const ACCOUNTS_METHODS: { readonly [Name in keyof UserService]: AnyAccountsMethod } = {
  register: entry<'register', 'Register'>('Register')({
    toRequest: ({ email, password }) => ({ email, password }),
    fromRequest: ({ email, password }) => [{ email, password }],
    toResponse: toAuthResponseMessage,
    fromResponse: fromAuthResponseMessage,
  }),
  login: entry<'login', 'Login'>('Login')({
    toRequest: ({ email, password }) => ({ email, password }),
    fromRequest: ({ email, password }) => [{ email, password }],
    toResponse: toAuthResponseMessage,
    fromResponse: fromAuthResponseMessage,
  }),
  refresh: entry<'refresh', 'Refresh'>('Refresh')({
    toRequest: (refreshToken) => ({ refresh_token: refreshToken }),
    fromRequest: ({ refresh_token }) => [refresh_token],
    toResponse: toAuthResponseMessage,
    fromResponse: fromAuthResponseMessage,
  }),
  logout: entry<'logout', 'Logout'>('Logout')({
    toRequest: (refreshToken) => ({ refresh_token: refreshToken }),
    fromRequest: ({ refresh_token }) => [refresh_token],
    toResponse: empty,
    fromResponse: nothing,
  }),
  getUser: entry<'getUser', 'GetUser'>('GetUser')({
    toRequest: byUser,
    fromRequest: fromUser,
    toResponse: toUserMessage,
    fromResponse: fromUserMessage,
  }),
  getUserState: entry<'getUserState', 'GetUserState'>('GetUserState')({
    toRequest: byUser,
    fromRequest: fromUser,
    toResponse: (state) => ({ state: state === null ? null : toUserStateMessage(state) }),
    fromResponse: ({ state }) => (state === null ? null : fromUserStateMessage(state)),
  }),
  deleteUser: entry<'deleteUser', 'DeleteUser'>('DeleteUser')({
    toRequest: byUser,
    fromRequest: fromUser,
    toResponse: empty,
    fromResponse: nothing,
  }),
  setCardOnFile: entry<'setCardOnFile', 'SetCardOnFile'>('SetCardOnFile')({
    // protobuf would send any truthy value as true.
    check: (_userId, hasCard) => assertHasCard(hasCard),
    toRequest: (userId, hasCard) => ({ user_id: userId, has_card: hasCard }),
    fromRequest: ({ user_id, has_card }) => [user_id, has_card],
    toResponse: empty,
    fromResponse: nothing,
  }),
  listApiKeys: entry<'listApiKeys', 'ListApiKeys'>('ListApiKeys')({
    toRequest: byUser,
    fromRequest: fromUser,
    toResponse: (keys) => ({ api_keys: keys.map(toApiKeyMessage) }),
    fromResponse: ({ api_keys }) => api_keys.map(fromApiKeyMessage),
  }),
  createApiKey: entry<'createApiKey', 'CreateApiKey'>('CreateApiKey')({
    toRequest: toCreateApiKeyRequestMessage,
    fromRequest: (request) => [request.user_id, fromCreateApiKeyRequestMessage(request)],
    toResponse: toApiKeyMessage,
    fromResponse: fromApiKeyMessage,
  }),
  revokeApiKey: entry<'revokeApiKey', 'RevokeApiKey'>('RevokeApiKey')({
    toRequest: (userId, apiKeyId) => ({ user_id: userId, api_key_id: apiKeyId }),
    fromRequest: ({ user_id, api_key_id }) => [user_id, api_key_id],
    toResponse: empty,
    fromResponse: nothing,
  }),
  rotateApiKey: entry<'rotateApiKey', 'RotateApiKey'>('RotateApiKey')({
    toRequest: (userId, apiKeyId) => ({ user_id: userId, api_key_id: apiKeyId }),
    fromRequest: ({ user_id, api_key_id }) => [user_id, api_key_id],
    toResponse: toApiKeyMessage,
    fromResponse: fromApiKeyMessage,
  }),
  authenticateApiKey: entry<'authenticateApiKey', 'AuthenticateApiKey'>('AuthenticateApiKey')({
    toRequest: (keyHash) => ({ key_hash: keyHash }),
    fromRequest: ({ key_hash }) => [key_hash],
    toResponse: (principal) => ({ principal: principal === null ? null : toApiKeyPrincipalMessage(principal) }),
    fromResponse: ({ principal }) => (principal === null ? null : fromApiKeyPrincipalMessage(principal)),
  }),
  recordKeyUsage: entry<'recordKeyUsage', 'RecordKeyUsage'>('RecordKeyUsage')({
    toRequest: (usage) => ({ usage: usage.map(toKeyUsageMessage) }),
    fromRequest: ({ usage }) => [usage.map(fromKeyUsageMessage)],
    toResponse: empty,
    fromResponse: nothing,
  }),
  recordSimulations: entry<'recordSimulations', 'RecordSimulations'>('RecordSimulations')({
    toRequest: (records) => ({ records: records.map(toSimulationRecordMessage) }),
    fromRequest: ({ records }) => [records.map(fromSimulationRecordMessage)],
    toResponse: empty,
    fromResponse: nothing,
  }),
  listSimulations: entry<'listSimulations', 'ListSimulations'>('ListSimulations')({
    toRequest: toListSimulationsRequestMessage,
    fromRequest: (request) => [fromListSimulationsRequestMessage(request)],
    toResponse: toSimulationPageMessage,
    fromResponse: fromSimulationPageMessage,
  }),
  getUserStats: entry<'getUserStats', 'GetUserStats'>('GetUserStats')({
    toRequest: (userId, days) => ({ user_id: userId, days }),
    fromRequest: ({ user_id, days }) => [user_id, days],
    toResponse: toUserStatsMessage,
    fromResponse: fromUserStatsMessage,
  }),
  getServiceTotals: entry<'getServiceTotals', 'GetServiceTotals'>('GetServiceTotals')({
    toRequest: empty,
    fromRequest: () => [],
    toResponse: toServiceTotalsMessage,
    fromResponse: fromServiceTotalsMessage,
  }),
  getSimulationCountsSince: entry<'getSimulationCountsSince', 'GetSimulationCounts'>('GetSimulationCounts')({
    toRequest: (sinceMs) => ({ since_ms: sinceMs }),
    fromRequest: ({ since_ms }) => [since_ms],
    toResponse: (counts) => ({ counts: counts.map(({ userId, simulations }) => ({ user_id: userId, simulations })) }),
    fromResponse: ({ counts }) => counts.map((count) => ({ userId: count.user_id, simulations: count.simulations })),
  }),
  getSubmitUsage: entry<'getSubmitUsage', 'GetSubmitUsage'>('GetSubmitUsage')({
    toRequest: (userId, sinceMs, untilMs) => ({ user_id: userId, since_ms: sinceMs, until_ms: untilMs }),
    fromRequest: ({ user_id, since_ms, until_ms }) => [user_id, since_ms, until_ms],
    toResponse: toSubmitUsageMessage,
    fromResponse: fromSubmitUsageMessage,
  }),
  getProgramBlocks: entry<'getProgramBlocks', 'GetProgramBlocks'>('GetProgramBlocks')({
    toRequest: byUser,
    fromRequest: fromUser,
    toResponse: toProgramBlocksMessage,
    fromResponse: fromProgramBlocksMessage,
  }),
  setProgramBlocks: entry<'setProgramBlocks', 'SetProgramBlocks'>('SetProgramBlocks')({
    // A non-array would fail in the message encoder as a TypeError.
    check: (_userId, programIds) => assertProgramIdList(programIds),
    toRequest: (userId, programIds) => ({ user_id: userId, program_ids: [...programIds] }),
    fromRequest: ({ user_id, program_ids }) => [user_id, program_ids],
    toResponse: toProgramBlocksMessage,
    fromResponse: fromProgramBlocksMessage,
  }),
  removeProgramBlock: entry<'removeProgramBlock', 'RemoveProgramBlock'>('RemoveProgramBlock')({
    toRequest: (userId, programId) => ({ user_id: userId, program_id: programId }),
    fromRequest: ({ user_id, program_id }) => [user_id, program_id],
    toResponse: toProgramBlocksMessage,
    fromResponse: fromProgramBlocksMessage,
  }),
  trackTransaction: entry<'trackTransaction', 'TrackTransaction'>('TrackTransaction')({
    // protobuf would coerce what the service refuses (a string for bytes, NaN inside the JSON).
    check: (record) => assertTrackingRecord(record),
    toRequest: (record, leaseMs) => ({ record: toTrackedTransactionMessage(record), lease_ms: leaseMs }),
    fromRequest: ({ record, lease_ms }) => {
      if (record === null) throw createServiceError('validation_error', 'record: is required')
      return [fromTrackedTransactionRequestMessage(record), lease_ms]
    },
    toResponse: ({ record, created }) => ({ record: toTrackedTransactionMessage(record), created }),
    fromResponse: ({ record, created }) => {
      if (record === null) throw createServiceError('internal_error', 'the accounts service sent no tracking record')
      return { record: fromTrackedTransactionAnswerMessage(record), created }
    },
  }),
  updateTrackedTransaction: entry<'updateTrackedTransaction', 'UpdateTrackedTransaction'>('UpdateTrackedTransaction')({
    check: (_userId, _signature, patch) => assertTrackingPatch(patch),
    toRequest: (userId, signature, patch, leaseMs) => ({
      user_id: userId,
      signature,
      patch: toTrackedTransactionPatchMessage(patch),
      lease_ms: leaseMs,
    }),
    fromRequest: ({ user_id, signature, patch, lease_ms }) => [user_id, signature, fromTrackedTransactionPatchMessage(patch), lease_ms],
    toResponse: empty,
    fromResponse: nothing,
  }),
  getTrackedTransaction: entry<'getTrackedTransaction', 'GetTrackedTransaction'>('GetTrackedTransaction')({
    toRequest: (userId, signature) => ({ user_id: userId, signature }),
    fromRequest: ({ user_id, signature }) => [user_id, signature],
    toResponse: (record) => ({ record: record === null ? null : toTrackedTransactionMessage(record) }),
    fromResponse: ({ record }) => (record === null ? null : fromTrackedTransactionAnswerMessage(record)),
  }),
  claimUnresolvedTransactions: entry<'claimUnresolvedTransactions', 'ClaimUnresolvedTransactions'>('ClaimUnresolvedTransactions')({
    toRequest: (leaseMs, limit) => ({ lease_ms: leaseMs, limit }),
    fromRequest: ({ lease_ms, limit }) => [lease_ms, limit],
    toResponse: (records) => ({ records: records.map(toTrackedTransactionMessage) }),
    fromResponse: ({ records }) => records.map(fromTrackedTransactionAnswerMessage),
  }),
  getManagedTipLamportsSince: entry<'getManagedTipLamportsSince', 'GetManagedTipLamports'>('GetManagedTipLamports')({
    toRequest: (userId, sinceMs) => ({ user_id: userId, since_ms: sinceMs }),
    fromRequest: ({ user_id, since_ms }) => [user_id, since_ms],
    toResponse: (lamports) => ({ lamports: lamports.toString() }),
    fromResponse: ({ lamports }) => BigInt(lamports),
  }),
  createWebhookEndpoint: entry<'createWebhookEndpoint', 'CreateWebhookEndpoint'>('CreateWebhookEndpoint')({
    // protobuf would turn a non-array or a non-string into something the service accepts.
    check: (_userId, { url, events, description }) => {
      toWebhookEvents(events)
      toWebhookDescription(description)
      if (typeof url !== 'string') throw createServiceError('validation_error', 'url: must be a non-empty string')
    },
    toRequest: (userId, { url, events, description }) => ({
      user_id: userId,
      url,
      events: [...events],
      description: description ?? undefined,
    }),
    fromRequest: ({ user_id, url, events, description }) => [user_id, { url, events, description }],
    toResponse: toWebhookEndpointMessage,
    fromResponse: fromWebhookEndpointMessage,
  }),
  listWebhookEndpoints: entry<'listWebhookEndpoints', 'ListWebhookEndpoints'>('ListWebhookEndpoints')({
    toRequest: byUser,
    fromRequest: fromUser,
    toResponse: (endpoints) => ({ endpoints: endpoints.map(toWebhookEndpointMessage) }),
    fromResponse: ({ endpoints }) => endpoints.map(fromWebhookEndpointMessage),
  }),
  deleteWebhookEndpoint: entry<'deleteWebhookEndpoint', 'DeleteWebhookEndpoint'>('DeleteWebhookEndpoint')({
    toRequest: byEndpoint,
    fromRequest: fromEndpoint,
    toResponse: empty,
    fromResponse: nothing,
  }),
  rotateWebhookSecret: entry<'rotateWebhookSecret', 'RotateWebhookSecret'>('RotateWebhookSecret')({
    toRequest: byEndpoint,
    fromRequest: fromEndpoint,
    toResponse: toWebhookEndpointMessage,
    fromResponse: fromWebhookEndpointMessage,
  }),
  listWebhookDeliveries: entry<'listWebhookDeliveries', 'ListWebhookDeliveries'>('ListWebhookDeliveries')({
    toRequest: byEndpoint,
    fromRequest: fromEndpoint,
    toResponse: (deliveries) => ({ deliveries: deliveries.map(toWebhookDeliveryMessage) }),
    fromResponse: ({ deliveries }) => deliveries.map(fromWebhookDeliveryMessage),
  }),
  sendTestWebhook: entry<'sendTestWebhook', 'SendTestWebhook'>('SendTestWebhook')({
    toRequest: byEndpoint,
    fromRequest: fromEndpoint,
    toResponse: toWebhookDeliveryMessage,
    fromResponse: fromWebhookDeliveryMessage,
  }),
  redeliverWebhook: entry<'redeliverWebhook', 'RedeliverWebhook'>('RedeliverWebhook')({
    toRequest: (userId, endpointId, deliveryId) => ({ user_id: userId, endpoint_id: endpointId, delivery_id: deliveryId }),
    fromRequest: ({ user_id, endpoint_id, delivery_id }) => [user_id, endpoint_id, delivery_id],
    toResponse: toWebhookDeliveryMessage,
    fromResponse: fromWebhookDeliveryMessage,
  }),
  enqueueWebhookEvent: entry<'enqueueWebhookEvent', 'EnqueueWebhookEvent'>('EnqueueWebhookEvent')({
    toRequest: (userId, type, data) => ({ user_id: userId, type, data_json: JSON.stringify(data) }),
    fromRequest: ({ user_id, type, data_json }) => {
      if (!isWebhookEventType(type)) throw createServiceError('validation_error', 'type: is not a webhook event')
      try {
        return [user_id, type, JSON.parse(data_json) as JsonValue]
      } catch {
        throw createServiceError('validation_error', 'data_json: is not JSON')
      }
    },
    toResponse: empty,
    fromResponse: nothing,
  }),
  isBillingEnabled: entry<'isBillingEnabled', 'GetBillingEnabled'>('GetBillingEnabled')({
    toRequest: empty,
    fromRequest: () => [],
    toResponse: (enabled) => ({ enabled }),
    fromResponse: ({ enabled }) => enabled,
  }),
  createCheckoutSession: entry<'createCheckoutSession', 'CreateCheckoutSession'>('CreateCheckoutSession')({
    // protobuf would send a non-string URL as text.
    check: (_userId, request) => {
      toCheckoutUrl('success_url', request.successUrl)
      toCheckoutUrl('cancel_url', request.cancelUrl)
    },
    toRequest: toCreateCheckoutSessionRequestMessage,
    fromRequest: (request) => [request.user_id, fromCreateCheckoutSessionRequestMessage(request)],
    toResponse: (session) => session,
    fromResponse: ({ checkout_url, session_id }) => ({ checkout_url, session_id }),
  }),
  createPortalSession: entry<'createPortalSession', 'CreatePortalSession'>('CreatePortalSession')({
    toRequest: byUser,
    fromRequest: fromUser,
    toResponse: (session) => session,
    fromResponse: ({ portal_url }) => ({ portal_url }),
  }),
  getSubscription: entry<'getSubscription', 'GetSubscription'>('GetSubscription')({
    toRequest: byUser,
    fromRequest: fromUser,
    toResponse: toBillingSubscriptionMessage,
    fromResponse: fromBillingSubscriptionMessage,
  }),
  getBillingUsage: entry<'getBillingUsage', 'GetBillingUsage'>('GetBillingUsage')({
    toRequest: byUser,
    fromRequest: fromUser,
    toResponse: toBillingUsageMessage,
    fromResponse: fromBillingUsageMessage,
  }),
  handleStripeWebhook: entry<'handleStripeWebhook', 'HandleStripeWebhook'>('HandleStripeWebhook')({
    // protobuf would encode a string as base64 bytes and a number as a header.
    check: (payload, signatureHeader) => assertStripeWebhookInput(payload, signatureHeader),
    toRequest: (payload, signatureHeader) => ({ payload, signature_header: signatureHeader }),
    fromRequest: ({ payload, signature_header }) => [payload, signature_header],
    toResponse: (outcome) => outcome,
    fromResponse: ({ event_id, duplicate }) => ({ event_id, duplicate }),
  }),
  recordQuotaExceeded: entry<'recordQuotaExceeded', 'RecordQuotaExceeded'>('RecordQuotaExceeded')({
    toRequest: byUser,
    fromRequest: fromUser,
    toResponse: empty,
    fromResponse: nothing,
  }),
}
