// Original file: accounts.proto


export interface AuthResponse {
  'token'?: (string);
  'refresh_token'?: (string);
  'token_type'?: (string);
  'expires_in'?: (number);
}

export interface AuthResponse__Output {
  'token': (string);
  'refresh_token': (string);
  'token_type': (string);
  'expires_in': (number);
}
