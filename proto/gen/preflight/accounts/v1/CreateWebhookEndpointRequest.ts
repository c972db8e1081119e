// Original file: accounts.proto


export interface CreateWebhookEndpointRequest {
  'user_id'?: (string);
  'url'?: (string);
  'events'?: (string)[];
  'description'?: (string);
  '_description'?: "description";
}

export interface CreateWebhookEndpointRequest__Output {
  'user_id': (string);
  'url': (string);
  'events': (string)[];
  'description'?: (string);
  '_description'?: "description";
}
