// Original file: accounts.proto


export interface ListApiKeysRequest {
  'user_id'?: (string);
}

export interface ListApiKeysRequest__Output {
  'user_id': (string);
}
