// Original file: accounts.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { ApiKey as _preflight_accounts_v1_ApiKey, ApiKey__Output as _preflight_accounts_v1_ApiKey__Output } from '../../../preflight/accounts/v1/ApiKey';
import type { AuthResponse as _preflight_accounts_v1_AuthResponse, AuthResponse__Output as _preflight_accounts_v1_AuthResponse__Output } from '../../../preflight/accounts/v1/AuthResponse';
import type { AuthenticateApiKeyRequest as _preflight_accounts_v1_AuthenticateApiKeyRequest, AuthenticateApiKeyRequest__Output as _preflight_accounts_v1_AuthenticateApiKeyRequest__Output } from '../../../preflight/accounts/v1/AuthenticateApiKeyRequest';
import type { AuthenticateApiKeyResponse as _preflight_accounts_v1_AuthenticateApiKeyResponse, AuthenticateApiKeyResponse__Output as _preflight_accounts_v1_AuthenticateApiKeyResponse__Output } from '../../../preflight/accounts/v1/AuthenticateApiKeyResponse';
import type { BillingEnabled as _preflight_accounts_v1_BillingEnabled, BillingEnabled__Output as _preflight_accounts_v1_BillingEnabled__Output } from '../../../preflight/accounts/v1/BillingEnabled';
import type { BillingSubscription as _preflight_accounts_v1_BillingSubscription, BillingSubscription__Output as _preflight_accounts_v1_BillingSubscription__Output } from '../../../preflight/accounts/v1/BillingSubscription';
import type { BillingUsage as _preflight_accounts_v1_BillingUsage, BillingUsage__Output as _preflight_accounts_v1_BillingUsage__Output } from '../../../preflight/accounts/v1/BillingUsage';
import type { BillingUserRequest as _preflight_accounts_v1_BillingUserRequest, BillingUserRequest__Output as _preflight_accounts_v1_BillingUserRequest__Output } from '../../../preflight/accounts/v1/BillingUserRequest';
import type { CheckoutSession as _preflight_accounts_v1_CheckoutSession, CheckoutSession__Output as _preflight_accounts_v1_CheckoutSession__Output } from '../../../preflight/accounts/v1/CheckoutSession';
import type { ClaimUnresolvedTransactionsRequest as _preflight_accounts_v1_ClaimUnresolvedTransactionsRequest, ClaimUnresolvedTransactionsRequest__Output as _preflight_accounts_v1_ClaimUnresolvedTransactionsRequest__Output } from '../../../preflight/accounts/v1/ClaimUnresolvedTransactionsRequest';
import type { ClaimUnresolvedTransactionsResponse as _preflight_accounts_v1_ClaimUnresolvedTransactionsResponse, ClaimUnresolvedTransactionsResponse__Output as _preflight_accounts_v1_ClaimUnresolvedTransactionsResponse__Output } from '../../../preflight/accounts/v1/ClaimUnresolvedTransactionsResponse';
import type { CreateApiKeyRequest as _preflight_accounts_v1_CreateApiKeyRequest, CreateApiKeyRequest__Output as _preflight_accounts_v1_CreateApiKeyRequest__Output } from '../../../preflight/accounts/v1/CreateApiKeyRequest';
import type { CreateCheckoutSessionRequest as _preflight_accounts_v1_CreateCheckoutSessionRequest, CreateCheckoutSessionRequest__Output as _preflight_accounts_v1_CreateCheckoutSessionRequest__Output } from '../../../preflight/accounts/v1/CreateCheckoutSessionRequest';
import type { CreateWebhookEndpointRequest as _preflight_accounts_v1_CreateWebhookEndpointRequest, CreateWebhookEndpointRequest__Output as _preflight_accounts_v1_CreateWebhookEndpointRequest__Output } from '../../../preflight/accounts/v1/CreateWebhookEndpointRequest';
import type { DeleteUserRequest as _preflight_accounts_v1_DeleteUserRequest, DeleteUserRequest__Output as _preflight_accounts_v1_DeleteUserRequest__Output } from '../../../preflight/accounts/v1/DeleteUserRequest';
import type { DeleteUserResponse as _preflight_accounts_v1_DeleteUserResponse, DeleteUserResponse__Output as _preflight_accounts_v1_DeleteUserResponse__Output } from '../../../preflight/accounts/v1/DeleteUserResponse';
import type { DeleteWebhookEndpointResponse as _preflight_accounts_v1_DeleteWebhookEndpointResponse, DeleteWebhookEndpointResponse__Output as _preflight_accounts_v1_DeleteWebhookEndpointResponse__Output } from '../../../preflight/accounts/v1/DeleteWebhookEndpointResponse';
import type { EnqueueWebhookEventRequest as _preflight_accounts_v1_EnqueueWebhookEventRequest, EnqueueWebhookEventRequest__Output as _preflight_accounts_v1_EnqueueWebhookEventRequest__Output } from '../../../preflight/accounts/v1/EnqueueWebhookEventRequest';
import type { EnqueueWebhookEventResponse as _preflight_accounts_v1_EnqueueWebhookEventResponse, EnqueueWebhookEventResponse__Output as _preflight_accounts_v1_EnqueueWebhookEventResponse__Output } from '../../../preflight/accounts/v1/EnqueueWebhookEventResponse';
import type { GetBillingEnabledRequest as _preflight_accounts_v1_GetBillingEnabledRequest, GetBillingEnabledRequest__Output as _preflight_accounts_v1_GetBillingEnabledRequest__Output } from '../../../preflight/accounts/v1/GetBillingEnabledRequest';
import type { GetManagedTipLamportsRequest as _preflight_accounts_v1_GetManagedTipLamportsRequest, GetManagedTipLamportsRequest__Output as _preflight_accounts_v1_GetManagedTipLamportsRequest__Output } from '../../../preflight/accounts/v1/GetManagedTipLamportsRequest';
import type { GetProgramBlocksRequest as _preflight_accounts_v1_GetProgramBlocksRequest, GetProgramBlocksRequest__Output as _preflight_accounts_v1_GetProgramBlocksRequest__Output } from '../../../preflight/accounts/v1/GetProgramBlocksRequest';
import type { GetServiceTotalsRequest as _preflight_accounts_v1_GetServiceTotalsRequest, GetServiceTotalsRequest__Output as _preflight_accounts_v1_GetServiceTotalsRequest__Output } from '../../../preflight/accounts/v1/GetServiceTotalsRequest';
import type { GetSimulationCountsRequest as _preflight_accounts_v1_GetSimulationCountsRequest, GetSimulationCountsRequest__Output as _preflight_accounts_v1_GetSimulationCountsRequest__Output } from '../../../preflight/accounts/v1/GetSimulationCountsRequest';
import type { GetSubmitUsageRequest as _preflight_accounts_v1_GetSubmitUsageRequest, GetSubmitUsageRequest__Output as _preflight_accounts_v1_GetSubmitUsageRequest__Output } from '../../../preflight/accounts/v1/GetSubmitUsageRequest';
import type { GetTrackedTransactionRequest as _preflight_accounts_v1_GetTrackedTransactionRequest, GetTrackedTransactionRequest__Output as _preflight_accounts_v1_GetTrackedTransactionRequest__Output } from '../../../preflight/accounts/v1/GetTrackedTransactionRequest';
import type { GetTrackedTransactionResponse as _preflight_accounts_v1_GetTrackedTransactionResponse, GetTrackedTransactionResponse__Output as _preflight_accounts_v1_GetTrackedTransactionResponse__Output } from '../../../preflight/accounts/v1/GetTrackedTransactionResponse';
import type { GetUserRequest as _preflight_accounts_v1_GetUserRequest, GetUserRequest__Output as _preflight_accounts_v1_GetUserRequest__Output } from '../../../preflight/accounts/v1/GetUserRequest';
import type { GetUserStateRequest as _preflight_accounts_v1_GetUserStateRequest, GetUserStateRequest__Output as _preflight_accounts_v1_GetUserStateRequest__Output } from '../../../preflight/accounts/v1/GetUserStateRequest';
import type { GetUserStateResponse as _preflight_accounts_v1_GetUserStateResponse, GetUserStateResponse__Output as _preflight_accounts_v1_GetUserStateResponse__Output } from '../../../preflight/accounts/v1/GetUserStateResponse';
import type { GetUserStatsRequest as _preflight_accounts_v1_GetUserStatsRequest, GetUserStatsRequest__Output as _preflight_accounts_v1_GetUserStatsRequest__Output } from '../../../preflight/accounts/v1/GetUserStatsRequest';
import type { HandleStripeWebhookRequest as _preflight_accounts_v1_HandleStripeWebhookRequest, HandleStripeWebhookRequest__Output as _preflight_accounts_v1_HandleStripeWebhookRequest__Output } from '../../../preflight/accounts/v1/HandleStripeWebhookRequest';
import type { ListApiKeysRequest as _preflight_accounts_v1_ListApiKeysRequest, ListApiKeysRequest__Output as _preflight_accounts_v1_ListApiKeysRequest__Output } from '../../../preflight/accounts/v1/ListApiKeysRequest';
import type { ListApiKeysResponse as _preflight_accounts_v1_ListApiKeysResponse, ListApiKeysResponse__Output as _preflight_accounts_v1_ListApiKeysResponse__Output } from '../../../preflight/accounts/v1/ListApiKeysResponse';
import type { ListSimulationsRequest as _preflight_accounts_v1_ListSimulationsRequest, ListSimulationsRequest__Output as _preflight_accounts_v1_ListSimulationsRequest__Output } from '../../../preflight/accounts/v1/ListSimulationsRequest';
import type { ListWebhookDeliveriesResponse as _preflight_accounts_v1_ListWebhookDeliveriesResponse, ListWebhookDeliveriesResponse__Output as _preflight_accounts_v1_ListWebhookDeliveriesResponse__Output } from '../../../preflight/accounts/v1/ListWebhookDeliveriesResponse';
import type { ListWebhookEndpointsResponse as _preflight_accounts_v1_ListWebhookEndpointsResponse, ListWebhookEndpointsResponse__Output as _preflight_accounts_v1_ListWebhookEndpointsResponse__Output } from '../../../preflight/accounts/v1/ListWebhookEndpointsResponse';
import type { LoginRequest as _preflight_accounts_v1_LoginRequest, LoginRequest__Output as _preflight_accounts_v1_LoginRequest__Output } from '../../../preflight/accounts/v1/LoginRequest';
import type { LogoutRequest as _preflight_accounts_v1_LogoutRequest, LogoutRequest__Output as _preflight_accounts_v1_LogoutRequest__Output } from '../../../preflight/accounts/v1/LogoutRequest';
import type { LogoutResponse as _preflight_accounts_v1_LogoutResponse, LogoutResponse__Output as _preflight_accounts_v1_LogoutResponse__Output } from '../../../preflight/accounts/v1/LogoutResponse';
import type { ManagedTipLamports as _preflight_accounts_v1_ManagedTipLamports, ManagedTipLamports__Output as _preflight_accounts_v1_ManagedTipLamports__Output } from '../../../preflight/accounts/v1/ManagedTipLamports';
import type { PortalSession as _preflight_accounts_v1_PortalSession, PortalSession__Output as _preflight_accounts_v1_PortalSession__Output } from '../../../preflight/accounts/v1/PortalSession';
import type { ProgramBlocks as _preflight_accounts_v1_ProgramBlocks, ProgramBlocks__Output as _preflight_accounts_v1_ProgramBlocks__Output } from '../../../preflight/accounts/v1/ProgramBlocks';
import type { RecordKeyUsageRequest as _preflight_accounts_v1_RecordKeyUsageRequest, RecordKeyUsageRequest__Output as _preflight_accounts_v1_RecordKeyUsageRequest__Output } from '../../../preflight/accounts/v1/RecordKeyUsageRequest';
import type { RecordKeyUsageResponse as _preflight_accounts_v1_RecordKeyUsageResponse, RecordKeyUsageResponse__Output as _preflight_accounts_v1_RecordKeyUsageResponse__Output } from '../../../preflight/accounts/v1/RecordKeyUsageResponse';
import type { RecordQuotaExceededResponse as _preflight_accounts_v1_RecordQuotaExceededResponse, RecordQuotaExceededResponse__Output as _preflight_accounts_v1_RecordQuotaExceededResponse__Output } from '../../../preflight/accounts/v1/RecordQuotaExceededResponse';
import type { RecordSimulationsRequest as _preflight_accounts_v1_RecordSimulationsRequest, RecordSimulationsRequest__Output as _preflight_accounts_v1_RecordSimulationsRequest__Output } from '../../../preflight/accounts/v1/RecordSimulationsRequest';
import type { RecordSimulationsResponse as _preflight_accounts_v1_RecordSimulationsResponse, RecordSimulationsResponse__Output as _preflight_accounts_v1_RecordSimulationsResponse__Output } from '../../../preflight/accounts/v1/RecordSimulationsResponse';
import type { RedeliverWebhookRequest as _preflight_accounts_v1_RedeliverWebhookRequest, RedeliverWebhookRequest__Output as _preflight_accounts_v1_RedeliverWebhookRequest__Output } from '../../../preflight/accounts/v1/RedeliverWebhookRequest';
import type { RefreshRequest as _preflight_accounts_v1_RefreshRequest, RefreshRequest__Output as _preflight_accounts_v1_RefreshRequest__Output } from '../../../preflight/accounts/v1/RefreshRequest';
import type { RegisterRequest as _preflight_accounts_v1_RegisterRequest, RegisterRequest__Output as _preflight_accounts_v1_RegisterRequest__Output } from '../../../preflight/accounts/v1/RegisterRequest';
import type { RemoveProgramBlockRequest as _preflight_accounts_v1_RemoveProgramBlockRequest, RemoveProgramBlockRequest__Output as _preflight_accounts_v1_RemoveProgramBlockRequest__Output } from '../../../preflight/accounts/v1/RemoveProgramBlockRequest';
import type { RevokeApiKeyRequest as _preflight_accounts_v1_RevokeApiKeyRequest, RevokeApiKeyRequest__Output as _preflight_accounts_v1_RevokeApiKeyRequest__Output } from '../../../preflight/accounts/v1/RevokeApiKeyRequest';
import type { RevokeApiKeyResponse as _preflight_accounts_v1_RevokeApiKeyResponse, RevokeApiKeyResponse__Output as _preflight_accounts_v1_RevokeApiKeyResponse__Output } from '../../../preflight/accounts/v1/RevokeApiKeyResponse';
import type { RotateApiKeyRequest as _preflight_accounts_v1_RotateApiKeyRequest, RotateApiKeyRequest__Output as _preflight_accounts_v1_RotateApiKeyRequest__Output } from '../../../preflight/accounts/v1/RotateApiKeyRequest';
import type { ServiceTotals as _preflight_accounts_v1_ServiceTotals, ServiceTotals__Output as _preflight_accounts_v1_ServiceTotals__Output } from '../../../preflight/accounts/v1/ServiceTotals';
import type { SetCardOnFileRequest as _preflight_accounts_v1_SetCardOnFileRequest, SetCardOnFileRequest__Output as _preflight_accounts_v1_SetCardOnFileRequest__Output } from '../../../preflight/accounts/v1/SetCardOnFileRequest';
import type { SetCardOnFileResponse as _preflight_accounts_v1_SetCardOnFileResponse, SetCardOnFileResponse__Output as _preflight_accounts_v1_SetCardOnFileResponse__Output } from '../../../preflight/accounts/v1/SetCardOnFileResponse';
import type { SetProgramBlocksRequest as _preflight_accounts_v1_SetProgramBlocksRequest, SetProgramBlocksRequest__Output as _preflight_accounts_v1_SetProgramBlocksRequest__Output } from '../../../preflight/accounts/v1/SetProgramBlocksRequest';
import type { SimulationCounts as _preflight_accounts_v1_SimulationCounts, SimulationCounts__Output as _preflight_accounts_v1_SimulationCounts__Output } from '../../../preflight/accounts/v1/SimulationCounts';
import type { SimulationPage as _preflight_accounts_v1_SimulationPage, SimulationPage__Output as _preflight_accounts_v1_SimulationPage__Output } from '../../../preflight/accounts/v1/SimulationPage';
import type { StripeWebhookOutcome as _preflight_accounts_v1_StripeWebhookOutcome, StripeWebhookOutcome__Output as _preflight_accounts_v1_StripeWebhookOutcome__Output } from '../../../preflight/accounts/v1/StripeWebhookOutcome';
import type { SubmitUsage as _preflight_accounts_v1_SubmitUsage, SubmitUsage__Output as _preflight_accounts_v1_SubmitUsage__Output } from '../../../preflight/accounts/v1/SubmitUsage';
import type { TrackTransactionRequest as _preflight_accounts_v1_TrackTransactionRequest, TrackTransactionRequest__Output as _preflight_accounts_v1_TrackTransactionRequest__Output } from '../../../preflight/accounts/v1/TrackTransactionRequest';
import type { TrackTransactionResponse as _preflight_accounts_v1_TrackTransactionResponse, TrackTransactionResponse__Output as _preflight_accounts_v1_TrackTransactionResponse__Output } from '../../../preflight/accounts/v1/TrackTransactionResponse';
import type { UpdateTrackedTransactionRequest as _preflight_accounts_v1_UpdateTrackedTransactionRequest, UpdateTrackedTransactionRequest__Output as _preflight_accounts_v1_UpdateTrackedTransactionRequest__Output } from '../../../preflight/accounts/v1/UpdateTrackedTransactionRequest';
import type { UpdateTrackedTransactionResponse as _preflight_accounts_v1_UpdateTrackedTransactionResponse, UpdateTrackedTransactionResponse__Output as _preflight_accounts_v1_UpdateTrackedTransactionResponse__Output } from '../../../preflight/accounts/v1/UpdateTrackedTransactionResponse';
import type { User as _preflight_accounts_v1_User, User__Output as _preflight_accounts_v1_User__Output } from '../../../preflight/accounts/v1/User';
import type { UserStats as _preflight_accounts_v1_UserStats, UserStats__Output as _preflight_accounts_v1_UserStats__Output } from '../../../preflight/accounts/v1/UserStats';
import type { WebhookDelivery as _preflight_accounts_v1_WebhookDelivery, WebhookDelivery__Output as _preflight_accounts_v1_WebhookDelivery__Output } from '../../../preflight/accounts/v1/WebhookDelivery';
import type { WebhookEndpoint as _preflight_accounts_v1_WebhookEndpoint, WebhookEndpoint__Output as _preflight_accounts_v1_WebhookEndpoint__Output } from '../../../preflight/accounts/v1/WebhookEndpoint';
import type { WebhookEndpointRequest as _preflight_accounts_v1_WebhookEndpointRequest, WebhookEndpointRequest__Output as _preflight_accounts_v1_WebhookEndpointRequest__Output } from '../../../preflight/accounts/v1/WebhookEndpointRequest';
import type { WebhookUserRequest as _preflight_accounts_v1_WebhookUserRequest, WebhookUserRequest__Output as _preflight_accounts_v1_WebhookUserRequest__Output } from '../../../preflight/accounts/v1/WebhookUserRequest';

