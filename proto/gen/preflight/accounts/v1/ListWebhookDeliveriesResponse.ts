// Original file: accounts.proto

import type { WebhookDelivery as _preflight_accounts_v1_WebhookDelivery, WebhookDelivery__Output as _preflight_accounts_v1_WebhookDelivery__Output } from '../../../preflight/accounts/v1/WebhookDelivery';

export interface ListWebhookDeliveriesResponse {
  'deliveries'?: (_preflight_accounts_v1_WebhookDelivery)[];
}

export interface ListWebhookDeliveriesResponse__Output {
  'deliveries': (_preflight_accounts_v1_WebhookDelivery__Output)[];
}
