// Original file: accounts.proto


export interface RotateApiKeyRequest {
  'user_id'?: (string);
  'api_key_id'?: (string);
}

export interface RotateApiKeyRequest__Output {
  'user_id': (string);
  'api_key_id': (string);
}
