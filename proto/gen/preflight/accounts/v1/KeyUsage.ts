// Original file: accounts.proto


export interface KeyUsage {
  'api_key_id'?: (string);
  'count'?: (number | string);
  'last_used_at_ms'?: (number | string);
}

export interface KeyUsage__Output {
  'api_key_id': (string);
  'count': (number);
  'last_used_at_ms': (number);
}
