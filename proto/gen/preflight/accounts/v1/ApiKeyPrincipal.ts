// Original file: accounts.proto


export interface ApiKeyPrincipal {
  'user_id'?: (string);
  'role'?: (string);
  'api_key_id'?: (string);
  'valid_until_ms'?: (number | string);
  'has_card'?: (boolean);
  '_valid_until_ms'?: "valid_until_ms";
}

export interface ApiKeyPrincipal__Output {
  'user_id': (string);
  'role': (string);
  'api_key_id': (string);
  'valid_until_ms'?: (number);
  'has_card': (boolean);
  '_valid_until_ms'?: "valid_until_ms";
}
