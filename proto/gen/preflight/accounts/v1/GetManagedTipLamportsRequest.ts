// Original file: accounts.proto


export interface GetManagedTipLamportsRequest {
  'user_id'?: (string);
  'since_ms'?: (number | string);
}

export interface GetManagedTipLamportsRequest__Output {
  'user_id': (string);
  'since_ms': (number);
}
