// Original file: engine.proto

import type { Prediction as _preflight_engine_v1_Prediction, Prediction__Output as _preflight_engine_v1_Prediction__Output } from '../../../preflight/engine/v1/Prediction';
import type { Outcome as _preflight_engine_v1_Outcome, Outcome__Output as _preflight_engine_v1_Outcome__Output } from '../../../preflight/engine/v1/Outcome';
import type { Long } from '@grpc/proto-loader';

export interface TrackedTransaction {
  'signature'?: (string);
  'kind'?: (string);
  'status'?: (string);
  'route'?: (string);
  'attempts'?: (number);
  'endpoints'?: (string)[];
  'landed_slot'?: (number | string | Long);
  'transaction_error_json'?: (string);
  'prediction'?: (_preflight_engine_v1_Prediction | null);
  'outcome'?: (_preflight_engine_v1_Outcome | null);
  'created_at'?: (string);
  'updated_at'?: (string);
  'strategy'?: (string);
  'relay_bundle_id'?: (string);
  'tip_lamports'?: (string);
  'drop_reason'?: (string);
  '_landed_slot'?: "landed_slot";
  '_transaction_error_json'?: "transaction_error_json";
  '_strategy'?: "strategy";
  '_relay_bundle_id'?: "relay_bundle_id";
  '_tip_lamports'?: "tip_lamports";
  '_drop_reason'?: "drop_reason";
}

export interface TrackedTransaction__Output {
  'signature': (string);
  'kind': (string);
  'status': (string);
  'route': (string);
  'attempts': (number);
  'endpoints': (string)[];
  'landed_slot'?: (number);
  'transaction_error_json'?: (string);
  'prediction': (_preflight_engine_v1_Prediction__Output | null);
  'outcome': (_preflight_engine_v1_Outcome__Output | null);
  'created_at': (string);
  'updated_at': (string);
  'strategy'?: (string);
  'relay_bundle_id'?: (string);
  'tip_lamports'?: (string);
  'drop_reason'?: (string);
  '_landed_slot'?: "landed_slot";
  '_transaction_error_json'?: "transaction_error_json";
  '_strategy'?: "strategy";
  '_relay_bundle_id'?: "relay_bundle_id";
  '_tip_lamports'?: "tip_lamports";
  '_drop_reason'?: "drop_reason";
}
