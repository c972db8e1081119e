/**
 * How the edge (and the engine) reach the user service: the UserService interface itself, over two
 * transports. In-process (the default: one process runs both) and gRPC (`ACCOUNTS_URL`: the
 * accounts process on another host). Both pass test/accounts/user-service-contract.test.ts.
 */
import { credentials, Metadata, type CallOptions, type ServiceError as GrpcServiceError } from '@grpc/grpc-js'
import type { UserService } from './contract/index.js'
import {
  fromServiceTotalsMessage,
  fromSimulationPageMessage,
  fromUserStatsMessage,
  toListSimulationsRequestMessage,
  toSimulationRecordMessage,
} from './grpc/history-messages.js'
import {
  fromApiKeyMessage,
  fromApiKeyPrincipalMessage,
  fromAuthResponseMessage,
  fromUserMessage,
  fromUserStateMessage,
  toCreateApiKeyRequestMessage,
  toKeyUsageMessage,
} from './grpc/identity-messages.js'
import { fromProgramBlocksMessage } from './grpc/program-blocks-messages.js'
import { fromSubmitUsageMessage } from './grpc/submit-usage-messages.js'
import { fromWebhookDeliveryMessage, fromWebhookEndpointMessage } from './grpc/webhook-messages.js'
import { fromBillingSubscriptionMessage, fromBillingUsageMessage, toCreateCheckoutSessionRequestMessage } from './grpc/billing-messages.js'
import { toCheckoutUrl } from './billing/checkout-urls.js'
import { assertStripeWebhookInput } from './billing/stripe-webhook-input.js'
import {
  fromTrackedTransactionAnswerMessage,
  toTrackedTransactionMessage,
  toTrackedTransactionPatchMessage,
} from './grpc/tracking-messages.js'
import { assertProgramIdList } from './program-blocks/program-block-ids.js'
import { assertTrackingPatch, assertTrackingRecord } from './tracking/tracking-input.js'
import { assertHasCard } from './users/card-on-file.js'
import { toWebhookDescription, toWebhookEvents } from './webhooks/webhook-values.js'
import { createServiceError } from '../lib/errors.js'
import { loadAccountsProto } from '../lib/grpc/load-proto.js'
import { INTERNAL_TOKEN_METADATA } from '../lib/grpc/internal-token.js'
import { fromGrpcError } from '../lib/grpc/service-error-status.js'
import type { AuthenticateApiKeyResponse__Output } from '../proto/gen/preflight/accounts/v1/AuthenticateApiKeyResponse.js'
import type { ClaimUnresolvedTransactionsResponse__Output as ClaimUnresolvedTransactionsResponseOutput } from '../proto/gen/preflight/accounts/v1/ClaimUnresolvedTransactionsResponse.js'
import type { GetTrackedTransactionResponse__Output as GetTrackedTransactionResponseOutput } from '../proto/gen/preflight/accounts/v1/GetTrackedTransactionResponse.js'
import type { ManagedTipLamports__Output as ManagedTipLamportsOutput } from '../proto/gen/preflight/accounts/v1/ManagedTipLamports.js'
import type { GetUserStateResponse__Output } from '../proto/gen/preflight/accounts/v1/GetUserStateResponse.js'
import type { ListApiKeysResponse__Output } from '../proto/gen/preflight/accounts/v1/ListApiKeysResponse.js'
import type { SimulationCounts__Output as SimulationCountsOutput } from '../proto/gen/preflight/accounts/v1/SimulationCounts.js'
import type { TrackTransactionResponse__Output as TrackTransactionResponseOutput } from '../proto/gen/preflight/accounts/v1/TrackTransactionResponse.js'
import type { ListWebhookDeliveriesResponse__Output as ListWebhookDeliveriesOutput } from '../proto/gen/preflight/accounts/v1/ListWebhookDeliveriesResponse.js'
import type { ListWebhookEndpointsResponse__Output as ListWebhookEndpointsOutput } from '../proto/gen/preflight/accounts/v1/ListWebhookEndpointsResponse.js'
import type { CheckoutSession__Output as CheckoutSessionOutput } from '../proto/gen/preflight/accounts/v1/CheckoutSession.js'
import type { PortalSession__Output as PortalSessionOutput } from '../proto/gen/preflight/accounts/v1/PortalSession.js'
import type { StripeWebhookOutcome__Output as StripeWebhookOutcomeOutput } from '../proto/gen/preflight/accounts/v1/StripeWebhookOutcome.js'

