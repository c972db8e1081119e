/**
 * The user service's gRPC server: the UserService interface for edges and engines that run apart
 * from it (accounts/user-service-client.ts), served as the proto's `Accounts` service, whose name
 * stays (proto/accounts.proto). It can mint keys for any user, so every call must carry the
 * internal token (`x-internal-token`, ACCOUNTS_INTERNAL_TOKEN); a call without it is
 * UNAUTHENTICATED before anything is read. Failures travel as catalogue codes in the `error-code`
 * trailer.
 */
import { Server, type handleUnaryCall } from '@grpc/grpc-js'
import { createServiceError, isServiceError } from '../lib/errors.js'
import { bindGrpcServer } from '../lib/grpc/bind-grpc-server.js'
import { shutDownGrpcServer } from '../lib/grpc/shut-down-grpc-server.js'
import { hasInternalToken, MIN_INTERNAL_TOKEN_LENGTH } from '../lib/grpc/internal-token.js'
import { loadAccountsProto } from '../lib/grpc/load-proto.js'
import { toGrpcError } from '../lib/grpc/service-error-status.js'
import { toListenError } from '../lib/listen-error.js'
import { createLogThrottle } from '../lib/log-throttle.js'
import type { Logger } from '../lib/logger.js'
import type { AccountsHandlers } from '../proto/gen/preflight/accounts/v1/Accounts.js'
import type { JsonValue, UserService } from './contract/index.js'
import { userServiceConfigSchema } from './config.js'
import {
  fromListSimulationsRequestMessage,
  fromSimulationRecordMessage,
  toServiceTotalsMessage,
  toSimulationPageMessage,
  toUserStatsMessage,
} from './grpc/history-messages.js'
import { toSubmitUsageMessage } from './grpc/submit-usage-messages.js'
import {
  fromCreateApiKeyRequestMessage,
  fromKeyUsageMessage,
  toApiKeyMessage,
  toApiKeyPrincipalMessage,
  toAuthResponseMessage,
  toUserMessage,
  toUserStateMessage,
} from './grpc/identity-messages.js'
import { toProgramBlocksMessage } from './grpc/program-blocks-messages.js'
import { toWebhookDeliveryMessage, toWebhookEndpointMessage } from './grpc/webhook-messages.js'
import { fromCreateCheckoutSessionRequestMessage, toBillingSubscriptionMessage, toBillingUsageMessage } from './grpc/billing-messages.js'
import { isWebhookEventType } from './webhooks/webhook-values.js'
import {
  fromTrackedTransactionPatchMessage,
  fromTrackedTransactionRequestMessage,
  toTrackedTransactionMessage,
} from './grpc/tracking-messages.js'

export interface UserServiceServer {
  /** The bound address, e.g. 127.0.0.1:50052. */
  readonly address: string
  /** Stops accepting calls and waits for the ones in flight. */
  close(): Promise<void>
}

export interface UserServiceServerOptions {
  /** The token every call must present (ACCOUNTS_INTERNAL_TOKEN). */
  internalToken: string
  /** Where failures that are not catalogue errors are logged (their cause never reaches the caller). */
  logger?: Logger
}

