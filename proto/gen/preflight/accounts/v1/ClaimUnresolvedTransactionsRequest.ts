// Original file: accounts.proto


export interface ClaimUnresolvedTransactionsRequest {
  'lease_ms'?: (number | string);
  'limit'?: (number | string);
}

export interface ClaimUnresolvedTransactionsRequest__Output {
  'lease_ms': (number);
  'limit': (number);
}
