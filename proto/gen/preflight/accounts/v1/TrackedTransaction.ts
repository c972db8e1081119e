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
  'strategy'?: (string);
  'relay_bundle_id'?: (string);
  'tip_lamports'?: (string);
  'drop_reason'?: (string);
  '_last_valid_block_height'?: "last_valid_block_height";
  '_landed_slot'?: "landed_slot";
  '_strategy'?: "strategy";
  '_relay_bundle_id'?: "relay_bundle_id";
  '_tip_lamports'?: "tip_lamports";
  '_drop_reason'?: "drop_reason";
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
  'strategy'?: (string);
  'relay_bundle_id'?: (string);
  'tip_lamports'?: (string);
  'drop_reason'?: (string);
  '_last_valid_block_height'?: "last_valid_block_height";
  '_landed_slot'?: "landed_slot";
  '_strategy'?: "strategy";
  '_relay_bundle_id'?: "relay_bundle_id";
  '_tip_lamports'?: "tip_lamports";
  '_drop_reason'?: "drop_reason";
}
