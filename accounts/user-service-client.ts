/**
 * How the edge (and the engine) reach the user service: the UserService interface itself, over two
 * transports. In-process (the default: one process runs both) and gRPC (`ACCOUNTS_URL`: the
 * accounts process on another host; every call built from the service's method table,
 * grpc/accounts-methods.ts, as the server's handlers are). Both pass
 * test/accounts/user-service-contract.test.ts.
 */
import { credentials, Metadata, type CallOptions, type ServiceError as GrpcServiceError } from '@grpc/grpc-js'
import { createServiceError } from '../lib/errors.js'
import { INTERNAL_TOKEN_METADATA } from '../lib/grpc/internal-token.js'
import { loadAccountsProto } from '../lib/grpc/load-proto.js'
import { fromGrpcError } from '../lib/grpc/service-error-status.js'
import type { UserService } from './contract/index.js'
import { ACCOUNTS_METHODS, type AnyAccountsMethod } from './grpc/accounts-methods.js'

export type UserServiceClient = UserService & {
  close(): Promise<void>
}

/** The user service called directly in this process. */
export function createInProcessUserServiceClient(userService: UserService): UserServiceClient {
  return {
    register: (credentials) => userService.register(credentials),
    login: (credentials) => userService.login(credentials),
    refresh: (refreshToken) => userService.refresh(refreshToken),
    logout: (refreshToken) => userService.logout(refreshToken),
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
    getUserStats: (userId, days) => userService.getUserStats(userId, days),
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
    isBillingEnabled: () => userService.isBillingEnabled(),
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

  type UnaryCall = (
    request: unknown,
    metadata: Metadata,
    options: CallOptions,
    done: (error: GrpcServiceError | null, message?: unknown) => void,
  ) => void
  /** One method of the table: the client's check, then the call with a fresh deadline, its answer converted; failures become catalogue errors. */
  const call = (method: AnyAccountsMethod, args: never[]): Promise<unknown> =>
    new Promise<unknown>((resolve, reject) => {
      let request: unknown
      try {
        method.check?.(...args)
        request = method.toRequest(...args)
      } catch (error) {
        return reject(error)
      }
      const start = (client as unknown as Record<string, UnaryCall>)[method.rpc] as UnaryCall
      start.call(client, request, metadata, { deadline: Date.now() + callTimeoutMs }, (error, message) => {
        if (error) return reject(fromGrpcError(error, 'accounts_unavailable'))
        if (message === undefined) return reject(createServiceError('accounts_unavailable', 'the accounts service sent an empty response'))
        try {
          resolve(method.fromResponse(message as never))
        } catch (conversionError) {
          reject(conversionError)
        }
      })
    })

  const calls = {} as Record<keyof UserService, (...args: never[]) => Promise<unknown>>
  for (const [name, method] of Object.entries(ACCOUNTS_METHODS) as Array<[keyof UserService, AnyAccountsMethod]>) {
    calls[name] = (...args) => call(method, args)
  }
  return { ...(calls as unknown as UserService), close: async () => client.close() }
}
