// Original file: engine.proto


export interface SimulateRequest {
  'transaction'?: (Buffer | Uint8Array | string);
  'vectors'?: (string)[];
  'timeout_ms'?: (number);
  'replace_recent_blockhash'?: (boolean);
  'tenant_id'?: (string);
  'policy_json'?: (string);
}

export interface SimulateRequest__Output {
  'transaction': (Buffer);
  'vectors': (string)[];
  'timeout_ms': (number);
  'replace_recent_blockhash': (boolean);
  'tenant_id': (string);
  'policy_json': (string);
}
