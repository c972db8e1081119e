// Original file: accounts.proto


export interface RedeliverWebhookRequest {
  'user_id'?: (string);
  'endpoint_id'?: (string);
  'delivery_id'?: (string);
}

export interface RedeliverWebhookRequest__Output {
  'user_id': (string);
  'endpoint_id': (string);
  'delivery_id': (string);
}
