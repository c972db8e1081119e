// Original file: accounts.proto


export interface WebhookEndpointRequest {
  'user_id'?: (string);
  'endpoint_id'?: (string);
}

export interface WebhookEndpointRequest__Output {
  'user_id': (string);
  'endpoint_id': (string);
}
