// Original file: engine.proto


export interface GetTransactionRequest {
  'tenant_id'?: (string);
  'signature'?: (string);
}

export interface GetTransactionRequest__Output {
  'tenant_id': (string);
  'signature': (string);
}