export type UserServiceClient = UserService & {
  close(): Promise<void>
}

/** The user service called directly in this process. */
export function createInProcessUserServiceClient(userService: UserService): UserServiceClient {
  return {
    register: (credentials) => userService.register(credentials),
    login: (credentials) => userService.login(credentials),
    refresh: (refreshToken) => userService.refresh(refreshToken),
    getUser: (userId) => userService.getUser(userId),
    getUserState: (userId) => userService.getUserState(userId),
    deleteUser: (userId) => userService.deleteUser(userId),
    setCardOnFile: (userId, hasCard) => userService.setCardOnFile(userId, hasCard),
    listApiKeys: (userId) => userService.listApiKeys(userId),
    createApiKey: (userId, request) => userService.createApiKey(userId, request),
    revokeApiKey: (userId, apiKeyId) => userService.revokeApiKey(userId, apiKeyId),
    rotateApiKey: (userId, apiKeyId) => userService.rotateApiKey(userId, apiKeyId),
    authenticateApiKey: (keyHash) => userService.authenticateApiKey(keyHash),
    recordKeyUsage: (usage) => userService.recordKeyUsage(usage),
    recordSimulations: (records) => userService.recordSimulations(records),
    listSimulations: (query) => userService.listSimulations(query),
    getUserStats: (userId) => userService.getUserStats(userId),
    getServiceTotals: () => userService.getServiceTotals(),
    getSimulationCountsSince: (sinceMs) => userService.getSimulationCountsSince(sinceMs),
    getSubmitUsage: (userId, sinceMs, untilMs) => userService.getSubmitUsage(userId, sinceMs, untilMs),
    getProgramBlocks: (userId) => userService.getProgramBlocks(userId),
    setProgramBlocks: (userId, programIds) => userService.setProgramBlocks(userId, programIds),
    removeProgramBlock: (userId, programId) => userService.removeProgramBlock(userId, programId),
    trackTransaction: (record, leaseMs) => userService.trackTransaction(record, leaseMs),
    updateTrackedTransaction: (userId, signature, patch, leaseMs) =>
      userService.updateTrackedTransaction(userId, signature, patch, leaseMs),
    getTrackedTransaction: (userId, signature) => userService.getTrackedTransaction(userId, signature),
    claimUnresolvedTransactions: (leaseMs, limit) => userService.claimUnresolvedTransactions(leaseMs, limit),
    getManagedTipLamportsSince: (userId, sinceMs) => userService.getManagedTipLamportsSince(userId, sinceMs),
    createWebhookEndpoint: (userId, request) => userService.createWebhookEndpoint(userId, request),
    listWebhookEndpoints: (userId) => userService.listWebhookEndpoints(userId),
    deleteWebhookEndpoint: (userId, endpointId) => userService.deleteWebhookEndpoint(userId, endpointId),
    rotateWebhookSecret: (userId, endpointId) => userService.rotateWebhookSecret(userId, endpointId),
    listWebhookDeliveries: (userId, endpointId) => userService.listWebhookDeliveries(userId, endpointId),
    sendTestWebhook: (userId, endpointId) => userService.sendTestWebhook(userId, endpointId),
    redeliverWebhook: (userId, endpointId, deliveryId) => userService.redeliverWebhook(userId, endpointId, deliveryId),
    enqueueWebhookEvent: (userId, type, data) => userService.enqueueWebhookEvent(userId, type, data),
    createCheckoutSession: (userId, request) => userService.createCheckoutSession(userId, request),
    createPortalSession: (userId) => userService.createPortalSession(userId),
    getSubscription: (userId) => userService.getSubscription(userId),
    getBillingUsage: (userId) => userService.getBillingUsage(userId),
    handleStripeWebhook: (payload, signatureHeader) => userService.handleStripeWebhook(payload, signatureHeader),
    recordQuotaExceeded: (userId) => userService.recordQuotaExceeded(userId),
    close: async () => undefined,
  }
}

/** How long one call may take, transport included: argon2 on login is the slowest, far below this. */
const DEFAULT_CALL_TIMEOUT_MS = 5_000

export interface GrpcUserServiceClientOptions {
  /** The user service's internal token (ACCOUNTS_INTERNAL_TOKEN), sent with every call. */
  internalToken: string
  /** Deadline of each call; past it the call rejects with `accounts_unavailable`. */
  callTimeoutMs?: number
}

