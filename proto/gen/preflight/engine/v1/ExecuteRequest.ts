// Original file: engine.proto


export interface ExecuteRequest {
  'transaction'?: (Buffer | Uint8Array | string);
  'tenant_id'?: (string);
  'policy_json'?: (string);
  'wait_confirmation'?: (boolean);
  'card_on_file'?: (boolean);
}

export interface ExecuteRequest__Output {
  'transaction': (Buffer);
  'tenant_id': (string);
  'policy_json': (string);
  'wait_confirmation': (boolean);
  'card_on_file': (boolean);
}
