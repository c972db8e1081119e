// Original file: accounts.proto


export interface EnqueueWebhookEventRequest {
  'user_id'?: (string);
  'type'?: (string);
  'data_json'?: (string);
}

export interface EnqueueWebhookEventRequest__Output {
  'user_id': (string);
  'type': (string);
  'data_json': (string);
}
