// Original file: accounts.proto


export interface GetTrackedTransactionRequest {
  'user_id'?: (string);
  'signature'?: (string);
}

export interface GetTrackedTransactionRequest__Output {
  'user_id': (string);
  'signature': (string);
}