export interface AccountsClient extends grpc.Client {
  AuthenticateApiKey(argument: _preflight_accounts_v1_AuthenticateApiKeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_AuthenticateApiKeyResponse__Output>): grpc.ClientUnaryCall;
  AuthenticateApiKey(argument: _preflight_accounts_v1_AuthenticateApiKeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_AuthenticateApiKeyResponse__Output>): grpc.ClientUnaryCall;
  AuthenticateApiKey(argument: _preflight_accounts_v1_AuthenticateApiKeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_AuthenticateApiKeyResponse__Output>): grpc.ClientUnaryCall;
  AuthenticateApiKey(argument: _preflight_accounts_v1_AuthenticateApiKeyRequest, callback: grpc.requestCallback<_preflight_accounts_v1_AuthenticateApiKeyResponse__Output>): grpc.ClientUnaryCall;
  authenticateApiKey(argument: _preflight_accounts_v1_AuthenticateApiKeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_AuthenticateApiKeyResponse__Output>): grpc.ClientUnaryCall;
  authenticateApiKey(argument: _preflight_accounts_v1_AuthenticateApiKeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_AuthenticateApiKeyResponse__Output>): grpc.ClientUnaryCall;
  authenticateApiKey(argument: _preflight_accounts_v1_AuthenticateApiKeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_AuthenticateApiKeyResponse__Output>): grpc.ClientUnaryCall;
  authenticateApiKey(argument: _preflight_accounts_v1_AuthenticateApiKeyRequest, callback: grpc.requestCallback<_preflight_accounts_v1_AuthenticateApiKeyResponse__Output>): grpc.ClientUnaryCall;
  
  ClaimUnresolvedTransactions(argument: _preflight_accounts_v1_ClaimUnresolvedTransactionsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_ClaimUnresolvedTransactionsResponse__Output>): grpc.ClientUnaryCall;
  ClaimUnresolvedTransactions(argument: _preflight_accounts_v1_ClaimUnresolvedTransactionsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_ClaimUnresolvedTransactionsResponse__Output>): grpc.ClientUnaryCall;
  ClaimUnresolvedTransactions(argument: _preflight_accounts_v1_ClaimUnresolvedTransactionsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_ClaimUnresolvedTransactionsResponse__Output>): grpc.ClientUnaryCall;
  ClaimUnresolvedTransactions(argument: _preflight_accounts_v1_ClaimUnresolvedTransactionsRequest, callback: grpc.requestCallback<_preflight_accounts_v1_ClaimUnresolvedTransactionsResponse__Output>): grpc.ClientUnaryCall;
  claimUnresolvedTransactions(argument: _preflight_accounts_v1_ClaimUnresolvedTransactionsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_ClaimUnresolvedTransactionsResponse__Output>): grpc.ClientUnaryCall;
  claimUnresolvedTransactions(argument: _preflight_accounts_v1_ClaimUnresolvedTransactionsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_ClaimUnresolvedTransactionsResponse__Output>): grpc.ClientUnaryCall;
  claimUnresolvedTransactions(argument: _preflight_accounts_v1_ClaimUnresolvedTransactionsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_ClaimUnresolvedTransactionsResponse__Output>): grpc.ClientUnaryCall;
  claimUnresolvedTransactions(argument: _preflight_accounts_v1_ClaimUnresolvedTransactionsRequest, callback: grpc.requestCallback<_preflight_accounts_v1_ClaimUnresolvedTransactionsResponse__Output>): grpc.ClientUnaryCall;
  
  CreateApiKey(argument: _preflight_accounts_v1_CreateApiKeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_ApiKey__Output>): grpc.ClientUnaryCall;
  CreateApiKey(argument: _preflight_accounts_v1_CreateApiKeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_ApiKey__Output>): grpc.ClientUnaryCall;
  CreateApiKey(argument: _preflight_accounts_v1_CreateApiKeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_ApiKey__Output>): grpc.ClientUnaryCall;
  CreateApiKey(argument: _preflight_accounts_v1_CreateApiKeyRequest, callback: grpc.requestCallback<_preflight_accounts_v1_ApiKey__Output>): grpc.ClientUnaryCall;
  createApiKey(argument: _preflight_accounts_v1_CreateApiKeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_ApiKey__Output>): grpc.ClientUnaryCall;
  createApiKey(argument: _preflight_accounts_v1_CreateApiKeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_ApiKey__Output>): grpc.ClientUnaryCall;
  createApiKey(argument: _preflight_accounts_v1_CreateApiKeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_ApiKey__Output>): grpc.ClientUnaryCall;
  createApiKey(argument: _preflight_accounts_v1_CreateApiKeyRequest, callback: grpc.requestCallback<_preflight_accounts_v1_ApiKey__Output>): grpc.ClientUnaryCall;
  
  CreateCheckoutSession(argument: _preflight_accounts_v1_CreateCheckoutSessionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_CheckoutSession__Output>): grpc.ClientUnaryCall;
  CreateCheckoutSession(argument: _preflight_accounts_v1_CreateCheckoutSessionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_CheckoutSession__Output>): grpc.ClientUnaryCall;
  CreateCheckoutSession(argument: _preflight_accounts_v1_CreateCheckoutSessionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_CheckoutSession__Output>): grpc.ClientUnaryCall;
  CreateCheckoutSession(argument: _preflight_accounts_v1_CreateCheckoutSessionRequest, callback: grpc.requestCallback<_preflight_accounts_v1_CheckoutSession__Output>): grpc.ClientUnaryCall;
  createCheckoutSession(argument: _preflight_accounts_v1_CreateCheckoutSessionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_CheckoutSession__Output>): grpc.ClientUnaryCall;
  createCheckoutSession(argument: _preflight_accounts_v1_CreateCheckoutSessionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_CheckoutSession__Output>): grpc.ClientUnaryCall;
  createCheckoutSession(argument: _preflight_accounts_v1_CreateCheckoutSessionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_CheckoutSession__Output>): grpc.ClientUnaryCall;
  createCheckoutSession(argument: _preflight_accounts_v1_CreateCheckoutSessionRequest, callback: grpc.requestCallback<_preflight_accounts_v1_CheckoutSession__Output>): grpc.ClientUnaryCall;
  
