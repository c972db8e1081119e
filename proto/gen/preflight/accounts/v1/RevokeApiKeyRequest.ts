// Original file: accounts.proto


export interface RevokeApiKeyRequest {
  'user_id'?: (string);
  'api_key_id'?: (string);
}

export interface RevokeApiKeyRequest__Output {
  'user_id': (string);
  'api_key_id': (string);
}