/** Serves `userService` over gRPC on host:port (port 0 picks a free one) to callers presenting `internalToken`. */
export async function startUserServiceServer(
  userService: UserService,
  host: string,
  port: number,
  { internalToken, logger }: UserServiceServerOptions,
): Promise<UserServiceServer> {
  if (typeof internalToken !== 'string' || internalToken.length < MIN_INTERNAL_TOKEN_LENGTH) {
    throw new Error(`the accounts gRPC port needs an internal token of at least ${MIN_INTERNAL_TOKEN_LENGTH} characters`)
  }
  const expectedToken = Buffer.from(internalToken)
  // Refusals are worth seeing, but a caller hammering the port must not flood the log with them.
  const refusals = createLogThrottle()
  const logRefusal = (method: string, peer: string) => {
    const refused = refusals()
    if (refused > 0) logger?.warn({ method, peer, refused }, 'accounts calls without the internal token refused')
  }

  /** A unary handler that answers with `work`'s message, or with the catalogue error it throws. */
  function unary<Request, Response>(method: string, work: (request: Request) => Promise<Response>): handleUnaryCall<Request, Response> {
    return (call, callback) => {
      if (!hasInternalToken(call.metadata, expectedToken)) {
        logRefusal(method, call.getPeer())
        return callback(
          toGrpcError(
            createServiceError('unauthorized', 'This port takes calls from the service’s own processes only (x-internal-token).'),
          ),
        )
      }
      // Through a promise so a synchronous throw (in a conversion) is answered like a rejection.
      Promise.resolve(call.request)
        .then(work)
        .then(
          (response) => callback(null, response),
          (error: unknown) => {
            if (!isServiceError(error)) logger?.error({ err: error, method }, 'accounts call failed')
            callback(toGrpcError(error))
          },
        )
    }
  }

  const handlers: AccountsHandlers = {
    Register: unary('Register', async ({ email, password }) => toAuthResponseMessage(await userService.register({ email, password }))),
    Login: unary('Login', async ({ email, password }) => toAuthResponseMessage(await userService.login({ email, password }))),
    Refresh: unary('Refresh', async ({ refresh_token }) => toAuthResponseMessage(await userService.refresh(refresh_token))),
    GetUser: unary('GetUser', async ({ user_id }) => toUserMessage(await userService.getUser(user_id))),
    GetUserState: unary('GetUserState', async ({ user_id }) => {
      const state = await userService.getUserState(user_id)
      return { state: state === null ? null : toUserStateMessage(state) }
    }),
    DeleteUser: unary('DeleteUser', async ({ user_id }) => {
      await userService.deleteUser(user_id)
      return {}
    }),
    SetCardOnFile: unary('SetCardOnFile', async ({ user_id, has_card }) => {
      await userService.setCardOnFile(user_id, has_card)
      return {}
    }),
    ListApiKeys: unary('ListApiKeys', async ({ user_id }) => ({ api_keys: (await userService.listApiKeys(user_id)).map(toApiKeyMessage) })),
    CreateApiKey: unary('CreateApiKey', async (request) =>
      toApiKeyMessage(await userService.createApiKey(request.user_id, fromCreateApiKeyRequestMessage(request))),
    ),
    RevokeApiKey: unary('RevokeApiKey', async ({ user_id, api_key_id }) => {
      await userService.revokeApiKey(user_id, api_key_id)
      return {}
    }),
    RotateApiKey: unary('RotateApiKey', async ({ user_id, api_key_id }) =>
      toApiKeyMessage(await userService.rotateApiKey(user_id, api_key_id)),
    ),
    AuthenticateApiKey: unary('AuthenticateApiKey', async ({ key_hash }) => {
      const principal = await userService.authenticateApiKey(key_hash)
      return { principal: principal === null ? null : toApiKeyPrincipalMessage(principal) }
    }),
    RecordKeyUsage: unary('RecordKeyUsage', async ({ usage }) => {
      await userService.recordKeyUsage(usage.map(fromKeyUsageMessage))
      return {}
    }),
    RecordSimulations: unary('RecordSimulations', async ({ records }) => {
      await userService.recordSimulations(records.map(fromSimulationRecordMessage))
      return {}
    }),
    ListSimulations: unary('ListSimulations', async (request) =>
      toSimulationPageMessage(await userService.listSimulations(fromListSimulationsRequestMessage(request))),
    ),
    GetUserStats: unary('GetUserStats', async ({ user_id }) => toUserStatsMessage(await userService.getUserStats(user_id))),
    GetServiceTotals: unary('GetServiceTotals', async () => toServiceTotalsMessage(await userService.getServiceTotals())),
    GetSimulationCounts: unary('GetSimulationCounts', async ({ since_ms }) => ({
      counts: (await userService.getSimulationCountsSince(since_ms)).map(({ userId, simulations }) => ({ user_id: userId, simulations })),
    })),
    GetSubmitUsage: unary('GetSubmitUsage', async ({ user_id, since_ms, until_ms }) =>
      toSubmitUsageMessage(await userService.getSubmitUsage(user_id, since_ms, until_ms)),
    ),
    GetProgramBlocks: unary('GetProgramBlocks', async ({ user_id }) => toProgramBlocksMessage(await userService.getProgramBlocks(user_id))),
    SetProgramBlocks: unary('SetProgramBlocks', async ({ user_id, program_ids }) =>
      toProgramBlocksMessage(await userService.setProgramBlocks(user_id, program_ids)),
    ),
    RemoveProgramBlock: unary('RemoveProgramBlock', async ({ user_id, program_id }) =>
      toProgramBlocksMessage(await userService.removeProgramBlock(user_id, program_id)),
    ),
    TrackTransaction: unary('TrackTransaction', async ({ record, lease_ms }) => {
      if (record === null) throw createServiceError('validation_error', 'record: is required')
      const tracked = await userService.trackTransaction(fromTrackedTransactionRequestMessage(record), lease_ms)
      return { record: toTrackedTransactionMessage(tracked.record), created: tracked.created }
    }),
    UpdateTrackedTransaction: unary('UpdateTrackedTransaction', async ({ user_id, signature, patch, lease_ms }) => {
      await userService.updateTrackedTransaction(user_id, signature, fromTrackedTransactionPatchMessage(patch), lease_ms)
      return {}
    }),
    GetTrackedTransaction: unary('GetTrackedTransaction', async ({ user_id, signature }) => {
      const record = await userService.getTrackedTransaction(user_id, signature)
      return { record: record === null ? null : toTrackedTransactionMessage(record) }
    }),
    ClaimUnresolvedTransactions: unary('ClaimUnresolvedTransactions', async ({ lease_ms, limit }) => ({
      records: (await userService.claimUnresolvedTransactions(lease_ms, limit)).map(toTrackedTransactionMessage),
    })),
    GetManagedTipLamports: unary('GetManagedTipLamports', async ({ user_id, since_ms }) => ({
      lamports: (await userService.getManagedTipLamportsSince(user_id, since_ms)).toString(),
    })),
    CreateWebhookEndpoint: unary('CreateWebhookEndpoint', async ({ user_id, url, events, description }) =>
      toWebhookEndpointMessage(await userService.createWebhookEndpoint(user_id, { url, events, description })),
    ),
    ListWebhookEndpoints: unary('ListWebhookEndpoints', async ({ user_id }) => ({
      endpoints: (await userService.listWebhookEndpoints(user_id)).map(toWebhookEndpointMessage),
    })),
    DeleteWebhookEndpoint: unary('DeleteWebhookEndpoint', async ({ user_id, endpoint_id }) => {
      await userService.deleteWebhookEndpoint(user_id, endpoint_id)
      return {}
    }),
    RotateWebhookSecret: unary('RotateWebhookSecret', async ({ user_id, endpoint_id }) =>
      toWebhookEndpointMessage(await userService.rotateWebhookSecret(user_id, endpoint_id)),
    ),
    ListWebhookDeliveries: unary('ListWebhookDeliveries', async ({ user_id, endpoint_id }) => ({
      deliveries: (await userService.listWebhookDeliveries(user_id, endpoint_id)).map(toWebhookDeliveryMessage),
    })),
    SendTestWebhook: unary('SendTestWebhook', async ({ user_id, endpoint_id }) =>
      toWebhookDeliveryMessage(await userService.sendTestWebhook(user_id, endpoint_id)),
    ),
    RedeliverWebhook: unary('RedeliverWebhook', async ({ user_id, endpoint_id, delivery_id }) =>
      toWebhookDeliveryMessage(await userService.redeliverWebhook(user_id, endpoint_id, delivery_id)),
    ),
    EnqueueWebhookEvent: unary('EnqueueWebhookEvent', async ({ user_id, type, data_json }) => {
      if (!isWebhookEventType(type)) throw createServiceError('validation_error', 'type: is not a webhook event')
      let data: JsonValue
      try {
        data = JSON.parse(data_json) as JsonValue
      } catch {
        throw createServiceError('validation_error', 'data_json: is not JSON')
      }
      await userService.enqueueWebhookEvent(user_id, type, data)
      return {}
    }),
    CreateCheckoutSession: unary('CreateCheckoutSession', async (request) =>
      userService.createCheckoutSession(request.user_id, fromCreateCheckoutSessionRequestMessage(request)),
    ),
    CreatePortalSession: unary('CreatePortalSession', async ({ user_id }) => userService.createPortalSession(user_id)),
    GetSubscription: unary('GetSubscription', async ({ user_id }) =>
      toBillingSubscriptionMessage(await userService.getSubscription(user_id)),
    ),
    GetBillingUsage: unary('GetBillingUsage', async ({ user_id }) => toBillingUsageMessage(await userService.getBillingUsage(user_id))),
    HandleStripeWebhook: unary('HandleStripeWebhook', async ({ payload, signature_header }) =>
      userService.handleStripeWebhook(payload, signature_header),
    ),
    RecordQuotaExceeded: unary('RecordQuotaExceeded', async ({ user_id }) => {
      await userService.recordQuotaExceeded(user_id)
      return {}
    }),
  }

  const proto = loadAccountsProto()
  const server = new Server()
  server.addService(proto.preflight.accounts.v1.Accounts.service, handlers)
  const boundPort = await bindGrpcServer(server, host, port).catch((error: unknown) => {
    throw toListenError(error, userServiceConfigSchema.grpcPort.env, `${host}:${port}`)
  })
  return {
    address: `${host}:${boundPort}`,
    close: () => shutDownGrpcServer(server),
  }
}