  CreatePortalSession(argument: _preflight_accounts_v1_BillingUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_PortalSession__Output>): grpc.ClientUnaryCall;
  CreatePortalSession(argument: _preflight_accounts_v1_BillingUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_PortalSession__Output>): grpc.ClientUnaryCall;
  CreatePortalSession(argument: _preflight_accounts_v1_BillingUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_PortalSession__Output>): grpc.ClientUnaryCall;
  CreatePortalSession(argument: _preflight_accounts_v1_BillingUserRequest, callback: grpc.requestCallback<_preflight_accounts_v1_PortalSession__Output>): grpc.ClientUnaryCall;
  createPortalSession(argument: _preflight_accounts_v1_BillingUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_PortalSession__Output>): grpc.ClientUnaryCall;
  createPortalSession(argument: _preflight_accounts_v1_BillingUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_PortalSession__Output>): grpc.ClientUnaryCall;
  createPortalSession(argument: _preflight_accounts_v1_BillingUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_PortalSession__Output>): grpc.ClientUnaryCall;
  createPortalSession(argument: _preflight_accounts_v1_BillingUserRequest, callback: grpc.requestCallback<_preflight_accounts_v1_PortalSession__Output>): grpc.ClientUnaryCall;
  
  CreateWebhookEndpoint(argument: _preflight_accounts_v1_CreateWebhookEndpointRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_WebhookEndpoint__Output>): grpc.ClientUnaryCall;
  CreateWebhookEndpoint(argument: _preflight_accounts_v1_CreateWebhookEndpointRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_WebhookEndpoint__Output>): grpc.ClientUnaryCall;
  CreateWebhookEndpoint(argument: _preflight_accounts_v1_CreateWebhookEndpointRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_WebhookEndpoint__Output>): grpc.ClientUnaryCall;
  CreateWebhookEndpoint(argument: _preflight_accounts_v1_CreateWebhookEndpointRequest, callback: grpc.requestCallback<_preflight_accounts_v1_WebhookEndpoint__Output>): grpc.ClientUnaryCall;
  createWebhookEndpoint(argument: _preflight_accounts_v1_CreateWebhookEndpointRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_WebhookEndpoint__Output>): grpc.ClientUnaryCall;
  createWebhookEndpoint(argument: _preflight_accounts_v1_CreateWebhookEndpointRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_WebhookEndpoint__Output>): grpc.ClientUnaryCall;
  createWebhookEndpoint(argument: _preflight_accounts_v1_CreateWebhookEndpointRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_WebhookEndpoint__Output>): grpc.ClientUnaryCall;
  createWebhookEndpoint(argument: _preflight_accounts_v1_CreateWebhookEndpointRequest, callback: grpc.requestCallback<_preflight_accounts_v1_WebhookEndpoint__Output>): grpc.ClientUnaryCall;
  
  DeleteUser(argument: _preflight_accounts_v1_DeleteUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_DeleteUserResponse__Output>): grpc.ClientUnaryCall;
  DeleteUser(argument: _preflight_accounts_v1_DeleteUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_DeleteUserResponse__Output>): grpc.ClientUnaryCall;
  DeleteUser(argument: _preflight_accounts_v1_DeleteUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_DeleteUserResponse__Output>): grpc.ClientUnaryCall;
  DeleteUser(argument: _preflight_accounts_v1_DeleteUserRequest, callback: grpc.requestCallback<_preflight_accounts_v1_DeleteUserResponse__Output>): grpc.ClientUnaryCall;
  deleteUser(argument: _preflight_accounts_v1_DeleteUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_DeleteUserResponse__Output>): grpc.ClientUnaryCall;
  deleteUser(argument: _preflight_accounts_v1_DeleteUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_DeleteUserResponse__Output>): grpc.ClientUnaryCall;
  deleteUser(argument: _preflight_accounts_v1_DeleteUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_DeleteUserResponse__Output>): grpc.ClientUnaryCall;
  deleteUser(argument: _preflight_accounts_v1_DeleteUserRequest, callback: grpc.requestCallback<_preflight_accounts_v1_DeleteUserResponse__Output>): grpc.ClientUnaryCall;
  
  DeleteWebhookEndpoint(argument: _preflight_accounts_v1_WebhookEndpointRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_DeleteWebhookEndpointResponse__Output>): grpc.ClientUnaryCall;
  DeleteWebhookEndpoint(argument: _preflight_accounts_v1_WebhookEndpointRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_DeleteWebhookEndpointResponse__Output>): grpc.ClientUnaryCall;
  DeleteWebhookEndpoint(argument: _preflight_accounts_v1_WebhookEndpointRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_DeleteWebhookEndpointResponse__Output>): grpc.ClientUnaryCall;
  DeleteWebhookEndpoint(argument: _preflight_accounts_v1_WebhookEndpointRequest, callback: grpc.requestCallback<_preflight_accounts_v1_DeleteWebhookEndpointResponse__Output>): grpc.ClientUnaryCall;
  deleteWebhookEndpoint(argument: _preflight_accounts_v1_WebhookEndpointRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_DeleteWebhookEndpointResponse__Output>): grpc.ClientUnaryCall;
  deleteWebhookEndpoint(argument: _preflight_accounts_v1_WebhookEndpointRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_DeleteWebhookEndpointResponse__Output>): grpc.ClientUnaryCall;
  deleteWebhookEndpoint(argument: _preflight_accounts_v1_WebhookEndpointRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_DeleteWebhookEndpointResponse__Output>): grpc.ClientUnaryCall;
  deleteWebhookEndpoint(argument: _preflight_accounts_v1_WebhookEndpointRequest, callback: grpc.requestCallback<_preflight_accounts_v1_DeleteWebhookEndpointResponse__Output>): grpc.ClientUnaryCall;
  
  EnqueueWebhookEvent(argument: _preflight_accounts_v1_EnqueueWebhookEventRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_EnqueueWebhookEventResponse__Output>): grpc.ClientUnaryCall;
  EnqueueWebhookEvent(argument: _preflight_accounts_v1_EnqueueWebhookEventRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_EnqueueWebhookEventResponse__Output>): grpc.ClientUnaryCall;
  EnqueueWebhookEvent(argument: _preflight_accounts_v1_EnqueueWebhookEventRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_EnqueueWebhookEventResponse__Output>): grpc.ClientUnaryCall;
  EnqueueWebhookEvent(argument: _preflight_accounts_v1_EnqueueWebhookEventRequest, callback: grpc.requestCallback<_preflight_accounts_v1_EnqueueWebhookEventResponse__Output>): grpc.ClientUnaryCall;
  enqueueWebhookEvent(argument: _preflight_accounts_v1_EnqueueWebhookEventRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_EnqueueWebhookEventResponse__Output>): grpc.ClientUnaryCall;
  enqueueWebhookEvent(argument: _preflight_accounts_v1_EnqueueWebhookEventRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_EnqueueWebhookEventResponse__Output>): grpc.ClientUnaryCall;
  enqueueWebhookEvent(argument: _preflight_accounts_v1_EnqueueWebhookEventRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_EnqueueWebhookEventResponse__Output>): grpc.ClientUnaryCall;
  enqueueWebhookEvent(argument: _preflight_accounts_v1_EnqueueWebhookEventRequest, callback: grpc.requestCallback<_preflight_accounts_v1_EnqueueWebhookEventResponse__Output>): grpc.ClientUnaryCall;
  
  GetBillingEnabled(argument: _preflight_accounts_v1_GetBillingEnabledRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_BillingEnabled__Output>): grpc.ClientUnaryCall;
  GetBillingEnabled(argument: _preflight_accounts_v1_GetBillingEnabledRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_BillingEnabled__Output>): grpc.ClientUnaryCall;
  GetBillingEnabled(argument: _preflight_accounts_v1_GetBillingEnabledRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_BillingEnabled__Output>): grpc.ClientUnaryCall;
  GetBillingEnabled(argument: _preflight_accounts_v1_GetBillingEnabledRequest, callback: grpc.requestCallback<_preflight_accounts_v1_BillingEnabled__Output>): grpc.ClientUnaryCall;
  getBillingEnabled(argument: _preflight_accounts_v1_GetBillingEnabledRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_BillingEnabled__Output>): grpc.ClientUnaryCall;
  getBillingEnabled(argument: _preflight_accounts_v1_GetBillingEnabledRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_BillingEnabled__Output>): grpc.ClientUnaryCall;
  getBillingEnabled(argument: _preflight_accounts_v1_GetBillingEnabledRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_BillingEnabled__Output>): grpc.ClientUnaryCall;
  getBillingEnabled(argument: _preflight_accounts_v1_GetBillingEnabledRequest, callback: grpc.requestCallback<_preflight_accounts_v1_BillingEnabled__Output>): grpc.ClientUnaryCall;
  
  GetBillingUsage(argument: _preflight_accounts_v1_BillingUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_BillingUsage__Output>): grpc.ClientUnaryCall;
  GetBillingUsage(argument: _preflight_accounts_v1_BillingUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_BillingUsage__Output>): grpc.ClientUnaryCall;
  GetBillingUsage(argument: _preflight_accounts_v1_BillingUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_BillingUsage__Output>): grpc.ClientUnaryCall;
  GetBillingUsage(argument: _preflight_accounts_v1_BillingUserRequest, callback: grpc.requestCallback<_preflight_accounts_v1_BillingUsage__Output>): grpc.ClientUnaryCall;
  getBillingUsage(argument: _preflight_accounts_v1_BillingUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_BillingUsage__Output>): grpc.ClientUnaryCall;
  getBillingUsage(argument: _preflight_accounts_v1_BillingUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_BillingUsage__Output>): grpc.ClientUnaryCall;
  getBillingUsage(argument: _preflight_accounts_v1_BillingUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_BillingUsage__Output>): grpc.ClientUnaryCall;
  getBillingUsage(argument: _preflight_accounts_v1_BillingUserRequest, callback: grpc.requestCallback<_preflight_accounts_v1_BillingUsage__Output>): grpc.ClientUnaryCall;
  
  GetManagedTipLamports(argument: _preflight_accounts_v1_GetManagedTipLamportsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_ManagedTipLamports__Output>): grpc.ClientUnaryCall;
  GetManagedTipLamports(argument: _preflight_accounts_v1_GetManagedTipLamportsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_ManagedTipLamports__Output>): grpc.ClientUnaryCall;
  GetManagedTipLamports(argument: _preflight_accounts_v1_GetManagedTipLamportsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_ManagedTipLamports__Output>): grpc.ClientUnaryCall;
  GetManagedTipLamports(argument: _preflight_accounts_v1_GetManagedTipLamportsRequest, callback: grpc.requestCallback<_preflight_accounts_v1_ManagedTipLamports__Output>): grpc.ClientUnaryCall;
  getManagedTipLamports(argument: _preflight_accounts_v1_GetManagedTipLamportsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_ManagedTipLamports__Output>): grpc.ClientUnaryCall;
  getManagedTipLamports(argument: _preflight_accounts_v1_GetManagedTipLamportsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_ManagedTipLamports__Output>): grpc.ClientUnaryCall;
  getManagedTipLamports(argument: _preflight_accounts_v1_GetManagedTipLamportsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_ManagedTipLamports__Output>): grpc.ClientUnaryCall;
  getManagedTipLamports(argument: _preflight_accounts_v1_GetManagedTipLamportsRequest, callback: grpc.requestCallback<_preflight_accounts_v1_ManagedTipLamports__Output>): grpc.ClientUnaryCall;
  
