// Original file: accounts.proto


export interface GetSubmitUsageRequest {
  'user_id'?: (string);
  'since_ms'?: (number | string);
  'until_ms'?: (number | string);
}

export interface GetSubmitUsageRequest__Output {
  'user_id': (string);
  'since_ms': (number);
  'until_ms': (number);
}
