// Original file: engine.proto

import type { BundleLintEntry as _preflight_engine_v1_BundleLintEntry, BundleLintEntry__Output as _preflight_engine_v1_BundleLintEntry__Output } from '../../../preflight/engine/v1/BundleLintEntry';
import type { Long } from '@grpc/proto-loader';

export interface SubmitResponse {
  'signature'?: (string);
  'strategy'?: (string);
  'route'?: (string);
  'bundle_id'?: (string);
  'tip_lamports'?: (number | string | Long);
  'bundle_lint'?: (_preflight_engine_v1_BundleLintEntry)[];
  'confirmation'?: (string);
  'attempts'?: (number);
  'slot'?: (number | string | Long);
  'transaction_error_json'?: (string);
  'latency_ms'?: (number | string);
  'billable'?: (boolean);
  '_bundle_id'?: "bundle_id";
  '_tip_lamports'?: "tip_lamports";
  '_slot'?: "slot";
  '_transaction_error_json'?: "transaction_error_json";
}

export interface SubmitResponse__Output {
  'signature': (string);
  'strategy': (string);
  'route': (string);
  'bundle_id'?: (string);
  'tip_lamports'?: (number);
  'bundle_lint': (_preflight_engine_v1_BundleLintEntry__Output)[];
  'confirmation': (string);
  'attempts': (number);
  'slot'?: (number);
  'transaction_error_json'?: (string);
  'latency_ms': (number);
  'billable': (boolean);
  '_bundle_id'?: "bundle_id";
  '_tip_lamports'?: "tip_lamports";
  '_slot'?: "slot";
  '_transaction_error_json'?: "transaction_error_json";
}
