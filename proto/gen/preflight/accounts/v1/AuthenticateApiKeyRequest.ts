// Original file: accounts.proto


export interface AuthenticateApiKeyRequest {
  'key_hash'?: (string);
}

export interface AuthenticateApiKeyRequest__Output {
  'key_hash': (string);
}