  GetProgramBlocks(argument: _preflight_accounts_v1_GetProgramBlocksRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_ProgramBlocks__Output>): grpc.ClientUnaryCall;
  GetProgramBlocks(argument: _preflight_accounts_v1_GetProgramBlocksRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_ProgramBlocks__Output>): grpc.ClientUnaryCall;
  GetProgramBlocks(argument: _preflight_accounts_v1_GetProgramBlocksRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_ProgramBlocks__Output>): grpc.ClientUnaryCall;
  GetProgramBlocks(argument: _preflight_accounts_v1_GetProgramBlocksRequest, callback: grpc.requestCallback<_preflight_accounts_v1_ProgramBlocks__Output>): grpc.ClientUnaryCall;
  getProgramBlocks(argument: _preflight_accounts_v1_GetProgramBlocksRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_ProgramBlocks__Output>): grpc.ClientUnaryCall;
  getProgramBlocks(argument: _preflight_accounts_v1_GetProgramBlocksRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_ProgramBlocks__Output>): grpc.ClientUnaryCall;
  getProgramBlocks(argument: _preflight_accounts_v1_GetProgramBlocksRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_ProgramBlocks__Output>): grpc.ClientUnaryCall;
  getProgramBlocks(argument: _preflight_accounts_v1_GetProgramBlocksRequest, callback: grpc.requestCallback<_preflight_accounts_v1_ProgramBlocks__Output>): grpc.ClientUnaryCall;
  
  GetServiceTotals(argument: _preflight_accounts_v1_GetServiceTotalsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_ServiceTotals__Output>): grpc.ClientUnaryCall;
  GetServiceTotals(argument: _preflight_accounts_v1_GetServiceTotalsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_ServiceTotals__Output>): grpc.ClientUnaryCall;
  GetServiceTotals(argument: _preflight_accounts_v1_GetServiceTotalsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_ServiceTotals__Output>): grpc.ClientUnaryCall;
  GetServiceTotals(argument: _preflight_accounts_v1_GetServiceTotalsRequest, callback: grpc.requestCallback<_preflight_accounts_v1_ServiceTotals__Output>): grpc.ClientUnaryCall;
  getServiceTotals(argument: _preflight_accounts_v1_GetServiceTotalsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_ServiceTotals__Output>): grpc.ClientUnaryCall;
  getServiceTotals(argument: _preflight_accounts_v1_GetServiceTotalsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_ServiceTotals__Output>): grpc.ClientUnaryCall;
  getServiceTotals(argument: _preflight_accounts_v1_GetServiceTotalsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_ServiceTotals__Output>): grpc.ClientUnaryCall;
  getServiceTotals(argument: _preflight_accounts_v1_GetServiceTotalsRequest, callback: grpc.requestCallback<_preflight_accounts_v1_ServiceTotals__Output>): grpc.ClientUnaryCall;
  
  GetSimulationCounts(argument: _preflight_accounts_v1_GetSimulationCountsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_SimulationCounts__Output>): grpc.ClientUnaryCall;
  GetSimulationCounts(argument: _preflight_accounts_v1_GetSimulationCountsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_SimulationCounts__Output>): grpc.ClientUnaryCall;
  GetSimulationCounts(argument: _preflight_accounts_v1_GetSimulationCountsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_SimulationCounts__Output>): grpc.ClientUnaryCall;
  GetSimulationCounts(argument: _preflight_accounts_v1_GetSimulationCountsRequest, callback: grpc.requestCallback<_preflight_accounts_v1_SimulationCounts__Output>): grpc.ClientUnaryCall;
  getSimulationCounts(argument: _preflight_accounts_v1_GetSimulationCountsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_SimulationCounts__Output>): grpc.ClientUnaryCall;
  getSimulationCounts(argument: _preflight_accounts_v1_GetSimulationCountsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_SimulationCounts__Output>): grpc.ClientUnaryCall;
  getSimulationCounts(argument: _preflight_accounts_v1_GetSimulationCountsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_SimulationCounts__Output>): grpc.ClientUnaryCall;
  getSimulationCounts(argument: _preflight_accounts_v1_GetSimulationCountsRequest, callback: grpc.requestCallback<_preflight_accounts_v1_SimulationCounts__Output>): grpc.ClientUnaryCall;
  
  GetSubmitUsage(argument: _preflight_accounts_v1_GetSubmitUsageRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_SubmitUsage__Output>): grpc.ClientUnaryCall;
  GetSubmitUsage(argument: _preflight_accounts_v1_GetSubmitUsageRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_SubmitUsage__Output>): grpc.ClientUnaryCall;
  GetSubmitUsage(argument: _preflight_accounts_v1_GetSubmitUsageRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_SubmitUsage__Output>): grpc.ClientUnaryCall;
  GetSubmitUsage(argument: _preflight_accounts_v1_GetSubmitUsageRequest, callback: grpc.requestCallback<_preflight_accounts_v1_SubmitUsage__Output>): grpc.ClientUnaryCall;
  getSubmitUsage(argument: _preflight_accounts_v1_GetSubmitUsageRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_SubmitUsage__Output>): grpc.ClientUnaryCall;
  getSubmitUsage(argument: _preflight_accounts_v1_GetSubmitUsageRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_SubmitUsage__Output>): grpc.ClientUnaryCall;
  getSubmitUsage(argument: _preflight_accounts_v1_GetSubmitUsageRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_SubmitUsage__Output>): grpc.ClientUnaryCall;
  getSubmitUsage(argument: _preflight_accounts_v1_GetSubmitUsageRequest, callback: grpc.requestCallback<_preflight_accounts_v1_SubmitUsage__Output>): grpc.ClientUnaryCall;
  
  GetSubscription(argument: _preflight_accounts_v1_BillingUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_BillingSubscription__Output>): grpc.ClientUnaryCall;
  GetSubscription(argument: _preflight_accounts_v1_BillingUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_BillingSubscription__Output>): grpc.ClientUnaryCall;
  GetSubscription(argument: _preflight_accounts_v1_BillingUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_BillingSubscription__Output>): grpc.ClientUnaryCall;
  GetSubscription(argument: _preflight_accounts_v1_BillingUserRequest, callback: grpc.requestCallback<_preflight_accounts_v1_BillingSubscription__Output>): grpc.ClientUnaryCall;
  getSubscription(argument: _preflight_accounts_v1_BillingUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_BillingSubscription__Output>): grpc.ClientUnaryCall;
  getSubscription(argument: _preflight_accounts_v1_BillingUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_BillingSubscription__Output>): grpc.ClientUnaryCall;
  getSubscription(argument: _preflight_accounts_v1_BillingUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_BillingSubscription__Output>): grpc.ClientUnaryCall;
  getSubscription(argument: _preflight_accounts_v1_BillingUserRequest, callback: grpc.requestCallback<_preflight_accounts_v1_BillingSubscription__Output>): grpc.ClientUnaryCall;
  
  GetTrackedTransaction(argument: _preflight_accounts_v1_GetTrackedTransactionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_GetTrackedTransactionResponse__Output>): grpc.ClientUnaryCall;
  GetTrackedTransaction(argument: _preflight_accounts_v1_GetTrackedTransactionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_GetTrackedTransactionResponse__Output>): grpc.ClientUnaryCall;
  GetTrackedTransaction(argument: _preflight_accounts_v1_GetTrackedTransactionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_GetTrackedTransactionResponse__Output>): grpc.ClientUnaryCall;
  GetTrackedTransaction(argument: _preflight_accounts_v1_GetTrackedTransactionRequest, callback: grpc.requestCallback<_preflight_accounts_v1_GetTrackedTransactionResponse__Output>): grpc.ClientUnaryCall;
  getTrackedTransaction(argument: _preflight_accounts_v1_GetTrackedTransactionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_GetTrackedTransactionResponse__Output>): grpc.ClientUnaryCall;
  getTrackedTransaction(argument: _preflight_accounts_v1_GetTrackedTransactionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_GetTrackedTransactionResponse__Output>): grpc.ClientUnaryCall;
  getTrackedTransaction(argument: _preflight_accounts_v1_GetTrackedTransactionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_GetTrackedTransactionResponse__Output>): grpc.ClientUnaryCall;
  getTrackedTransaction(argument: _preflight_accounts_v1_GetTrackedTransactionRequest, callback: grpc.requestCallback<_preflight_accounts_v1_GetTrackedTransactionResponse__Output>): grpc.ClientUnaryCall;
  
  GetUser(argument: _preflight_accounts_v1_GetUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_User__Output>): grpc.ClientUnaryCall;
  GetUser(argument: _preflight_accounts_v1_GetUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_User__Output>): grpc.ClientUnaryCall;
  GetUser(argument: _preflight_accounts_v1_GetUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_User__Output>): grpc.ClientUnaryCall;
  GetUser(argument: _preflight_accounts_v1_GetUserRequest, callback: grpc.requestCallback<_preflight_accounts_v1_User__Output>): grpc.ClientUnaryCall;
  getUser(argument: _preflight_accounts_v1_GetUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_User__Output>): grpc.ClientUnaryCall;
  getUser(argument: _preflight_accounts_v1_GetUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_User__Output>): grpc.ClientUnaryCall;
  getUser(argument: _preflight_accounts_v1_GetUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_User__Output>): grpc.ClientUnaryCall;
  getUser(argument: _preflight_accounts_v1_GetUserRequest, callback: grpc.requestCallback<_preflight_accounts_v1_User__Output>): grpc.ClientUnaryCall;
  
  GetUserState(argument: _preflight_accounts_v1_GetUserStateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_GetUserStateResponse__Output>): grpc.ClientUnaryCall;
  GetUserState(argument: _preflight_accounts_v1_GetUserStateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_GetUserStateResponse__Output>): grpc.ClientUnaryCall;
  GetUserState(argument: _preflight_accounts_v1_GetUserStateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_GetUserStateResponse__Output>): grpc.ClientUnaryCall;
  GetUserState(argument: _preflight_accounts_v1_GetUserStateRequest, callback: grpc.requestCallback<_preflight_accounts_v1_GetUserStateResponse__Output>): grpc.ClientUnaryCall;
  getUserState(argument: _preflight_accounts_v1_GetUserStateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_GetUserStateResponse__Output>): grpc.ClientUnaryCall;
  getUserState(argument: _preflight_accounts_v1_GetUserStateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_GetUserStateResponse__Output>): grpc.ClientUnaryCall;
  getUserState(argument: _preflight_accounts_v1_GetUserStateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_GetUserStateResponse__Output>): grpc.ClientUnaryCall;
  getUserState(argument: _preflight_accounts_v1_GetUserStateRequest, callback: grpc.requestCallback<_preflight_accounts_v1_GetUserStateResponse__Output>): grpc.ClientUnaryCall;
  
  GetUserStats(argument: _preflight_accounts_v1_GetUserStatsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_UserStats__Output>): grpc.ClientUnaryCall;
  GetUserStats(argument: _preflight_accounts_v1_GetUserStatsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_UserStats__Output>): grpc.ClientUnaryCall;
  GetUserStats(argument: _preflight_accounts_v1_GetUserStatsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_UserStats__Output>): grpc.ClientUnaryCall;
  GetUserStats(argument: _preflight_accounts_v1_GetUserStatsRequest, callback: grpc.requestCallback<_preflight_accounts_v1_UserStats__Output>): grpc.ClientUnaryCall;
  getUserStats(argument: _preflight_accounts_v1_GetUserStatsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_UserStats__Output>): grpc.ClientUnaryCall;
  getUserStats(argument: _preflight_accounts_v1_GetUserStatsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_UserStats__Output>): grpc.ClientUnaryCall;
  getUserStats(argument: _preflight_accounts_v1_GetUserStatsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_UserStats__Output>): grpc.ClientUnaryCall;
  getUserStats(argument: _preflight_accounts_v1_GetUserStatsRequest, callback: grpc.requestCallback<_preflight_accounts_v1_UserStats__Output>): grpc.ClientUnaryCall;
  
  HandleStripeWebhook(argument: _preflight_accounts_v1_HandleStripeWebhookRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_StripeWebhookOutcome__Output>): grpc.ClientUnaryCall;
  HandleStripeWebhook(argument: _preflight_accounts_v1_HandleStripeWebhookRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_StripeWebhookOutcome__Output>): grpc.ClientUnaryCall;
  HandleStripeWebhook(argument: _preflight_accounts_v1_HandleStripeWebhookRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_StripeWebhookOutcome__Output>): grpc.ClientUnaryCall;
  HandleStripeWebhook(argument: _preflight_accounts_v1_HandleStripeWebhookRequest, callback: grpc.requestCallback<_preflight_accounts_v1_StripeWebhookOutcome__Output>): grpc.ClientUnaryCall;
  handleStripeWebhook(argument: _preflight_accounts_v1_HandleStripeWebhookRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_StripeWebhookOutcome__Output>): grpc.ClientUnaryCall;
  handleStripeWebhook(argument: _preflight_accounts_v1_HandleStripeWebhookRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_StripeWebhookOutcome__Output>): grpc.ClientUnaryCall;
  handleStripeWebhook(argument: _preflight_accounts_v1_HandleStripeWebhookRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_StripeWebhookOutcome__Output>): grpc.ClientUnaryCall;
  handleStripeWebhook(argument: _preflight_accounts_v1_HandleStripeWebhookRequest, callback: grpc.requestCallback<_preflight_accounts_v1_StripeWebhookOutcome__Output>): grpc.ClientUnaryCall;
  
