import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { AccountsClient as _preflight_accounts_v1_AccountsClient, AccountsDefinition as _preflight_accounts_v1_AccountsDefinition } from './preflight/accounts/v1/Accounts';
import type { ApiKey as _preflight_accounts_v1_ApiKey, ApiKey__Output as _preflight_accounts_v1_ApiKey__Output } from './preflight/accounts/v1/ApiKey';
import type { ApiKeyPrincipal as _preflight_accounts_v1_ApiKeyPrincipal, ApiKeyPrincipal__Output as _preflight_accounts_v1_ApiKeyPrincipal__Output } from './preflight/accounts/v1/ApiKeyPrincipal';
import type { AuthResponse as _preflight_accounts_v1_AuthResponse, AuthResponse__Output as _preflight_accounts_v1_AuthResponse__Output } from './preflight/accounts/v1/AuthResponse';
import type { AuthenticateApiKeyRequest as _preflight_accounts_v1_AuthenticateApiKeyRequest, AuthenticateApiKeyRequest__Output as _preflight_accounts_v1_AuthenticateApiKeyRequest__Output } from './preflight/accounts/v1/AuthenticateApiKeyRequest';
import type { AuthenticateApiKeyResponse as _preflight_accounts_v1_AuthenticateApiKeyResponse, AuthenticateApiKeyResponse__Output as _preflight_accounts_v1_AuthenticateApiKeyResponse__Output } from './preflight/accounts/v1/AuthenticateApiKeyResponse';
import type { BillingEnabled as _preflight_accounts_v1_BillingEnabled, BillingEnabled__Output as _preflight_accounts_v1_BillingEnabled__Output } from './preflight/accounts/v1/BillingEnabled';
import type { BillingPlan as _preflight_accounts_v1_BillingPlan, BillingPlan__Output as _preflight_accounts_v1_BillingPlan__Output } from './preflight/accounts/v1/BillingPlan';
import type { BillingPrices as _preflight_accounts_v1_BillingPrices, BillingPrices__Output as _preflight_accounts_v1_BillingPrices__Output } from './preflight/accounts/v1/BillingPrices';
import type { BillingSimulationUsage as _preflight_accounts_v1_BillingSimulationUsage, BillingSimulationUsage__Output as _preflight_accounts_v1_BillingSimulationUsage__Output } from './preflight/accounts/v1/BillingSimulationUsage';
import type { BillingSubmitUsage as _preflight_accounts_v1_BillingSubmitUsage, BillingSubmitUsage__Output as _preflight_accounts_v1_BillingSubmitUsage__Output } from './preflight/accounts/v1/BillingSubmitUsage';
import type { BillingSubscription as _preflight_accounts_v1_BillingSubscription, BillingSubscription__Output as _preflight_accounts_v1_BillingSubscription__Output } from './preflight/accounts/v1/BillingSubscription';
import type { BillingTipUsage as _preflight_accounts_v1_BillingTipUsage, BillingTipUsage__Output as _preflight_accounts_v1_BillingTipUsage__Output } from './preflight/accounts/v1/BillingTipUsage';
import type { BillingUsage as _preflight_accounts_v1_BillingUsage, BillingUsage__Output as _preflight_accounts_v1_BillingUsage__Output } from './preflight/accounts/v1/BillingUsage';
import type { BillingUserRequest as _preflight_accounts_v1_BillingUserRequest, BillingUserRequest__Output as _preflight_accounts_v1_BillingUserRequest__Output } from './preflight/accounts/v1/BillingUserRequest';
import type { CheckoutSession as _preflight_accounts_v1_CheckoutSession, CheckoutSession__Output as _preflight_accounts_v1_CheckoutSession__Output } from './preflight/accounts/v1/CheckoutSession';
import type { ClaimUnresolvedTransactionsRequest as _preflight_accounts_v1_ClaimUnresolvedTransactionsRequest, ClaimUnresolvedTransactionsRequest__Output as _preflight_accounts_v1_ClaimUnresolvedTransactionsRequest__Output } from './preflight/accounts/v1/ClaimUnresolvedTransactionsRequest';
import type { ClaimUnresolvedTransactionsResponse as _preflight_accounts_v1_ClaimUnresolvedTransactionsResponse, ClaimUnresolvedTransactionsResponse__Output as _preflight_accounts_v1_ClaimUnresolvedTransactionsResponse__Output } from './preflight/accounts/v1/ClaimUnresolvedTransactionsResponse';
import type { CreateApiKeyRequest as _preflight_accounts_v1_CreateApiKeyRequest, CreateApiKeyRequest__Output as _preflight_accounts_v1_CreateApiKeyRequest__Output } from './preflight/accounts/v1/CreateApiKeyRequest';
import type { CreateCheckoutSessionRequest as _preflight_accounts_v1_CreateCheckoutSessionRequest, CreateCheckoutSessionRequest__Output as _preflight_accounts_v1_CreateCheckoutSessionRequest__Output } from './preflight/accounts/v1/CreateCheckoutSessionRequest';
import type { CreateWebhookEndpointRequest as _preflight_accounts_v1_CreateWebhookEndpointRequest, CreateWebhookEndpointRequest__Output as _preflight_accounts_v1_CreateWebhookEndpointRequest__Output } from './preflight/accounts/v1/CreateWebhookEndpointRequest';
import type { DailyStats as _preflight_accounts_v1_DailyStats, DailyStats__Output as _preflight_accounts_v1_DailyStats__Output } from './preflight/accounts/v1/DailyStats';
import type { DeleteUserRequest as _preflight_accounts_v1_DeleteUserRequest, DeleteUserRequest__Output as _preflight_accounts_v1_DeleteUserRequest__Output } from './preflight/accounts/v1/DeleteUserRequest';
import type { DeleteUserResponse as _preflight_accounts_v1_DeleteUserResponse, DeleteUserResponse__Output as _preflight_accounts_v1_DeleteUserResponse__Output } from './preflight/accounts/v1/DeleteUserResponse';
import type { DeleteWebhookEndpointResponse as _preflight_accounts_v1_DeleteWebhookEndpointResponse, DeleteWebhookEndpointResponse__Output as _preflight_accounts_v1_DeleteWebhookEndpointResponse__Output } from './preflight/accounts/v1/DeleteWebhookEndpointResponse';
import type { EnqueueWebhookEventRequest as _preflight_accounts_v1_EnqueueWebhookEventRequest, EnqueueWebhookEventRequest__Output as _preflight_accounts_v1_EnqueueWebhookEventRequest__Output } from './preflight/accounts/v1/EnqueueWebhookEventRequest';
import type { EnqueueWebhookEventResponse as _preflight_accounts_v1_EnqueueWebhookEventResponse, EnqueueWebhookEventResponse__Output as _preflight_accounts_v1_EnqueueWebhookEventResponse__Output } from './preflight/accounts/v1/EnqueueWebhookEventResponse';
import type { FailureReasonCount as _preflight_accounts_v1_FailureReasonCount, FailureReasonCount__Output as _preflight_accounts_v1_FailureReasonCount__Output } from './preflight/accounts/v1/FailureReasonCount';
import type { GetBillingEnabledRequest as _preflight_accounts_v1_GetBillingEnabledRequest, GetBillingEnabledRequest__Output as _preflight_accounts_v1_GetBillingEnabledRequest__Output } from './preflight/accounts/v1/GetBillingEnabledRequest';
import type { GetManagedTipLamportsRequest as _preflight_accounts_v1_GetManagedTipLamportsRequest, GetManagedTipLamportsRequest__Output as _preflight_accounts_v1_GetManagedTipLamportsRequest__Output } from './preflight/accounts/v1/GetManagedTipLamportsRequest';
import type { GetProgramBlocksRequest as _preflight_accounts_v1_GetProgramBlocksRequest, GetProgramBlocksRequest__Output as _preflight_accounts_v1_GetProgramBlocksRequest__Output } from './preflight/accounts/v1/GetProgramBlocksRequest';
import type { GetServiceTotalsRequest as _preflight_accounts_v1_GetServiceTotalsRequest, GetServiceTotalsRequest__Output as _preflight_accounts_v1_GetServiceTotalsRequest__Output } from './preflight/accounts/v1/GetServiceTotalsRequest';
import type { GetSimulationCountsRequest as _preflight_accounts_v1_GetSimulationCountsRequest, GetSimulationCountsRequest__Output as _preflight_accounts_v1_GetSimulationCountsRequest__Output } from './preflight/accounts/v1/GetSimulationCountsRequest';
import type { GetSubmitUsageRequest as _preflight_accounts_v1_GetSubmitUsageRequest, GetSubmitUsageRequest__Output as _preflight_accounts_v1_GetSubmitUsageRequest__Output } from './preflight/accounts/v1/GetSubmitUsageRequest';
import type { GetTrackedTransactionRequest as _preflight_accounts_v1_GetTrackedTransactionRequest, GetTrackedTransactionRequest__Output as _preflight_accounts_v1_GetTrackedTransactionRequest__Output } from './preflight/accounts/v1/GetTrackedTransactionRequest';
import type { GetTrackedTransactionResponse as _preflight_accounts_v1_GetTrackedTransactionResponse, GetTrackedTransactionResponse__Output as _preflight_accounts_v1_GetTrackedTransactionResponse__Output } from './preflight/accounts/v1/GetTrackedTransactionResponse';
import type { GetUserRequest as _preflight_accounts_v1_GetUserRequest, GetUserRequest__Output as _preflight_accounts_v1_GetUserRequest__Output } from './preflight/accounts/v1/GetUserRequest';
import type { GetUserStateRequest as _preflight_accounts_v1_GetUserStateRequest, GetUserStateRequest__Output as _preflight_accounts_v1_GetUserStateRequest__Output } from './preflight/accounts/v1/GetUserStateRequest';
import type { GetUserStateResponse as _preflight_accounts_v1_GetUserStateResponse, GetUserStateResponse__Output as _preflight_accounts_v1_GetUserStateResponse__Output } from './preflight/accounts/v1/GetUserStateResponse';
import type { GetUserStatsRequest as _preflight_accounts_v1_GetUserStatsRequest, GetUserStatsRequest__Output as _preflight_accounts_v1_GetUserStatsRequest__Output } from './preflight/accounts/v1/GetUserStatsRequest';
import type { HandleStripeWebhookRequest as _preflight_accounts_v1_HandleStripeWebhookRequest, HandleStripeWebhookRequest__Output as _preflight_accounts_v1_HandleStripeWebhookRequest__Output } from './preflight/accounts/v1/HandleStripeWebhookRequest';
import type { HistoryTransaction as _preflight_accounts_v1_HistoryTransaction, HistoryTransaction__Output as _preflight_accounts_v1_HistoryTransaction__Output } from './preflight/accounts/v1/HistoryTransaction';
import type { KeyUsage as _preflight_accounts_v1_KeyUsage, KeyUsage__Output as _preflight_accounts_v1_KeyUsage__Output } from './preflight/accounts/v1/KeyUsage';
import type { ListApiKeysRequest as _preflight_accounts_v1_ListApiKeysRequest, ListApiKeysRequest__Output as _preflight_accounts_v1_ListApiKeysRequest__Output } from './preflight/accounts/v1/ListApiKeysRequest';
import type { ListApiKeysResponse as _preflight_accounts_v1_ListApiKeysResponse, ListApiKeysResponse__Output as _preflight_accounts_v1_ListApiKeysResponse__Output } from './preflight/accounts/v1/ListApiKeysResponse';
import type { ListSimulationsRequest as _preflight_accounts_v1_ListSimulationsRequest, ListSimulationsRequest__Output as _preflight_accounts_v1_ListSimulationsRequest__Output } from './preflight/accounts/v1/ListSimulationsRequest';
import type { ListWebhookDeliveriesResponse as _preflight_accounts_v1_ListWebhookDeliveriesResponse, ListWebhookDeliveriesResponse__Output as _preflight_accounts_v1_ListWebhookDeliveriesResponse__Output } from './preflight/accounts/v1/ListWebhookDeliveriesResponse';
import type { ListWebhookEndpointsResponse as _preflight_accounts_v1_ListWebhookEndpointsResponse, ListWebhookEndpointsResponse__Output as _preflight_accounts_v1_ListWebhookEndpointsResponse__Output } from './preflight/accounts/v1/ListWebhookEndpointsResponse';
import type { LoginRequest as _preflight_accounts_v1_LoginRequest, LoginRequest__Output as _preflight_accounts_v1_LoginRequest__Output } from './preflight/accounts/v1/LoginRequest';
import type { LogoutRequest as _preflight_accounts_v1_LogoutRequest, LogoutRequest__Output as _preflight_accounts_v1_LogoutRequest__Output } from './preflight/accounts/v1/LogoutRequest';
import type { LogoutResponse as _preflight_accounts_v1_LogoutResponse, LogoutResponse__Output as _preflight_accounts_v1_LogoutResponse__Output } from './preflight/accounts/v1/LogoutResponse';
import type { ManagedTipLamports as _preflight_accounts_v1_ManagedTipLamports, ManagedTipLamports__Output as _preflight_accounts_v1_ManagedTipLamports__Output } from './preflight/accounts/v1/ManagedTipLamports';
import type { NullableDouble as _preflight_accounts_v1_NullableDouble, NullableDouble__Output as _preflight_accounts_v1_NullableDouble__Output } from './preflight/accounts/v1/NullableDouble';
import type { NullableString as _preflight_accounts_v1_NullableString, NullableString__Output as _preflight_accounts_v1_NullableString__Output } from './preflight/accounts/v1/NullableString';
import type { PortalSession as _preflight_accounts_v1_PortalSession, PortalSession__Output as _preflight_accounts_v1_PortalSession__Output } from './preflight/accounts/v1/PortalSession';
import type { ProgramBlocks as _preflight_accounts_v1_ProgramBlocks, ProgramBlocks__Output as _preflight_accounts_v1_ProgramBlocks__Output } from './preflight/accounts/v1/ProgramBlocks';
import type { RecordKeyUsageRequest as _preflight_accounts_v1_RecordKeyUsageRequest, RecordKeyUsageRequest__Output as _preflight_accounts_v1_RecordKeyUsageRequest__Output } from './preflight/accounts/v1/RecordKeyUsageRequest';
import type { RecordKeyUsageResponse as _preflight_accounts_v1_RecordKeyUsageResponse, RecordKeyUsageResponse__Output as _preflight_accounts_v1_RecordKeyUsageResponse__Output } from './preflight/accounts/v1/RecordKeyUsageResponse';
import type { RecordQuotaExceededResponse as _preflight_accounts_v1_RecordQuotaExceededResponse, RecordQuotaExceededResponse__Output as _preflight_accounts_v1_RecordQuotaExceededResponse__Output } from './preflight/accounts/v1/RecordQuotaExceededResponse';
import type { RecordSimulationsRequest as _preflight_accounts_v1_RecordSimulationsRequest, RecordSimulationsRequest__Output as _preflight_accounts_v1_RecordSimulationsRequest__Output } from './preflight/accounts/v1/RecordSimulationsRequest';
import type { RecordSimulationsResponse as _preflight_accounts_v1_RecordSimulationsResponse, RecordSimulationsResponse__Output as _preflight_accounts_v1_RecordSimulationsResponse__Output } from './preflight/accounts/v1/RecordSimulationsResponse';
import type { RedeliverWebhookRequest as _preflight_accounts_v1_RedeliverWebhookRequest, RedeliverWebhookRequest__Output as _preflight_accounts_v1_RedeliverWebhookRequest__Output } from './preflight/accounts/v1/RedeliverWebhookRequest';
import type { RefreshRequest as _preflight_accounts_v1_RefreshRequest, RefreshRequest__Output as _preflight_accounts_v1_RefreshRequest__Output } from './preflight/accounts/v1/RefreshRequest';
import type { RegisterRequest as _preflight_accounts_v1_RegisterRequest, RegisterRequest__Output as _preflight_accounts_v1_RegisterRequest__Output } from './preflight/accounts/v1/RegisterRequest';
import type { RemoveProgramBlockRequest as _preflight_accounts_v1_RemoveProgramBlockRequest, RemoveProgramBlockRequest__Output as _preflight_accounts_v1_RemoveProgramBlockRequest__Output } from './preflight/accounts/v1/RemoveProgramBlockRequest';
import type { RevokeApiKeyRequest as _preflight_accounts_v1_RevokeApiKeyRequest, RevokeApiKeyRequest__Output as _preflight_accounts_v1_RevokeApiKeyRequest__Output } from './preflight/accounts/v1/RevokeApiKeyRequest';
import type { RevokeApiKeyResponse as _preflight_accounts_v1_RevokeApiKeyResponse, RevokeApiKeyResponse__Output as _preflight_accounts_v1_RevokeApiKeyResponse__Output } from './preflight/accounts/v1/RevokeApiKeyResponse';
import type { RiskLevelCount as _preflight_accounts_v1_RiskLevelCount, RiskLevelCount__Output as _preflight_accounts_v1_RiskLevelCount__Output } from './preflight/accounts/v1/RiskLevelCount';
import type { RotateApiKeyRequest as _preflight_accounts_v1_RotateApiKeyRequest, RotateApiKeyRequest__Output as _preflight_accounts_v1_RotateApiKeyRequest__Output } from './preflight/accounts/v1/RotateApiKeyRequest';
import type { ServiceTotals as _preflight_accounts_v1_ServiceTotals, ServiceTotals__Output as _preflight_accounts_v1_ServiceTotals__Output } from './preflight/accounts/v1/ServiceTotals';
import type { SetCardOnFileRequest as _preflight_accounts_v1_SetCardOnFileRequest, SetCardOnFileRequest__Output as _preflight_accounts_v1_SetCardOnFileRequest__Output } from './preflight/accounts/v1/SetCardOnFileRequest';
import type { SetCardOnFileResponse as _preflight_accounts_v1_SetCardOnFileResponse, SetCardOnFileResponse__Output as _preflight_accounts_v1_SetCardOnFileResponse__Output } from './preflight/accounts/v1/SetCardOnFileResponse';
import type { SetProgramBlocksRequest as _preflight_accounts_v1_SetProgramBlocksRequest, SetProgramBlocksRequest__Output as _preflight_accounts_v1_SetProgramBlocksRequest__Output } from './preflight/accounts/v1/SetProgramBlocksRequest';
import type { SimulationCounts as _preflight_accounts_v1_SimulationCounts, SimulationCounts__Output as _preflight_accounts_v1_SimulationCounts__Output } from './preflight/accounts/v1/SimulationCounts';
import type { SimulationHistoryItem as _preflight_accounts_v1_SimulationHistoryItem, SimulationHistoryItem__Output as _preflight_accounts_v1_SimulationHistoryItem__Output } from './preflight/accounts/v1/SimulationHistoryItem';
import type { SimulationPage as _preflight_accounts_v1_SimulationPage, SimulationPage__Output as _preflight_accounts_v1_SimulationPage__Output } from './preflight/accounts/v1/SimulationPage';
import type { SimulationRecord as _preflight_accounts_v1_SimulationRecord, SimulationRecord__Output as _preflight_accounts_v1_SimulationRecord__Output } from './preflight/accounts/v1/SimulationRecord';
import type { StringList as _preflight_accounts_v1_StringList, StringList__Output as _preflight_accounts_v1_StringList__Output } from './preflight/accounts/v1/StringList';
import type { StripeWebhookOutcome as _preflight_accounts_v1_StripeWebhookOutcome, StripeWebhookOutcome__Output as _preflight_accounts_v1_StripeWebhookOutcome__Output } from './preflight/accounts/v1/StripeWebhookOutcome';
import type { SubmitUsage as _preflight_accounts_v1_SubmitUsage, SubmitUsage__Output as _preflight_accounts_v1_SubmitUsage__Output } from './preflight/accounts/v1/SubmitUsage';
import type { TrackTransactionRequest as _preflight_accounts_v1_TrackTransactionRequest, TrackTransactionRequest__Output as _preflight_accounts_v1_TrackTransactionRequest__Output } from './preflight/accounts/v1/TrackTransactionRequest';
import type { TrackTransactionResponse as _preflight_accounts_v1_TrackTransactionResponse, TrackTransactionResponse__Output as _preflight_accounts_v1_TrackTransactionResponse__Output } from './preflight/accounts/v1/TrackTransactionResponse';
import type { TrackedTransaction as _preflight_accounts_v1_TrackedTransaction, TrackedTransaction__Output as _preflight_accounts_v1_TrackedTransaction__Output } from './preflight/accounts/v1/TrackedTransaction';
import type { TrackedTransactionPatch as _preflight_accounts_v1_TrackedTransactionPatch, TrackedTransactionPatch__Output as _preflight_accounts_v1_TrackedTransactionPatch__Output } from './preflight/accounts/v1/TrackedTransactionPatch';
import type { UpdateTrackedTransactionRequest as _preflight_accounts_v1_UpdateTrackedTransactionRequest, UpdateTrackedTransactionRequest__Output as _preflight_accounts_v1_UpdateTrackedTransactionRequest__Output } from './preflight/accounts/v1/UpdateTrackedTransactionRequest';
import type { UpdateTrackedTransactionResponse as _preflight_accounts_v1_UpdateTrackedTransactionResponse, UpdateTrackedTransactionResponse__Output as _preflight_accounts_v1_UpdateTrackedTransactionResponse__Output } from './preflight/accounts/v1/UpdateTrackedTransactionResponse';
import type { User as _preflight_accounts_v1_User, User__Output as _preflight_accounts_v1_User__Output } from './preflight/accounts/v1/User';
import type { UserSimulationCount as _preflight_accounts_v1_UserSimulationCount, UserSimulationCount__Output as _preflight_accounts_v1_UserSimulationCount__Output } from './preflight/accounts/v1/UserSimulationCount';
import type { UserState as _preflight_accounts_v1_UserState, UserState__Output as _preflight_accounts_v1_UserState__Output } from './preflight/accounts/v1/UserState';
import type { UserStats as _preflight_accounts_v1_UserStats, UserStats__Output as _preflight_accounts_v1_UserStats__Output } from './preflight/accounts/v1/UserStats';
import type { WebhookDelivery as _preflight_accounts_v1_WebhookDelivery, WebhookDelivery__Output as _preflight_accounts_v1_WebhookDelivery__Output } from './preflight/accounts/v1/WebhookDelivery';
import type { WebhookEndpoint as _preflight_accounts_v1_WebhookEndpoint, WebhookEndpoint__Output as _preflight_accounts_v1_WebhookEndpoint__Output } from './preflight/accounts/v1/WebhookEndpoint';
import type { WebhookEndpointRequest as _preflight_accounts_v1_WebhookEndpointRequest, WebhookEndpointRequest__Output as _preflight_accounts_v1_WebhookEndpointRequest__Output } from './preflight/accounts/v1/WebhookEndpointRequest';
import type { WebhookUserRequest as _preflight_accounts_v1_WebhookUserRequest, WebhookUserRequest__Output as _preflight_accounts_v1_WebhookUserRequest__Output } from './preflight/accounts/v1/WebhookUserRequest';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  preflight: {
    accounts: {
      v1: {
        Accounts: SubtypeConstructor<typeof grpc.Client, _preflight_accounts_v1_AccountsClient> & { service: _preflight_accounts_v1_AccountsDefinition }
        ApiKey: MessageTypeDefinition<_preflight_accounts_v1_ApiKey, _preflight_accounts_v1_ApiKey__Output>
        ApiKeyPrincipal: MessageTypeDefinition<_preflight_accounts_v1_ApiKeyPrincipal, _preflight_accounts_v1_ApiKeyPrincipal__Output>
        AuthResponse: MessageTypeDefinition<_preflight_accounts_v1_AuthResponse, _preflight_accounts_v1_AuthResponse__Output>
        AuthenticateApiKeyRequest: MessageTypeDefinition<_preflight_accounts_v1_AuthenticateApiKeyRequest, _preflight_accounts_v1_AuthenticateApiKeyRequest__Output>
        AuthenticateApiKeyResponse: MessageTypeDefinition<_preflight_accounts_v1_AuthenticateApiKeyResponse, _preflight_accounts_v1_AuthenticateApiKeyResponse__Output>
        BillingEnabled: MessageTypeDefinition<_preflight_accounts_v1_BillingEnabled, _preflight_accounts_v1_BillingEnabled__Output>
        BillingPlan: MessageTypeDefinition<_preflight_accounts_v1_BillingPlan, _preflight_accounts_v1_BillingPlan__Output>
        BillingPrices: MessageTypeDefinition<_preflight_accounts_v1_BillingPrices, _preflight_accounts_v1_BillingPrices__Output>
        BillingSimulationUsage: MessageTypeDefinition<_preflight_accounts_v1_BillingSimulationUsage, _preflight_accounts_v1_BillingSimulationUsage__Output>
        BillingSubmitUsage: MessageTypeDefinition<_preflight_accounts_v1_BillingSubmitUsage, _preflight_accounts_v1_BillingSubmitUsage__Output>
        BillingSubscription: MessageTypeDefinition<_preflight_accounts_v1_BillingSubscription, _preflight_accounts_v1_BillingSubscription__Output>
        BillingTipUsage: MessageTypeDefinition<_preflight_accounts_v1_BillingTipUsage, _preflight_accounts_v1_BillingTipUsage__Output>
        BillingUsage: MessageTypeDefinition<_preflight_accounts_v1_BillingUsage, _preflight_accounts_v1_BillingUsage__Output>
        BillingUserRequest: MessageTypeDefinition<_preflight_accounts_v1_BillingUserRequest, _preflight_accounts_v1_BillingUserRequest__Output>
        CheckoutSession: MessageTypeDefinition<_preflight_accounts_v1_CheckoutSession, _preflight_accounts_v1_CheckoutSession__Output>
        ClaimUnresolvedTransactionsRequest: MessageTypeDefinition<_preflight_accounts_v1_ClaimUnresolvedTransactionsRequest, _preflight_accounts_v1_ClaimUnresolvedTransactionsRequest__Output>
        ClaimUnresolvedTransactionsResponse: MessageTypeDefinition<_preflight_accounts_v1_ClaimUnresolvedTransactionsResponse, _preflight_accounts_v1_ClaimUnresolvedTransactionsResponse__Output>
        CreateApiKeyRequest: MessageTypeDefinition<_preflight_accounts_v1_CreateApiKeyRequest, _preflight_accounts_v1_CreateApiKeyRequest__Output>
        CreateCheckoutSessionRequest: MessageTypeDefinition<_preflight_accounts_v1_CreateCheckoutSessionRequest, _preflight_accounts_v1_CreateCheckoutSessionRequest__Output>
        CreateWebhookEndpointRequest: MessageTypeDefinition<_preflight_accounts_v1_CreateWebhookEndpointRequest, _preflight_accounts_v1_CreateWebhookEndpointRequest__Output>
        DailyStats: MessageTypeDefinition<_preflight_accounts_v1_DailyStats, _preflight_accounts_v1_DailyStats__Output>
        DeleteUserRequest: MessageTypeDefinition<_preflight_accounts_v1_DeleteUserRequest, _preflight_accounts_v1_DeleteUserRequest__Output>
        DeleteUserResponse: MessageTypeDefinition<_preflight_accounts_v1_DeleteUserResponse, _preflight_accounts_v1_DeleteUserResponse__Output>
        DeleteWebhookEndpointResponse: MessageTypeDefinition<_preflight_accounts_v1_DeleteWebhookEndpointResponse, _preflight_accounts_v1_DeleteWebhookEndpointResponse__Output>
        EnqueueWebhookEventRequest: MessageTypeDefinition<_preflight_accounts_v1_EnqueueWebhookEventRequest, _preflight_accounts_v1_EnqueueWebhookEventRequest__Output>
        EnqueueWebhookEventResponse: MessageTypeDefinition<_preflight_accounts_v1_EnqueueWebhookEventResponse, _preflight_accounts_v1_EnqueueWebhookEventResponse__Output>
        FailureReasonCount: MessageTypeDefinition<_preflight_accounts_v1_FailureReasonCount, _preflight_accounts_v1_FailureReasonCount__Output>
        GetBillingEnabledRequest: MessageTypeDefinition<_preflight_accounts_v1_GetBillingEnabledRequest, _preflight_accounts_v1_GetBillingEnabledRequest__Output>
        GetManagedTipLamportsRequest: MessageTypeDefinition<_preflight_accounts_v1_GetManagedTipLamportsRequest, _preflight_accounts_v1_GetManagedTipLamportsRequest__Output>
        GetProgramBlocksRequest: MessageTypeDefinition<_preflight_accounts_v1_GetProgramBlocksRequest, _preflight_accounts_v1_GetProgramBlocksRequest__Output>
        GetServiceTotalsRequest: MessageTypeDefinition<_preflight_accounts_v1_GetServiceTotalsRequest, _preflight_accounts_v1_GetServiceTotalsRequest__Output>
        GetSimulationCountsRequest: MessageTypeDefinition<_preflight_accounts_v1_GetSimulationCountsRequest, _preflight_accounts_v1_GetSimulationCountsRequest__Output>
        GetSubmitUsageRequest: MessageTypeDefinition<_preflight_accounts_v1_GetSubmitUsageRequest, _preflight_accounts_v1_GetSubmitUsageRequest__Output>
        GetTrackedTransactionRequest: MessageTypeDefinition<_preflight_accounts_v1_GetTrackedTransactionRequest, _preflight_accounts_v1_GetTrackedTransactionRequest__Output>
        GetTrackedTransactionResponse: MessageTypeDefinition<_preflight_accounts_v1_GetTrackedTransactionResponse, _preflight_accounts_v1_GetTrackedTransactionResponse__Output>
        GetUserRequest: MessageTypeDefinition<_preflight_accounts_v1_GetUserRequest, _preflight_accounts_v1_GetUserRequest__Output>
        GetUserStateRequest: MessageTypeDefinition<_preflight_accounts_v1_GetUserStateRequest, _preflight_accounts_v1_GetUserStateRequest__Output>
        GetUserStateResponse: MessageTypeDefinition<_preflight_accounts_v1_GetUserStateResponse, _preflight_accounts_v1_GetUserStateResponse__Output>
        GetUserStatsRequest: MessageTypeDefinition<_preflight_accounts_v1_GetUserStatsRequest, _preflight_accounts_v1_GetUserStatsRequest__Output>
        HandleStripeWebhookRequest: MessageTypeDefinition<_preflight_accounts_v1_HandleStripeWebhookRequest, _preflight_accounts_v1_HandleStripeWebhookRequest__Output>
        HistoryTransaction: MessageTypeDefinition<_preflight_accounts_v1_HistoryTransaction, _preflight_accounts_v1_HistoryTransaction__Output>
        KeyUsage: MessageTypeDefinition<_preflight_accounts_v1_KeyUsage, _preflight_accounts_v1_KeyUsage__Output>
        ListApiKeysRequest: MessageTypeDefinition<_preflight_accounts_v1_ListApiKeysRequest, _preflight_accounts_v1_ListApiKeysRequest__Output>
        ListApiKeysResponse: MessageTypeDefinition<_preflight_accounts_v1_ListApiKeysResponse, _preflight_accounts_v1_ListApiKeysResponse__Output>
        ListSimulationsRequest: MessageTypeDefinition<_preflight_accounts_v1_ListSimulationsRequest, _preflight_accounts_v1_ListSimulationsRequest__Output>
        ListWebhookDeliveriesResponse: MessageTypeDefinition<_preflight_accounts_v1_ListWebhookDeliveriesResponse, _preflight_accounts_v1_ListWebhookDeliveriesResponse__Output>
        ListWebhookEndpointsResponse: MessageTypeDefinition<_preflight_accounts_v1_ListWebhookEndpointsResponse, _preflight_accounts_v1_ListWebhookEndpointsResponse__Output>
        LoginRequest: MessageTypeDefinition<_preflight_accounts_v1_LoginRequest, _preflight_accounts_v1_LoginRequest__Output>
        LogoutRequest: MessageTypeDefinition<_preflight_accounts_v1_LogoutRequest, _preflight_accounts_v1_LogoutRequest__Output>
        LogoutResponse: MessageTypeDefinition<_preflight_accounts_v1_LogoutResponse, _preflight_accounts_v1_LogoutResponse__Output>
        ManagedTipLamports: MessageTypeDefinition<_preflight_accounts_v1_ManagedTipLamports, _preflight_accounts_v1_ManagedTipLamports__Output>
        NullableDouble: MessageTypeDefinition<_preflight_accounts_v1_NullableDouble, _preflight_accounts_v1_NullableDouble__Output>
        NullableString: MessageTypeDefinition<_preflight_accounts_v1_NullableString, _preflight_accounts_v1_NullableString__Output>
        PortalSession: MessageTypeDefinition<_preflight_accounts_v1_PortalSession, _preflight_accounts_v1_PortalSession__Output>
        ProgramBlocks: MessageTypeDefinition<_preflight_accounts_v1_ProgramBlocks, _preflight_accounts_v1_ProgramBlocks__Output>
        RecordKeyUsageRequest: MessageTypeDefinition<_preflight_accounts_v1_RecordKeyUsageRequest, _preflight_accounts_v1_RecordKeyUsageRequest__Output>
        RecordKeyUsageResponse: MessageTypeDefinition<_preflight_accounts_v1_RecordKeyUsageResponse, _preflight_accounts_v1_RecordKeyUsageResponse__Output>
        RecordQuotaExceededResponse: MessageTypeDefinition<_preflight_accounts_v1_RecordQuotaExceededResponse, _preflight_accounts_v1_RecordQuotaExceededResponse__Output>
        RecordSimulationsRequest: MessageTypeDefinition<_preflight_accounts_v1_RecordSimulationsRequest, _preflight_accounts_v1_RecordSimulationsRequest__Output>
        RecordSimulationsResponse: MessageTypeDefinition<_preflight_accounts_v1_RecordSimulationsResponse, _preflight_accounts_v1_RecordSimulationsResponse__Output>
        RedeliverWebhookRequest: MessageTypeDefinition<_preflight_accounts_v1_RedeliverWebhookRequest, _preflight_accounts_v1_RedeliverWebhookRequest__Output>
        RefreshRequest: MessageTypeDefinition<_preflight_accounts_v1_RefreshRequest, _preflight_accounts_v1_RefreshRequest__Output>
        RegisterRequest: MessageTypeDefinition<_preflight_accounts_v1_RegisterRequest, _preflight_accounts_v1_RegisterRequest__Output>
        RemoveProgramBlockRequest: MessageTypeDefinition<_preflight_accounts_v1_RemoveProgramBlockRequest, _preflight_accounts_v1_RemoveProgramBlockRequest__Output>
        RevokeApiKeyRequest: MessageTypeDefinition<_preflight_accounts_v1_RevokeApiKeyRequest, _preflight_accounts_v1_RevokeApiKeyRequest__Output>
        RevokeApiKeyResponse: MessageTypeDefinition<_preflight_accounts_v1_RevokeApiKeyResponse, _preflight_accounts_v1_RevokeApiKeyResponse__Output>
        RiskLevelCount: MessageTypeDefinition<_preflight_accounts_v1_RiskLevelCount, _preflight_accounts_v1_RiskLevelCount__Output>
        RotateApiKeyRequest: MessageTypeDefinition<_preflight_accounts_v1_RotateApiKeyRequest, _preflight_accounts_v1_RotateApiKeyRequest__Output>
        ServiceTotals: MessageTypeDefinition<_preflight_accounts_v1_ServiceTotals, _preflight_accounts_v1_ServiceTotals__Output>
        SetCardOnFileRequest: MessageTypeDefinition<_preflight_accounts_v1_SetCardOnFileRequest, _preflight_accounts_v1_SetCardOnFileRequest__Output>
        SetCardOnFileResponse: MessageTypeDefinition<_preflight_accounts_v1_SetCardOnFileResponse, _preflight_accounts_v1_SetCardOnFileResponse__Output>
        SetProgramBlocksRequest: MessageTypeDefinition<_preflight_accounts_v1_SetProgramBlocksRequest, _preflight_accounts_v1_SetProgramBlocksRequest__Output>
        SimulationCounts: MessageTypeDefinition<_preflight_accounts_v1_SimulationCounts, _preflight_accounts_v1_SimulationCounts__Output>
        SimulationHistoryItem: MessageTypeDefinition<_preflight_accounts_v1_SimulationHistoryItem, _preflight_accounts_v1_SimulationHistoryItem__Output>
        SimulationPage: MessageTypeDefinition<_preflight_accounts_v1_SimulationPage, _preflight_accounts_v1_SimulationPage__Output>
        SimulationRecord: MessageTypeDefinition<_preflight_accounts_v1_SimulationRecord, _preflight_accounts_v1_SimulationRecord__Output>
        StringList: MessageTypeDefinition<_preflight_accounts_v1_StringList, _preflight_accounts_v1_StringList__Output>
        StripeWebhookOutcome: MessageTypeDefinition<_preflight_accounts_v1_StripeWebhookOutcome, _preflight_accounts_v1_StripeWebhookOutcome__Output>
        SubmitUsage: MessageTypeDefinition<_preflight_accounts_v1_SubmitUsage, _preflight_accounts_v1_SubmitUsage__Output>
        TrackTransactionRequest: MessageTypeDefinition<_preflight_accounts_v1_TrackTransactionRequest, _preflight_accounts_v1_TrackTransactionRequest__Output>
        TrackTransactionResponse: MessageTypeDefinition<_preflight_accounts_v1_TrackTransactionResponse, _preflight_accounts_v1_TrackTransactionResponse__Output>
        TrackedTransaction: MessageTypeDefinition<_preflight_accounts_v1_TrackedTransaction, _preflight_accounts_v1_TrackedTransaction__Output>
        TrackedTransactionPatch: MessageTypeDefinition<_preflight_accounts_v1_TrackedTransactionPatch, _preflight_accounts_v1_TrackedTransactionPatch__Output>
        UpdateTrackedTransactionRequest: MessageTypeDefinition<_preflight_accounts_v1_UpdateTrackedTransactionRequest, _preflight_accounts_v1_UpdateTrackedTransactionRequest__Output>
        UpdateTrackedTransactionResponse: MessageTypeDefinition<_preflight_accounts_v1_UpdateTrackedTransactionResponse, _preflight_accounts_v1_UpdateTrackedTransactionResponse__Output>
        User: MessageTypeDefinition<_preflight_accounts_v1_User, _preflight_accounts_v1_User__Output>
        UserSimulationCount: MessageTypeDefinition<_preflight_accounts_v1_UserSimulationCount, _preflight_accounts_v1_UserSimulationCount__Output>
        UserState: MessageTypeDefinition<_preflight_accounts_v1_UserState, _preflight_accounts_v1_UserState__Output>
        UserStats: MessageTypeDefinition<_preflight_accounts_v1_UserStats, _preflight_accounts_v1_UserStats__Output>
        WebhookDelivery: MessageTypeDefinition<_preflight_accounts_v1_WebhookDelivery, _preflight_accounts_v1_WebhookDelivery__Output>
        WebhookEndpoint: MessageTypeDefinition<_preflight_accounts_v1_WebhookEndpoint, _preflight_accounts_v1_WebhookEndpoint__Output>
        WebhookEndpointRequest: MessageTypeDefinition<_preflight_accounts_v1_WebhookEndpointRequest, _preflight_accounts_v1_WebhookEndpointRequest__Output>
        WebhookUserRequest: MessageTypeDefinition<_preflight_accounts_v1_WebhookUserRequest, _preflight_accounts_v1_WebhookUserRequest__Output>
      }
    }
  }
}

