// Original file: accounts.proto

import type { WebhookEndpoint as _preflight_accounts_v1_WebhookEndpoint, WebhookEndpoint__Output as _preflight_accounts_v1_WebhookEndpoint__Output } from '../../../preflight/accounts/v1/WebhookEndpoint';

export interface ListWebhookEndpointsResponse {
  'endpoints'?: (_preflight_accounts_v1_WebhookEndpoint)[];
}

export interface ListWebhookEndpointsResponse__Output {
  'endpoints': (_preflight_accounts_v1_WebhookEndpoint__Output)[];
}
