// Original file: accounts.proto


export interface WebhookUserRequest {
  'user_id'?: (string);
}

export interface WebhookUserRequest__Output {
  'user_id': (string);
}
