// Original file: accounts.proto


export interface RefreshRequest {
  'refresh_token'?: (string);
}

export interface RefreshRequest__Output {
  'refresh_token': (string);
}
