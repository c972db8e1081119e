// Original file: accounts.proto


export interface TrackedTransaction {
  'user_id'?: (string);
  'signature'?: (string);
  'kind'?: (string);
  'status'?: (string);
  'route'?: (string);
  'attempts'?: (number | string);
  'endpoints'?: (string)[];
  'wire_transaction'?: (Buffer | Uint8Array | string);
  'last_valid_block_height'?: (number | string);
  'landed_slot'?: (number | string);
  'transaction_error_json'?: (string);
  'prediction_json'?: (string);
  'outcome_json'?: (string);
  'created_at_ms'?: (number | string);
  'updated_at_ms'?: (number | string);
  '_last_valid_block_height'?: "last_valid_block_height";
  '_landed_slot'?: "landed_slot";
}

export interface TrackedTransaction__Output {
  'user_id': (string);
  'signature': (string);
  'kind': (string);
  'status': (string);
  'route': (string);
  'attempts': (number);
  'endpoints': (string)[];
  'wire_transaction': (Buffer);
  'last_valid_block_height'?: (number);
  'landed_slot'?: (number);
  'transaction_error_json': (string);
  'prediction_json': (string);
  'outcome_json': (string);
  'created_at_ms': (number);
  'updated_at_ms': (number);
  '_last_valid_block_height'?: "last_valid_block_height";
  '_landed_slot'?: "landed_slot";
}