  ListApiKeys(argument: _preflight_accounts_v1_ListApiKeysRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_ListApiKeysResponse__Output>): grpc.ClientUnaryCall;
  ListApiKeys(argument: _preflight_accounts_v1_ListApiKeysRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_ListApiKeysResponse__Output>): grpc.ClientUnaryCall;
  ListApiKeys(argument: _preflight_accounts_v1_ListApiKeysRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_ListApiKeysResponse__Output>): grpc.ClientUnaryCall;
  ListApiKeys(argument: _preflight_accounts_v1_ListApiKeysRequest, callback: grpc.requestCallback<_preflight_accounts_v1_ListApiKeysResponse__Output>): grpc.ClientUnaryCall;
  listApiKeys(argument: _preflight_accounts_v1_ListApiKeysRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_ListApiKeysResponse__Output>): grpc.ClientUnaryCall;
  listApiKeys(argument: _preflight_accounts_v1_ListApiKeysRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_ListApiKeysResponse__Output>): grpc.ClientUnaryCall;
  listApiKeys(argument: _preflight_accounts_v1_ListApiKeysRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_ListApiKeysResponse__Output>): grpc.ClientUnaryCall;
  listApiKeys(argument: _preflight_accounts_v1_ListApiKeysRequest, callback: grpc.requestCallback<_preflight_accounts_v1_ListApiKeysResponse__Output>): grpc.ClientUnaryCall;
  
  ListSimulations(argument: _preflight_accounts_v1_ListSimulationsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_SimulationPage__Output>): grpc.ClientUnaryCall;
  ListSimulations(argument: _preflight_accounts_v1_ListSimulationsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_SimulationPage__Output>): grpc.ClientUnaryCall;
  ListSimulations(argument: _preflight_accounts_v1_ListSimulationsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_SimulationPage__Output>): grpc.ClientUnaryCall;
  ListSimulations(argument: _preflight_accounts_v1_ListSimulationsRequest, callback: grpc.requestCallback<_preflight_accounts_v1_SimulationPage__Output>): grpc.ClientUnaryCall;
  listSimulations(argument: _preflight_accounts_v1_ListSimulationsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_SimulationPage__Output>): grpc.ClientUnaryCall;
  listSimulations(argument: _preflight_accounts_v1_ListSimulationsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_SimulationPage__Output>): grpc.ClientUnaryCall;
  listSimulations(argument: _preflight_accounts_v1_ListSimulationsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_SimulationPage__Output>): grpc.ClientUnaryCall;
  listSimulations(argument: _preflight_accounts_v1_ListSimulationsRequest, callback: grpc.requestCallback<_preflight_accounts_v1_SimulationPage__Output>): grpc.ClientUnaryCall;
  
