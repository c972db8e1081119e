// Original file: engine.proto


export interface SendRequest {
  'transaction'?: (Buffer | Uint8Array | string);
  'tenant_id'?: (string);
  'use_relay'?: (boolean);
  'wait_confirmation'?: (boolean);
  'max_retries'?: (number);
  'card_on_file'?: (boolean);
  '_max_retries'?: "max_retries";
}

export interface SendRequest__Output {
  'transaction': (Buffer);
  'tenant_id': (string);
  'use_relay': (boolean);
  'wait_confirmation': (boolean);
  'max_retries'?: (number);
  'card_on_file': (boolean);
  '_max_retries'?: "max_retries";
}