/** The user service over gRPC at `address` (host:port, grpc://host:port or dns:///name:port), on one kept-alive channel. */
export function createGrpcUserServiceClient(
  address: string,
  { internalToken, callTimeoutMs = DEFAULT_CALL_TIMEOUT_MS }: GrpcUserServiceClientOptions,
): UserServiceClient {
  const target = address.replace(/^grpc:\/\//, '')
  const proto = loadAccountsProto()
  // On the wire the service is still preflight.accounts.v1.Accounts (proto/accounts.proto): a
  // renamed gRPC service would change every method's path and break running peers.
  const client = new proto.preflight.accounts.v1.Accounts(target, credentials.createInsecure(), {
    'grpc.keepalive_time_ms': 30_000,
    'grpc.keepalive_permit_without_calls': 1,
    // With a dns:/// target naming several accounts replicas, spread calls over all of them.
    'grpc.service_config': JSON.stringify({ loadBalancingConfig: [{ round_robin: {} }] }),
  })

  const metadata = new Metadata()
  metadata.set(INTERNAL_TOKEN_METADATA, internalToken)

  /** Starts one call with a fresh deadline and converts its answer; failures become catalogue errors. */
  function call<Message, Result>(
    start: (metadata: Metadata, options: CallOptions, done: (error: GrpcServiceError | null, message?: Message) => void) => void,
    fromMessage: (message: Message) => Result,
  ): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      start(metadata, { deadline: Date.now() + callTimeoutMs }, (error, message) => {
        if (error) return reject(fromGrpcError(error, 'accounts_unavailable'))
        if (message === undefined) return reject(createServiceError('accounts_unavailable', 'the accounts service sent an empty response'))
        try {
          resolve(fromMessage(message))
        } catch (conversionError) {
          reject(conversionError)
        }
      })
    })
  }
  const toVoid = (): void => undefined

  return {
    register: (credentials) => call((m, o, done) => client.Register(credentials, m, o, done), fromAuthResponseMessage),
    login: (credentials) => call((m, o, done) => client.Login(credentials, m, o, done), fromAuthResponseMessage),
    refresh: (refreshToken) => call((m, o, done) => client.Refresh({ refresh_token: refreshToken }, m, o, done), fromAuthResponseMessage),
    getUser: (userId) => call((m, o, done) => client.GetUser({ user_id: userId }, m, o, done), fromUserMessage),
    getUserState: (userId) =>
      call(
        (m, o, done) => client.GetUserState({ user_id: userId }, m, o, done),
        ({ state }: GetUserStateResponse__Output) => (state === null ? null : fromUserStateMessage(state)),
      ),
    deleteUser: (userId) => call((m, o, done) => client.DeleteUser({ user_id: userId }, m, o, done), toVoid),
    setCardOnFile(userId, hasCard) {
      // protobuf would send any truthy value as true; the service's own check answers it here.
      try {
        assertHasCard(hasCard)
      } catch (error) {
        return Promise.reject(error)
      }
      return call((m, o, done) => client.SetCardOnFile({ user_id: userId, has_card: hasCard }, m, o, done), toVoid)
    },
    listApiKeys: (userId) =>
      call(
        (m, o, done) => client.ListApiKeys({ user_id: userId }, m, o, done),
        ({ api_keys }: ListApiKeysResponse__Output) => api_keys.map(fromApiKeyMessage),
      ),
    createApiKey: (userId, request) =>
      call((m, o, done) => client.CreateApiKey(toCreateApiKeyRequestMessage(userId, request), m, o, done), fromApiKeyMessage),
    revokeApiKey: (userId, apiKeyId) =>
      call((m, o, done) => client.RevokeApiKey({ user_id: userId, api_key_id: apiKeyId }, m, o, done), toVoid),
    rotateApiKey: (userId, apiKeyId) =>
      call((m, o, done) => client.RotateApiKey({ user_id: userId, api_key_id: apiKeyId }, m, o, done), fromApiKeyMessage),
    authenticateApiKey: (keyHash) =>
      call(
        (m, o, done) => client.AuthenticateApiKey({ key_hash: keyHash }, m, o, done),
        ({ principal }: AuthenticateApiKeyResponse__Output) => (principal === null ? null : fromApiKeyPrincipalMessage(principal)),
      ),
    recordKeyUsage: (usage) => call((m, o, done) => client.RecordKeyUsage({ usage: usage.map(toKeyUsageMessage) }, m, o, done), toVoid),
    recordSimulations: (records) =>
      call((m, o, done) => client.RecordSimulations({ records: records.map(toSimulationRecordMessage) }, m, o, done), toVoid),
    listSimulations: (query) =>
      call((m, o, done) => client.ListSimulations(toListSimulationsRequestMessage(query), m, o, done), fromSimulationPageMessage),
    getUserStats: (userId) => call((m, o, done) => client.GetUserStats({ user_id: userId }, m, o, done), fromUserStatsMessage),
    getServiceTotals: () => call((m, o, done) => client.GetServiceTotals({}, m, o, done), fromServiceTotalsMessage),
    getSimulationCountsSince: (sinceMs) =>
      call(
        (m, o, done) => client.GetSimulationCounts({ since_ms: sinceMs }, m, o, done),
        ({ counts }: SimulationCountsOutput) => counts.map((count) => ({ userId: count.user_id, simulations: count.simulations })),
      ),
    getSubmitUsage: (userId, sinceMs, untilMs) =>
      call(
        (m, o, done) => client.GetSubmitUsage({ user_id: userId, since_ms: sinceMs, until_ms: untilMs }, m, o, done),
        fromSubmitUsageMessage,
      ),
    getProgramBlocks: (userId) => call((m, o, done) => client.GetProgramBlocks({ user_id: userId }, m, o, done), fromProgramBlocksMessage),
    setProgramBlocks(userId, programIds) {
      // A non-array would fail in the message encoder as a TypeError; the service's own check
      // answers it here, so both transports reject it with the same catalogue error.
      try {
        assertProgramIdList(programIds)
      } catch (error) {
        return Promise.reject(error)
      }
      return call(
        (m, o, done) => client.SetProgramBlocks({ user_id: userId, program_ids: [...programIds] }, m, o, done),
        fromProgramBlocksMessage,
      )
    },
    removeProgramBlock: (userId, programId) =>
      call((m, o, done) => client.RemoveProgramBlock({ user_id: userId, program_id: programId }, m, o, done), fromProgramBlocksMessage),
    trackTransaction(record, leaseMs) {
      // protobuf would coerce what the service refuses (a string for bytes, NaN inside the JSON); the
      // service's own checks answer it here, so both transports reject it with the same error.
      let message
      try {
        assertTrackingRecord(record)
        message = toTrackedTransactionMessage(record)
      } catch (error) {
        return Promise.reject(error)
      }
      return call(
        (m, o, done) => client.TrackTransaction({ record: message, lease_ms: leaseMs }, m, o, done),
        ({ record: stored, created }: TrackTransactionResponseOutput) => {
          if (stored === null) throw createServiceError('internal_error', 'the accounts service sent no tracking record')
          return { record: fromTrackedTransactionAnswerMessage(stored), created }
        },
      )
    },
    updateTrackedTransaction(userId, signature, patch, leaseMs) {
      let message
      try {
        assertTrackingPatch(patch)
        message = toTrackedTransactionPatchMessage(patch)
      } catch (error) {
        return Promise.reject(error)
      }
      return call(
        (m, o, done) => client.UpdateTrackedTransaction({ user_id: userId, signature, patch: message, lease_ms: leaseMs }, m, o, done),
        toVoid,
      )
    },
    getTrackedTransaction: (userId, signature) =>
      call(
        (m, o, done) => client.GetTrackedTransaction({ user_id: userId, signature }, m, o, done),
        ({ record }: GetTrackedTransactionResponseOutput) => (record === null ? null : fromTrackedTransactionAnswerMessage(record)),
      ),
    claimUnresolvedTransactions: (leaseMs, limit) =>
      call(
        (m, o, done) => client.ClaimUnresolvedTransactions({ lease_ms: leaseMs, limit }, m, o, done),
        ({ records }: ClaimUnresolvedTransactionsResponseOutput) => records.map(fromTrackedTransactionAnswerMessage),
      ),
    getManagedTipLamportsSince: (userId, sinceMs) =>
      call(
        (m, o, done) => client.GetManagedTipLamports({ user_id: userId, since_ms: sinceMs }, m, o, done),
        ({ lamports }: ManagedTipLamportsOutput) => BigInt(lamports),
      ),
    createWebhookEndpoint(userId, { url, events, description }) {
      // protobuf would turn a non-array or a non-string into something the service accepts; the
      // service's own checks answer it here, so both transports refuse it alike.
      try {
        toWebhookEvents(events)
        toWebhookDescription(description)
        if (typeof url !== 'string') throw createServiceError('validation_error', 'url: must be a non-empty string')
      } catch (error) {
        return Promise.reject(error)
      }
      return call(
        (m, o, done) =>
          client.CreateWebhookEndpoint({ user_id: userId, url, events: [...events], description: description ?? undefined }, m, o, done),
        fromWebhookEndpointMessage,
      )
    },
    listWebhookEndpoints: (userId) =>
      call(
        (m, o, done) => client.ListWebhookEndpoints({ user_id: userId }, m, o, done),
        ({ endpoints }: ListWebhookEndpointsOutput) => endpoints.map(fromWebhookEndpointMessage),
      ),
    deleteWebhookEndpoint: (userId, endpointId) =>
      call((m, o, done) => client.DeleteWebhookEndpoint({ user_id: userId, endpoint_id: endpointId }, m, o, done), toVoid),
    rotateWebhookSecret: (userId, endpointId) =>
      call(
        (m, o, done) => client.RotateWebhookSecret({ user_id: userId, endpoint_id: endpointId }, m, o, done),
        fromWebhookEndpointMessage,
      ),
    listWebhookDeliveries: (userId, endpointId) =>
      call(
        (m, o, done) => client.ListWebhookDeliveries({ user_id: userId, endpoint_id: endpointId }, m, o, done),
        ({ deliveries }: ListWebhookDeliveriesOutput) => deliveries.map(fromWebhookDeliveryMessage),
      ),
    sendTestWebhook: (userId, endpointId) =>
      call((m, o, done) => client.SendTestWebhook({ user_id: userId, endpoint_id: endpointId }, m, o, done), fromWebhookDeliveryMessage),
    redeliverWebhook: (userId, endpointId, deliveryId) =>
      call(
        (m, o, done) => client.RedeliverWebhook({ user_id: userId, endpoint_id: endpointId, delivery_id: deliveryId }, m, o, done),
        fromWebhookDeliveryMessage,
      ),
    enqueueWebhookEvent: (userId, type, data) =>
      call((m, o, done) => client.EnqueueWebhookEvent({ user_id: userId, type, data_json: JSON.stringify(data) }, m, o, done), toVoid),
    createCheckoutSession(userId, request) {
      // protobuf would send a non-string URL as text; the service's own check answers it here.
      try {
        toCheckoutUrl('success_url', request.successUrl)
        toCheckoutUrl('cancel_url', request.cancelUrl)
      } catch (error) {
        return Promise.reject(error)
      }
      return call(
        (m, o, done) => client.CreateCheckoutSession(toCreateCheckoutSessionRequestMessage(userId, request), m, o, done),
        ({ checkout_url, session_id }: CheckoutSessionOutput) => ({ checkout_url, session_id }),
      )
    },
    createPortalSession: (userId) =>
      call(
        (m, o, done) => client.CreatePortalSession({ user_id: userId }, m, o, done),
        ({ portal_url }: PortalSessionOutput) => ({ portal_url }),
      ),
    getSubscription: (userId) =>
      call((m, o, done) => client.GetSubscription({ user_id: userId }, m, o, done), fromBillingSubscriptionMessage),
    getBillingUsage: (userId) => call((m, o, done) => client.GetBillingUsage({ user_id: userId }, m, o, done), fromBillingUsageMessage),
    handleStripeWebhook(payload, signatureHeader) {
      // protobuf would encode a string as base64 bytes and a number as a header; the service's own check answers it here.
      try {
        assertStripeWebhookInput(payload, signatureHeader)
      } catch (error) {
        return Promise.reject(error)
      }
      return call(
        (m, o, done) => client.HandleStripeWebhook({ payload, signature_header: signatureHeader }, m, o, done),
        ({ event_id, duplicate }: StripeWebhookOutcomeOutput) => ({ event_id, duplicate }),
      )
    },
    recordQuotaExceeded: (userId) => call((m, o, done) => client.RecordQuotaExceeded({ user_id: userId }, m, o, done), toVoid),
    close: async () => client.close(),
  }
}