  ListWebhookDeliveries(argument: _preflight_accounts_v1_WebhookEndpointRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_ListWebhookDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  ListWebhookDeliveries(argument: _preflight_accounts_v1_WebhookEndpointRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_ListWebhookDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  ListWebhookDeliveries(argument: _preflight_accounts_v1_WebhookEndpointRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_ListWebhookDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  ListWebhookDeliveries(argument: _preflight_accounts_v1_WebhookEndpointRequest, callback: grpc.requestCallback<_preflight_accounts_v1_ListWebhookDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  listWebhookDeliveries(argument: _preflight_accounts_v1_WebhookEndpointRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_ListWebhookDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  listWebhookDeliveries(argument: _preflight_accounts_v1_WebhookEndpointRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_ListWebhookDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  listWebhookDeliveries(argument: _preflight_accounts_v1_WebhookEndpointRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_ListWebhookDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  listWebhookDeliveries(argument: _preflight_accounts_v1_WebhookEndpointRequest, callback: grpc.requestCallback<_preflight_accounts_v1_ListWebhookDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  
  ListWebhookEndpoints(argument: _preflight_accounts_v1_WebhookUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_ListWebhookEndpointsResponse__Output>): grpc.ClientUnaryCall;
  ListWebhookEndpoints(argument: _preflight_accounts_v1_WebhookUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_ListWebhookEndpointsResponse__Output>): grpc.ClientUnaryCall;
  ListWebhookEndpoints(argument: _preflight_accounts_v1_WebhookUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_ListWebhookEndpointsResponse__Output>): grpc.ClientUnaryCall;
  ListWebhookEndpoints(argument: _preflight_accounts_v1_WebhookUserRequest, callback: grpc.requestCallback<_preflight_accounts_v1_ListWebhookEndpointsResponse__Output>): grpc.ClientUnaryCall;
  listWebhookEndpoints(argument: _preflight_accounts_v1_WebhookUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_ListWebhookEndpointsResponse__Output>): grpc.ClientUnaryCall;
  listWebhookEndpoints(argument: _preflight_accounts_v1_WebhookUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_ListWebhookEndpointsResponse__Output>): grpc.ClientUnaryCall;
  listWebhookEndpoints(argument: _preflight_accounts_v1_WebhookUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_ListWebhookEndpointsResponse__Output>): grpc.ClientUnaryCall;
  listWebhookEndpoints(argument: _preflight_accounts_v1_WebhookUserRequest, callback: grpc.requestCallback<_preflight_accounts_v1_ListWebhookEndpointsResponse__Output>): grpc.ClientUnaryCall;
  
  Login(argument: _preflight_accounts_v1_LoginRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_AuthResponse__Output>): grpc.ClientUnaryCall;
  Login(argument: _preflight_accounts_v1_LoginRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_AuthResponse__Output>): grpc.ClientUnaryCall;
  Login(argument: _preflight_accounts_v1_LoginRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_AuthResponse__Output>): grpc.ClientUnaryCall;
  Login(argument: _preflight_accounts_v1_LoginRequest, callback: grpc.requestCallback<_preflight_accounts_v1_AuthResponse__Output>): grpc.ClientUnaryCall;
  login(argument: _preflight_accounts_v1_LoginRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_AuthResponse__Output>): grpc.ClientUnaryCall;
  login(argument: _preflight_accounts_v1_LoginRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_AuthResponse__Output>): grpc.ClientUnaryCall;
  login(argument: _preflight_accounts_v1_LoginRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_AuthResponse__Output>): grpc.ClientUnaryCall;
  login(argument: _preflight_accounts_v1_LoginRequest, callback: grpc.requestCallback<_preflight_accounts_v1_AuthResponse__Output>): grpc.ClientUnaryCall;
  
  Logout(argument: _preflight_accounts_v1_LogoutRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_LogoutResponse__Output>): grpc.ClientUnaryCall;
  Logout(argument: _preflight_accounts_v1_LogoutRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_LogoutResponse__Output>): grpc.ClientUnaryCall;
  Logout(argument: _preflight_accounts_v1_LogoutRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_LogoutResponse__Output>): grpc.ClientUnaryCall;
  Logout(argument: _preflight_accounts_v1_LogoutRequest, callback: grpc.requestCallback<_preflight_accounts_v1_LogoutResponse__Output>): grpc.ClientUnaryCall;
  logout(argument: _preflight_accounts_v1_LogoutRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_LogoutResponse__Output>): grpc.ClientUnaryCall;
  logout(argument: _preflight_accounts_v1_LogoutRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_LogoutResponse__Output>): grpc.ClientUnaryCall;
  logout(argument: _preflight_accounts_v1_LogoutRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_LogoutResponse__Output>): grpc.ClientUnaryCall;
  logout(argument: _preflight_accounts_v1_LogoutRequest, callback: grpc.requestCallback<_preflight_accounts_v1_LogoutResponse__Output>): grpc.ClientUnaryCall;
  
  RecordKeyUsage(argument: _preflight_accounts_v1_RecordKeyUsageRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_RecordKeyUsageResponse__Output>): grpc.ClientUnaryCall;
  RecordKeyUsage(argument: _preflight_accounts_v1_RecordKeyUsageRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_RecordKeyUsageResponse__Output>): grpc.ClientUnaryCall;
  RecordKeyUsage(argument: _preflight_accounts_v1_RecordKeyUsageRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_RecordKeyUsageResponse__Output>): grpc.ClientUnaryCall;
  RecordKeyUsage(argument: _preflight_accounts_v1_RecordKeyUsageRequest, callback: grpc.requestCallback<_preflight_accounts_v1_RecordKeyUsageResponse__Output>): grpc.ClientUnaryCall;
  recordKeyUsage(argument: _preflight_accounts_v1_RecordKeyUsageRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_RecordKeyUsageResponse__Output>): grpc.ClientUnaryCall;
  recordKeyUsage(argument: _preflight_accounts_v1_RecordKeyUsageRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_RecordKeyUsageResponse__Output>): grpc.ClientUnaryCall;
  recordKeyUsage(argument: _preflight_accounts_v1_RecordKeyUsageRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_RecordKeyUsageResponse__Output>): grpc.ClientUnaryCall;
  recordKeyUsage(argument: _preflight_accounts_v1_RecordKeyUsageRequest, callback: grpc.requestCallback<_preflight_accounts_v1_RecordKeyUsageResponse__Output>): grpc.ClientUnaryCall;
  
  RecordQuotaExceeded(argument: _preflight_accounts_v1_BillingUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_RecordQuotaExceededResponse__Output>): grpc.ClientUnaryCall;
  RecordQuotaExceeded(argument: _preflight_accounts_v1_BillingUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_RecordQuotaExceededResponse__Output>): grpc.ClientUnaryCall;
  RecordQuotaExceeded(argument: _preflight_accounts_v1_BillingUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_RecordQuotaExceededResponse__Output>): grpc.ClientUnaryCall;
  RecordQuotaExceeded(argument: _preflight_accounts_v1_BillingUserRequest, callback: grpc.requestCallback<_preflight_accounts_v1_RecordQuotaExceededResponse__Output>): grpc.ClientUnaryCall;
  recordQuotaExceeded(argument: _preflight_accounts_v1_BillingUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_RecordQuotaExceededResponse__Output>): grpc.ClientUnaryCall;
  recordQuotaExceeded(argument: _preflight_accounts_v1_BillingUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_RecordQuotaExceededResponse__Output>): grpc.ClientUnaryCall;
  recordQuotaExceeded(argument: _preflight_accounts_v1_BillingUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_RecordQuotaExceededResponse__Output>): grpc.ClientUnaryCall;
  recordQuotaExceeded(argument: _preflight_accounts_v1_BillingUserRequest, callback: grpc.requestCallback<_preflight_accounts_v1_RecordQuotaExceededResponse__Output>): grpc.ClientUnaryCall;
  
  RecordSimulations(argument: _preflight_accounts_v1_RecordSimulationsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_RecordSimulationsResponse__Output>): grpc.ClientUnaryCall;
  RecordSimulations(argument: _preflight_accounts_v1_RecordSimulationsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_RecordSimulationsResponse__Output>): grpc.ClientUnaryCall;
  RecordSimulations(argument: _preflight_accounts_v1_RecordSimulationsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_RecordSimulationsResponse__Output>): grpc.ClientUnaryCall;
  RecordSimulations(argument: _preflight_accounts_v1_RecordSimulationsRequest, callback: grpc.requestCallback<_preflight_accounts_v1_RecordSimulationsResponse__Output>): grpc.ClientUnaryCall;
  recordSimulations(argument: _preflight_accounts_v1_RecordSimulationsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_RecordSimulationsResponse__Output>): grpc.ClientUnaryCall;
  recordSimulations(argument: _preflight_accounts_v1_RecordSimulationsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_RecordSimulationsResponse__Output>): grpc.ClientUnaryCall;
  recordSimulations(argument: _preflight_accounts_v1_RecordSimulationsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_RecordSimulationsResponse__Output>): grpc.ClientUnaryCall;
  recordSimulations(argument: _preflight_accounts_v1_RecordSimulationsRequest, callback: grpc.requestCallback<_preflight_accounts_v1_RecordSimulationsResponse__Output>): grpc.ClientUnaryCall;
  
  RedeliverWebhook(argument: _preflight_accounts_v1_RedeliverWebhookRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_WebhookDelivery__Output>): grpc.ClientUnaryCall;
  RedeliverWebhook(argument: _preflight_accounts_v1_RedeliverWebhookRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_WebhookDelivery__Output>): grpc.ClientUnaryCall;
  RedeliverWebhook(argument: _preflight_accounts_v1_RedeliverWebhookRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_WebhookDelivery__Output>): grpc.ClientUnaryCall;
  RedeliverWebhook(argument: _preflight_accounts_v1_RedeliverWebhookRequest, callback: grpc.requestCallback<_preflight_accounts_v1_WebhookDelivery__Output>): grpc.ClientUnaryCall;
  redeliverWebhook(argument: _preflight_accounts_v1_RedeliverWebhookRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_WebhookDelivery__Output>): grpc.ClientUnaryCall;
  redeliverWebhook(argument: _preflight_accounts_v1_RedeliverWebhookRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_WebhookDelivery__Output>): grpc.ClientUnaryCall;
  redeliverWebhook(argument: _preflight_accounts_v1_RedeliverWebhookRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_WebhookDelivery__Output>): grpc.ClientUnaryCall;
  redeliverWebhook(argument: _preflight_accounts_v1_RedeliverWebhookRequest, callback: grpc.requestCallback<_preflight_accounts_v1_WebhookDelivery__Output>): grpc.ClientUnaryCall;
  
  Refresh(argument: _preflight_accounts_v1_RefreshRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_AuthResponse__Output>): grpc.ClientUnaryCall;
  Refresh(argument: _preflight_accounts_v1_RefreshRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_AuthResponse__Output>): grpc.ClientUnaryCall;
  Refresh(argument: _preflight_accounts_v1_RefreshRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_AuthResponse__Output>): grpc.ClientUnaryCall;
  Refresh(argument: _preflight_accounts_v1_RefreshRequest, callback: grpc.requestCallback<_preflight_accounts_v1_AuthResponse__Output>): grpc.ClientUnaryCall;
  refresh(argument: _preflight_accounts_v1_RefreshRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_AuthResponse__Output>): grpc.ClientUnaryCall;
  refresh(argument: _preflight_accounts_v1_RefreshRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_AuthResponse__Output>): grpc.ClientUnaryCall;
  refresh(argument: _preflight_accounts_v1_RefreshRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_AuthResponse__Output>): grpc.ClientUnaryCall;
  refresh(argument: _preflight_accounts_v1_RefreshRequest, callback: grpc.requestCallback<_preflight_accounts_v1_AuthResponse__Output>): grpc.ClientUnaryCall;
  
  Register(argument: _preflight_accounts_v1_RegisterRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_AuthResponse__Output>): grpc.ClientUnaryCall;
  Register(argument: _preflight_accounts_v1_RegisterRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_AuthResponse__Output>): grpc.ClientUnaryCall;
  Register(argument: _preflight_accounts_v1_RegisterRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_AuthResponse__Output>): grpc.ClientUnaryCall;
  Register(argument: _preflight_accounts_v1_RegisterRequest, callback: grpc.requestCallback<_preflight_accounts_v1_AuthResponse__Output>): grpc.ClientUnaryCall;
  register(argument: _preflight_accounts_v1_RegisterRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_AuthResponse__Output>): grpc.ClientUnaryCall;
  register(argument: _preflight_accounts_v1_RegisterRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_AuthResponse__Output>): grpc.ClientUnaryCall;
  register(argument: _preflight_accounts_v1_RegisterRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_AuthResponse__Output>): grpc.ClientUnaryCall;
  register(argument: _preflight_accounts_v1_RegisterRequest, callback: grpc.requestCallback<_preflight_accounts_v1_AuthResponse__Output>): grpc.ClientUnaryCall;
  
  RemoveProgramBlock(argument: _preflight_accounts_v1_RemoveProgramBlockRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_ProgramBlocks__Output>): grpc.ClientUnaryCall;
  RemoveProgramBlock(argument: _preflight_accounts_v1_RemoveProgramBlockRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_ProgramBlocks__Output>): grpc.ClientUnaryCall;
  RemoveProgramBlock(argument: _preflight_accounts_v1_RemoveProgramBlockRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_ProgramBlocks__Output>): grpc.ClientUnaryCall;
  RemoveProgramBlock(argument: _preflight_accounts_v1_RemoveProgramBlockRequest, callback: grpc.requestCallback<_preflight_accounts_v1_ProgramBlocks__Output>): grpc.ClientUnaryCall;
  removeProgramBlock(argument: _preflight_accounts_v1_RemoveProgramBlockRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_ProgramBlocks__Output>): grpc.ClientUnaryCall;
  removeProgramBlock(argument: _preflight_accounts_v1_RemoveProgramBlockRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_ProgramBlocks__Output>): grpc.ClientUnaryCall;
  removeProgramBlock(argument: _preflight_accounts_v1_RemoveProgramBlockRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_ProgramBlocks__Output>): grpc.ClientUnaryCall;
  removeProgramBlock(argument: _preflight_accounts_v1_RemoveProgramBlockRequest, callback: grpc.requestCallback<_preflight_accounts_v1_ProgramBlocks__Output>): grpc.ClientUnaryCall;
  
  RevokeApiKey(argument: _preflight_accounts_v1_RevokeApiKeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_RevokeApiKeyResponse__Output>): grpc.ClientUnaryCall;
  RevokeApiKey(argument: _preflight_accounts_v1_RevokeApiKeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_RevokeApiKeyResponse__Output>): grpc.ClientUnaryCall;
  RevokeApiKey(argument: _preflight_accounts_v1_RevokeApiKeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_RevokeApiKeyResponse__Output>): grpc.ClientUnaryCall;
  RevokeApiKey(argument: _preflight_accounts_v1_RevokeApiKeyRequest, callback: grpc.requestCallback<_preflight_accounts_v1_RevokeApiKeyResponse__Output>): grpc.ClientUnaryCall;
  revokeApiKey(argument: _preflight_accounts_v1_RevokeApiKeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_RevokeApiKeyResponse__Output>): grpc.ClientUnaryCall;
  revokeApiKey(argument: _preflight_accounts_v1_RevokeApiKeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_RevokeApiKeyResponse__Output>): grpc.ClientUnaryCall;
  revokeApiKey(argument: _preflight_accounts_v1_RevokeApiKeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_RevokeApiKeyResponse__Output>): grpc.ClientUnaryCall;
  revokeApiKey(argument: _preflight_accounts_v1_RevokeApiKeyRequest, callback: grpc.requestCallback<_preflight_accounts_v1_RevokeApiKeyResponse__Output>): grpc.ClientUnaryCall;
  
  RotateApiKey(argument: _preflight_accounts_v1_RotateApiKeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_ApiKey__Output>): grpc.ClientUnaryCall;
  RotateApiKey(argument: _preflight_accounts_v1_RotateApiKeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_ApiKey__Output>): grpc.ClientUnaryCall;
  RotateApiKey(argument: _preflight_accounts_v1_RotateApiKeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_ApiKey__Output>): grpc.ClientUnaryCall;
  RotateApiKey(argument: _preflight_accounts_v1_RotateApiKeyRequest, callback: grpc.requestCallback<_preflight_accounts_v1_ApiKey__Output>): grpc.ClientUnaryCall;
  rotateApiKey(argument: _preflight_accounts_v1_RotateApiKeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_ApiKey__Output>): grpc.ClientUnaryCall;
  rotateApiKey(argument: _preflight_accounts_v1_RotateApiKeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_ApiKey__Output>): grpc.ClientUnaryCall;
  rotateApiKey(argument: _preflight_accounts_v1_RotateApiKeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_ApiKey__Output>): grpc.ClientUnaryCall;
  rotateApiKey(argument: _preflight_accounts_v1_RotateApiKeyRequest, callback: grpc.requestCallback<_preflight_accounts_v1_ApiKey__Output>): grpc.ClientUnaryCall;
  
  RotateWebhookSecret(argument: _preflight_accounts_v1_WebhookEndpointRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_WebhookEndpoint__Output>): grpc.ClientUnaryCall;
  RotateWebhookSecret(argument: _preflight_accounts_v1_WebhookEndpointRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_WebhookEndpoint__Output>): grpc.ClientUnaryCall;
  RotateWebhookSecret(argument: _preflight_accounts_v1_WebhookEndpointRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_WebhookEndpoint__Output>): grpc.ClientUnaryCall;
  RotateWebhookSecret(argument: _preflight_accounts_v1_WebhookEndpointRequest, callback: grpc.requestCallback<_preflight_accounts_v1_WebhookEndpoint__Output>): grpc.ClientUnaryCall;
  rotateWebhookSecret(argument: _preflight_accounts_v1_WebhookEndpointRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_WebhookEndpoint__Output>): grpc.ClientUnaryCall;
  rotateWebhookSecret(argument: _preflight_accounts_v1_WebhookEndpointRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_WebhookEndpoint__Output>): grpc.ClientUnaryCall;
  rotateWebhookSecret(argument: _preflight_accounts_v1_WebhookEndpointRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_WebhookEndpoint__Output>): grpc.ClientUnaryCall;
  rotateWebhookSecret(argument: _preflight_accounts_v1_WebhookEndpointRequest, callback: grpc.requestCallback<_preflight_accounts_v1_WebhookEndpoint__Output>): grpc.ClientUnaryCall;
  
  SendTestWebhook(argument: _preflight_accounts_v1_WebhookEndpointRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_WebhookDelivery__Output>): grpc.ClientUnaryCall;
  SendTestWebhook(argument: _preflight_accounts_v1_WebhookEndpointRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_WebhookDelivery__Output>): grpc.ClientUnaryCall;
  SendTestWebhook(argument: _preflight_accounts_v1_WebhookEndpointRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_WebhookDelivery__Output>): grpc.ClientUnaryCall;
  SendTestWebhook(argument: _preflight_accounts_v1_WebhookEndpointRequest, callback: grpc.requestCallback<_preflight_accounts_v1_WebhookDelivery__Output>): grpc.ClientUnaryCall;
  sendTestWebhook(argument: _preflight_accounts_v1_WebhookEndpointRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_WebhookDelivery__Output>): grpc.ClientUnaryCall;
  sendTestWebhook(argument: _preflight_accounts_v1_WebhookEndpointRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_WebhookDelivery__Output>): grpc.ClientUnaryCall;
  sendTestWebhook(argument: _preflight_accounts_v1_WebhookEndpointRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_WebhookDelivery__Output>): grpc.ClientUnaryCall;
  sendTestWebhook(argument: _preflight_accounts_v1_WebhookEndpointRequest, callback: grpc.requestCallback<_preflight_accounts_v1_WebhookDelivery__Output>): grpc.ClientUnaryCall;
  
  SetCardOnFile(argument: _preflight_accounts_v1_SetCardOnFileRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_SetCardOnFileResponse__Output>): grpc.ClientUnaryCall;
  SetCardOnFile(argument: _preflight_accounts_v1_SetCardOnFileRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_SetCardOnFileResponse__Output>): grpc.ClientUnaryCall;
  SetCardOnFile(argument: _preflight_accounts_v1_SetCardOnFileRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_SetCardOnFileResponse__Output>): grpc.ClientUnaryCall;
  SetCardOnFile(argument: _preflight_accounts_v1_SetCardOnFileRequest, callback: grpc.requestCallback<_preflight_accounts_v1_SetCardOnFileResponse__Output>): grpc.ClientUnaryCall;
  setCardOnFile(argument: _preflight_accounts_v1_SetCardOnFileRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_SetCardOnFileResponse__Output>): grpc.ClientUnaryCall;
  setCardOnFile(argument: _preflight_accounts_v1_SetCardOnFileRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_SetCardOnFileResponse__Output>): grpc.ClientUnaryCall;
  setCardOnFile(argument: _preflight_accounts_v1_SetCardOnFileRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_SetCardOnFileResponse__Output>): grpc.ClientUnaryCall;
  setCardOnFile(argument: _preflight_accounts_v1_SetCardOnFileRequest, callback: grpc.requestCallback<_preflight_accounts_v1_SetCardOnFileResponse__Output>): grpc.ClientUnaryCall;
  
  SetProgramBlocks(argument: _preflight_accounts_v1_SetProgramBlocksRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_ProgramBlocks__Output>): grpc.ClientUnaryCall;
  SetProgramBlocks(argument: _preflight_accounts_v1_SetProgramBlocksRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_ProgramBlocks__Output>): grpc.ClientUnaryCall;
  SetProgramBlocks(argument: _preflight_accounts_v1_SetProgramBlocksRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_ProgramBlocks__Output>): grpc.ClientUnaryCall;
  SetProgramBlocks(argument: _preflight_accounts_v1_SetProgramBlocksRequest, callback: grpc.requestCallback<_preflight_accounts_v1_ProgramBlocks__Output>): grpc.ClientUnaryCall;
  setProgramBlocks(argument: _preflight_accounts_v1_SetProgramBlocksRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_ProgramBlocks__Output>): grpc.ClientUnaryCall;
  setProgramBlocks(argument: _preflight_accounts_v1_SetProgramBlocksRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_ProgramBlocks__Output>): grpc.ClientUnaryCall;
  setProgramBlocks(argument: _preflight_accounts_v1_SetProgramBlocksRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_ProgramBlocks__Output>): grpc.ClientUnaryCall;
  setProgramBlocks(argument: _preflight_accounts_v1_SetProgramBlocksRequest, callback: grpc.requestCallback<_preflight_accounts_v1_ProgramBlocks__Output>): grpc.ClientUnaryCall;
  
  TrackTransaction(argument: _preflight_accounts_v1_TrackTransactionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_TrackTransactionResponse__Output>): grpc.ClientUnaryCall;
  TrackTransaction(argument: _preflight_accounts_v1_TrackTransactionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_TrackTransactionResponse__Output>): grpc.ClientUnaryCall;
  TrackTransaction(argument: _preflight_accounts_v1_TrackTransactionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_TrackTransactionResponse__Output>): grpc.ClientUnaryCall;
  TrackTransaction(argument: _preflight_accounts_v1_TrackTransactionRequest, callback: grpc.requestCallback<_preflight_accounts_v1_TrackTransactionResponse__Output>): grpc.ClientUnaryCall;
  trackTransaction(argument: _preflight_accounts_v1_TrackTransactionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_TrackTransactionResponse__Output>): grpc.ClientUnaryCall;
  trackTransaction(argument: _preflight_accounts_v1_TrackTransactionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_TrackTransactionResponse__Output>): grpc.ClientUnaryCall;
  trackTransaction(argument: _preflight_accounts_v1_TrackTransactionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_TrackTransactionResponse__Output>): grpc.ClientUnaryCall;
  trackTransaction(argument: _preflight_accounts_v1_TrackTransactionRequest, callback: grpc.requestCallback<_preflight_accounts_v1_TrackTransactionResponse__Output>): grpc.ClientUnaryCall;
  
  UpdateTrackedTransaction(argument: _preflight_accounts_v1_UpdateTrackedTransactionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_UpdateTrackedTransactionResponse__Output>): grpc.ClientUnaryCall;
  UpdateTrackedTransaction(argument: _preflight_accounts_v1_UpdateTrackedTransactionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_UpdateTrackedTransactionResponse__Output>): grpc.ClientUnaryCall;
  UpdateTrackedTransaction(argument: _preflight_accounts_v1_UpdateTrackedTransactionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_UpdateTrackedTransactionResponse__Output>): grpc.ClientUnaryCall;
  UpdateTrackedTransaction(argument: _preflight_accounts_v1_UpdateTrackedTransactionRequest, callback: grpc.requestCallback<_preflight_accounts_v1_UpdateTrackedTransactionResponse__Output>): grpc.ClientUnaryCall;
  updateTrackedTransaction(argument: _preflight_accounts_v1_UpdateTrackedTransactionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_UpdateTrackedTransactionResponse__Output>): grpc.ClientUnaryCall;
  updateTrackedTransaction(argument: _preflight_accounts_v1_UpdateTrackedTransactionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_preflight_accounts_v1_UpdateTrackedTransactionResponse__Output>): grpc.ClientUnaryCall;
  updateTrackedTransaction(argument: _preflight_accounts_v1_UpdateTrackedTransactionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_preflight_accounts_v1_UpdateTrackedTransactionResponse__Output>): grpc.ClientUnaryCall;
  updateTrackedTransaction(argument: _preflight_accounts_v1_UpdateTrackedTransactionRequest, callback: grpc.requestCallback<_preflight_accounts_v1_UpdateTrackedTransactionResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface AccountsHandlers extends grpc.UntypedServiceImplementation {
  AuthenticateApiKey: grpc.handleUnaryCall<_preflight_accounts_v1_AuthenticateApiKeyRequest__Output, _preflight_accounts_v1_AuthenticateApiKeyResponse>;
  
  ClaimUnresolvedTransactions: grpc.handleUnaryCall<_preflight_accounts_v1_ClaimUnresolvedTransactionsRequest__Output, _preflight_accounts_v1_ClaimUnresolvedTransactionsResponse>;
  
  CreateApiKey: grpc.handleUnaryCall<_preflight_accounts_v1_CreateApiKeyRequest__Output, _preflight_accounts_v1_ApiKey>;
  
  CreateCheckoutSession: grpc.handleUnaryCall<_preflight_accounts_v1_CreateCheckoutSessionRequest__Output, _preflight_accounts_v1_CheckoutSession>;
  
  CreatePortalSession: grpc.handleUnaryCall<_preflight_accounts_v1_BillingUserRequest__Output, _preflight_accounts_v1_PortalSession>;
  
  CreateWebhookEndpoint: grpc.handleUnaryCall<_preflight_accounts_v1_CreateWebhookEndpointRequest__Output, _preflight_accounts_v1_WebhookEndpoint>;
  
  DeleteUser: grpc.handleUnaryCall<_preflight_accounts_v1_DeleteUserRequest__Output, _preflight_accounts_v1_DeleteUserResponse>;
  
  DeleteWebhookEndpoint: grpc.handleUnaryCall<_preflight_accounts_v1_WebhookEndpointRequest__Output, _preflight_accounts_v1_DeleteWebhookEndpointResponse>;
  
  EnqueueWebhookEvent: grpc.handleUnaryCall<_preflight_accounts_v1_EnqueueWebhookEventRequest__Output, _preflight_accounts_v1_EnqueueWebhookEventResponse>;
  
  GetBillingEnabled: grpc.handleUnaryCall<_preflight_accounts_v1_GetBillingEnabledRequest__Output, _preflight_accounts_v1_BillingEnabled>;
  
  GetBillingUsage: grpc.handleUnaryCall<_preflight_accounts_v1_BillingUserRequest__Output, _preflight_accounts_v1_BillingUsage>;
  
  GetManagedTipLamports: grpc.handleUnaryCall<_preflight_accounts_v1_GetManagedTipLamportsRequest__Output, _preflight_accounts_v1_ManagedTipLamports>;
  
  GetProgramBlocks: grpc.handleUnaryCall<_preflight_accounts_v1_GetProgramBlocksRequest__Output, _preflight_accounts_v1_ProgramBlocks>;
  
  GetServiceTotals: grpc.handleUnaryCall<_preflight_accounts_v1_GetServiceTotalsRequest__Output, _preflight_accounts_v1_ServiceTotals>;
  
  GetSimulationCounts: grpc.handleUnaryCall<_preflight_accounts_v1_GetSimulationCountsRequest__Output, _preflight_accounts_v1_SimulationCounts>;
  
  GetSubmitUsage: grpc.handleUnaryCall<_preflight_accounts_v1_GetSubmitUsageRequest__Output, _preflight_accounts_v1_SubmitUsage>;
  
  GetSubscription: grpc.handleUnaryCall<_preflight_accounts_v1_BillingUserRequest__Output, _preflight_accounts_v1_BillingSubscription>;
  
  GetTrackedTransaction: grpc.handleUnaryCall<_preflight_accounts_v1_GetTrackedTransactionRequest__Output, _preflight_accounts_v1_GetTrackedTransactionResponse>;
  
  GetUser: grpc.handleUnaryCall<_preflight_accounts_v1_GetUserRequest__Output, _preflight_accounts_v1_User>;
  
  GetUserState: grpc.handleUnaryCall<_preflight_accounts_v1_GetUserStateRequest__Output, _preflight_accounts_v1_GetUserStateResponse>;
  
  GetUserStats: grpc.handleUnaryCall<_preflight_accounts_v1_GetUserStatsRequest__Output, _preflight_accounts_v1_UserStats>;
  
  HandleStripeWebhook: grpc.handleUnaryCall<_preflight_accounts_v1_HandleStripeWebhookRequest__Output, _preflight_accounts_v1_StripeWebhookOutcome>;
  
  ListApiKeys: grpc.handleUnaryCall<_preflight_accounts_v1_ListApiKeysRequest__Output, _preflight_accounts_v1_ListApiKeysResponse>;
  
  ListSimulations: grpc.handleUnaryCall<_preflight_accounts_v1_ListSimulationsRequest__Output, _preflight_accounts_v1_SimulationPage>;
  
  ListWebhookDeliveries: grpc.handleUnaryCall<_preflight_accounts_v1_WebhookEndpointRequest__Output, _preflight_accounts_v1_ListWebhookDeliveriesResponse>;
  
  ListWebhookEndpoints: grpc.handleUnaryCall<_preflight_accounts_v1_WebhookUserRequest__Output, _preflight_accounts_v1_ListWebhookEndpointsResponse>;
  
  Login: grpc.handleUnaryCall<_preflight_accounts_v1_LoginRequest__Output, _preflight_accounts_v1_AuthResponse>;
  
  Logout: grpc.handleUnaryCall<_preflight_accounts_v1_LogoutRequest__Output, _preflight_accounts_v1_LogoutResponse>;
  
  RecordKeyUsage: grpc.handleUnaryCall<_preflight_accounts_v1_RecordKeyUsageRequest__Output, _preflight_accounts_v1_RecordKeyUsageResponse>;
  
  RecordQuotaExceeded: grpc.handleUnaryCall<_preflight_accounts_v1_BillingUserRequest__Output, _preflight_accounts_v1_RecordQuotaExceededResponse>;
  
  RecordSimulations: grpc.handleUnaryCall<_preflight_accounts_v1_RecordSimulationsRequest__Output, _preflight_accounts_v1_RecordSimulationsResponse>;
  
  RedeliverWebhook: grpc.handleUnaryCall<_preflight_accounts_v1_RedeliverWebhookRequest__Output, _preflight_accounts_v1_WebhookDelivery>;
  
  Refresh: grpc.handleUnaryCall<_preflight_accounts_v1_RefreshRequest__Output, _preflight_accounts_v1_AuthResponse>;
  
  Register: grpc.handleUnaryCall<_preflight_accounts_v1_RegisterRequest__Output, _preflight_accounts_v1_AuthResponse>;
  
  RemoveProgramBlock: grpc.handleUnaryCall<_preflight_accounts_v1_RemoveProgramBlockRequest__Output, _preflight_accounts_v1_ProgramBlocks>;
  
  RevokeApiKey: grpc.handleUnaryCall<_preflight_accounts_v1_RevokeApiKeyRequest__Output, _preflight_accounts_v1_RevokeApiKeyResponse>;
  
  RotateApiKey: grpc.handleUnaryCall<_preflight_accounts_v1_RotateApiKeyRequest__Output, _preflight_accounts_v1_ApiKey>;
  
  RotateWebhookSecret: grpc.handleUnaryCall<_preflight_accounts_v1_WebhookEndpointRequest__Output, _preflight_accounts_v1_WebhookEndpoint>;
  
  SendTestWebhook: grpc.handleUnaryCall<_preflight_accounts_v1_WebhookEndpointRequest__Output, _preflight_accounts_v1_WebhookDelivery>;
  
  SetCardOnFile: grpc.handleUnaryCall<_preflight_accounts_v1_SetCardOnFileRequest__Output, _preflight_accounts_v1_SetCardOnFileResponse>;
  
  SetProgramBlocks: grpc.handleUnaryCall<_preflight_accounts_v1_SetProgramBlocksRequest__Output, _preflight_accounts_v1_ProgramBlocks>;
  
  TrackTransaction: grpc.handleUnaryCall<_preflight_accounts_v1_TrackTransactionRequest__Output, _preflight_accounts_v1_TrackTransactionResponse>;
  
  UpdateTrackedTransaction: grpc.handleUnaryCall<_preflight_accounts_v1_UpdateTrackedTransactionRequest__Output, _preflight_accounts_v1_UpdateTrackedTransactionResponse>;
  
}

export interface AccountsDefinition extends grpc.ServiceDefinition {
  AuthenticateApiKey: MethodDefinition<_preflight_accounts_v1_AuthenticateApiKeyRequest, _preflight_accounts_v1_AuthenticateApiKeyResponse, _preflight_accounts_v1_AuthenticateApiKeyRequest__Output, _preflight_accounts_v1_AuthenticateApiKeyResponse__Output>
  ClaimUnresolvedTransactions: MethodDefinition<_preflight_accounts_v1_ClaimUnresolvedTransactionsRequest, _preflight_accounts_v1_ClaimUnresolvedTransactionsResponse, _preflight_accounts_v1_ClaimUnresolvedTransactionsRequest__Output, _preflight_accounts_v1_ClaimUnresolvedTransactionsResponse__Output>
  CreateApiKey: MethodDefinition<_preflight_accounts_v1_CreateApiKeyRequest, _preflight_accounts_v1_ApiKey, _preflight_accounts_v1_CreateApiKeyRequest__Output, _preflight_accounts_v1_ApiKey__Output>
  CreateCheckoutSession: MethodDefinition<_preflight_accounts_v1_CreateCheckoutSessionRequest, _preflight_accounts_v1_CheckoutSession, _preflight_accounts_v1_CreateCheckoutSessionRequest__Output, _preflight_accounts_v1_CheckoutSession__Output>
  CreatePortalSession: MethodDefinition<_preflight_accounts_v1_BillingUserRequest, _preflight_accounts_v1_PortalSession, _preflight_accounts_v1_BillingUserRequest__Output, _preflight_accounts_v1_PortalSession__Output>
  CreateWebhookEndpoint: MethodDefinition<_preflight_accounts_v1_CreateWebhookEndpointRequest, _preflight_accounts_v1_WebhookEndpoint, _preflight_accounts_v1_CreateWebhookEndpointRequest__Output, _preflight_accounts_v1_WebhookEndpoint__Output>
  DeleteUser: MethodDefinition<_preflight_accounts_v1_DeleteUserRequest, _preflight_accounts_v1_DeleteUserResponse, _preflight_accounts_v1_DeleteUserRequest__Output, _preflight_accounts_v1_DeleteUserResponse__Output>
  DeleteWebhookEndpoint: MethodDefinition<_preflight_accounts_v1_WebhookEndpointRequest, _preflight_accounts_v1_DeleteWebhookEndpointResponse, _preflight_accounts_v1_WebhookEndpointRequest__Output, _preflight_accounts_v1_DeleteWebhookEndpointResponse__Output>
  EnqueueWebhookEvent: MethodDefinition<_preflight_accounts_v1_EnqueueWebhookEventRequest, _preflight_accounts_v1_EnqueueWebhookEventResponse, _preflight_accounts_v1_EnqueueWebhookEventRequest__Output, _preflight_accounts_v1_EnqueueWebhookEventResponse__Output>
  GetBillingEnabled: MethodDefinition<_preflight_accounts_v1_GetBillingEnabledRequest, _preflight_accounts_v1_BillingEnabled, _preflight_accounts_v1_GetBillingEnabledRequest__Output, _preflight_accounts_v1_BillingEnabled__Output>
  GetBillingUsage: MethodDefinition<_preflight_accounts_v1_BillingUserRequest, _preflight_accounts_v1_BillingUsage, _preflight_accounts_v1_BillingUserRequest__Output, _preflight_accounts_v1_BillingUsage__Output>
  GetManagedTipLamports: MethodDefinition<_preflight_accounts_v1_GetManagedTipLamportsRequest, _preflight_accounts_v1_ManagedTipLamports, _preflight_accounts_v1_GetManagedTipLamportsRequest__Output, _preflight_accounts_v1_ManagedTipLamports__Output>
  GetProgramBlocks: MethodDefinition<_preflight_accounts_v1_GetProgramBlocksRequest, _preflight_accounts_v1_ProgramBlocks, _preflight_accounts_v1_GetProgramBlocksRequest__Output, _preflight_accounts_v1_ProgramBlocks__Output>
  GetServiceTotals: MethodDefinition<_preflight_accounts_v1_GetServiceTotalsRequest, _preflight_accounts_v1_ServiceTotals, _preflight_accounts_v1_GetServiceTotalsRequest__Output, _preflight_accounts_v1_ServiceTotals__Output>
  GetSimulationCounts: MethodDefinition<_preflight_accounts_v1_GetSimulationCountsRequest, _preflight_accounts_v1_SimulationCounts, _preflight_accounts_v1_GetSimulationCountsRequest__Output, _preflight_accounts_v1_SimulationCounts__Output>
  GetSubmitUsage: MethodDefinition<_preflight_accounts_v1_GetSubmitUsageRequest, _preflight_accounts_v1_SubmitUsage, _preflight_accounts_v1_GetSubmitUsageRequest__Output, _preflight_accounts_v1_SubmitUsage__Output>
  GetSubscription: MethodDefinition<_preflight_accounts_v1_BillingUserRequest, _preflight_accounts_v1_BillingSubscription, _preflight_accounts_v1_BillingUserRequest__Output, _preflight_accounts_v1_BillingSubscription__Output>
  GetTrackedTransaction: MethodDefinition<_preflight_accounts_v1_GetTrackedTransactionRequest, _preflight_accounts_v1_GetTrackedTransactionResponse, _preflight_accounts_v1_GetTrackedTransactionRequest__Output, _preflight_accounts_v1_GetTrackedTransactionResponse__Output>
  GetUser: MethodDefinition<_preflight_accounts_v1_GetUserRequest, _preflight_accounts_v1_User, _preflight_accounts_v1_GetUserRequest__Output, _preflight_accounts_v1_User__Output>
  GetUserState: MethodDefinition<_preflight_accounts_v1_GetUserStateRequest, _preflight_accounts_v1_GetUserStateResponse, _preflight_accounts_v1_GetUserStateRequest__Output, _preflight_accounts_v1_GetUserStateResponse__Output>
  GetUserStats: MethodDefinition<_preflight_accounts_v1_GetUserStatsRequest, _preflight_accounts_v1_UserStats, _preflight_accounts_v1_GetUserStatsRequest__Output, _preflight_accounts_v1_UserStats__Output>
  HandleStripeWebhook: MethodDefinition<_preflight_accounts_v1_HandleStripeWebhookRequest, _preflight_accounts_v1_StripeWebhookOutcome, _preflight_accounts_v1_HandleStripeWebhookRequest__Output, _preflight_accounts_v1_StripeWebhookOutcome__Output>
  ListApiKeys: MethodDefinition<_preflight_accounts_v1_ListApiKeysRequest, _preflight_accounts_v1_ListApiKeysResponse, _preflight_accounts_v1_ListApiKeysRequest__Output, _preflight_accounts_v1_ListApiKeysResponse__Output>
  ListSimulations: MethodDefinition<_preflight_accounts_v1_ListSimulationsRequest, _preflight_accounts_v1_SimulationPage, _preflight_accounts_v1_ListSimulationsRequest__Output, _preflight_accounts_v1_SimulationPage__Output>
  ListWebhookDeliveries: MethodDefinition<_preflight_accounts_v1_WebhookEndpointRequest, _preflight_accounts_v1_ListWebhookDeliveriesResponse, _preflight_accounts_v1_WebhookEndpointRequest__Output, _preflight_accounts_v1_ListWebhookDeliveriesResponse__Output>
  ListWebhookEndpoints: MethodDefinition<_preflight_accounts_v1_WebhookUserRequest, _preflight_accounts_v1_ListWebhookEndpointsResponse, _preflight_accounts_v1_WebhookUserRequest__Output, _preflight_accounts_v1_ListWebhookEndpointsResponse__Output>
  Login: MethodDefinition<_preflight_accounts_v1_LoginRequest, _preflight_accounts_v1_AuthResponse, _preflight_accounts_v1_LoginRequest__Output, _preflight_accounts_v1_AuthResponse__Output>
  Logout: MethodDefinition<_preflight_accounts_v1_LogoutRequest, _preflight_accounts_v1_LogoutResponse, _preflight_accounts_v1_LogoutRequest__Output, _preflight_accounts_v1_LogoutResponse__Output>
  RecordKeyUsage: MethodDefinition<_preflight_accounts_v1_RecordKeyUsageRequest, _preflight_accounts_v1_RecordKeyUsageResponse, _preflight_accounts_v1_RecordKeyUsageRequest__Output, _preflight_accounts_v1_RecordKeyUsageResponse__Output>
  RecordQuotaExceeded: MethodDefinition<_preflight_accounts_v1_BillingUserRequest, _preflight_accounts_v1_RecordQuotaExceededResponse, _preflight_accounts_v1_BillingUserRequest__Output, _preflight_accounts_v1_RecordQuotaExceededResponse__Output>
  RecordSimulations: MethodDefinition<_preflight_accounts_v1_RecordSimulationsRequest, _preflight_accounts_v1_RecordSimulationsResponse, _preflight_accounts_v1_RecordSimulationsRequest__Output, _preflight_accounts_v1_RecordSimulationsResponse__Output>
  RedeliverWebhook: MethodDefinition<_preflight_accounts_v1_RedeliverWebhookRequest, _preflight_accounts_v1_WebhookDelivery, _preflight_accounts_v1_RedeliverWebhookRequest__Output, _preflight_accounts_v1_WebhookDelivery__Output>
  Refresh: MethodDefinition<_preflight_accounts_v1_RefreshRequest, _preflight_accounts_v1_AuthResponse, _preflight_accounts_v1_RefreshRequest__Output, _preflight_accounts_v1_AuthResponse__Output>
  Register: MethodDefinition<_preflight_accounts_v1_RegisterRequest, _preflight_accounts_v1_AuthResponse, _preflight_accounts_v1_RegisterRequest__Output, _preflight_accounts_v1_AuthResponse__Output>
  RemoveProgramBlock: MethodDefinition<_preflight_accounts_v1_RemoveProgramBlockRequest, _preflight_accounts_v1_ProgramBlocks, _preflight_accounts_v1_RemoveProgramBlockRequest__Output, _preflight_accounts_v1_ProgramBlocks__Output>
  RevokeApiKey: MethodDefinition<_preflight_accounts_v1_RevokeApiKeyRequest, _preflight_accounts_v1_RevokeApiKeyResponse, _preflight_accounts_v1_RevokeApiKeyRequest__Output, _preflight_accounts_v1_RevokeApiKeyResponse__Output>
  RotateApiKey: MethodDefinition<_preflight_accounts_v1_RotateApiKeyRequest, _preflight_accounts_v1_ApiKey, _preflight_accounts_v1_RotateApiKeyRequest__Output, _preflight_accounts_v1_ApiKey__Output>
  RotateWebhookSecret: MethodDefinition<_preflight_accounts_v1_WebhookEndpointRequest, _preflight_accounts_v1_WebhookEndpoint, _preflight_accounts_v1_WebhookEndpointRequest__Output, _preflight_accounts_v1_WebhookEndpoint__Output>
  SendTestWebhook: MethodDefinition<_preflight_accounts_v1_WebhookEndpointRequest, _preflight_accounts_v1_WebhookDelivery, _preflight_accounts_v1_WebhookEndpointRequest__Output, _preflight_accounts_v1_WebhookDelivery__Output>
  SetCardOnFile: MethodDefinition<_preflight_accounts_v1_SetCardOnFileRequest, _preflight_accounts_v1_SetCardOnFileResponse, _preflight_accounts_v1_SetCardOnFileRequest__Output, _preflight_accounts_v1_SetCardOnFileResponse__Output>
  SetProgramBlocks: MethodDefinition<_preflight_accounts_v1_SetProgramBlocksRequest, _preflight_accounts_v1_ProgramBlocks, _preflight_accounts_v1_SetProgramBlocksRequest__Output, _preflight_accounts_v1_ProgramBlocks__Output>
  TrackTransaction: MethodDefinition<_preflight_accounts_v1_TrackTransactionRequest, _preflight_accounts_v1_TrackTransactionResponse, _preflight_accounts_v1_TrackTransactionRequest__Output, _preflight_accounts_v1_TrackTransactionResponse__Output>
  UpdateTrackedTransaction: MethodDefinition<_preflight_accounts_v1_UpdateTrackedTransactionRequest, _preflight_accounts_v1_UpdateTrackedTransactionResponse, _preflight_accounts_v1_UpdateTrackedTransactionRequest__Output, _preflight_accounts_v1_UpdateTrackedTransactionResponse__Output>
}
