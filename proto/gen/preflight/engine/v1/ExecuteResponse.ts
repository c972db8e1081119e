// Original file: engine.proto

import type { DecisionReason as _preflight_engine_v1_DecisionReason, DecisionReason__Output as _preflight_engine_v1_DecisionReason__Output } from '../../../preflight/engine/v1/DecisionReason';
import type { SignerSummary as _preflight_engine_v1_SignerSummary, SignerSummary__Output as _preflight_engine_v1_SignerSummary__Output } from '../../../preflight/engine/v1/SignerSummary';
import type { Long } from '@grpc/proto-loader';

export interface ExecuteResponse {
  'simulation_success'?: (boolean);
  'action'?: (string);
  'reason'?: (string);
  'signature'?: (string);
  'relay_bundle_id'?: (string);
  'route'?: (string);
  'mev_score'?: (number | string);
  'risk_level'?: (string);
  'recommended_priority_fee'?: (number | string | Long);
  'compute_units'?: (number | string | Long);
  'policy_applied_json'?: (string);
  'latency_ms'?: (number | string);
  'decision_reasons'?: (_preflight_engine_v1_DecisionReason)[];
  'summary'?: (_preflight_engine_v1_SignerSummary)[];
  'confirmation'?: (string);
  'attempts'?: (number);
  'slot'?: (number | string | Long);
  'transaction_error_json'?: (string);
  '_signature'?: "signature";
  '_relay_bundle_id'?: "relay_bundle_id";
  '_confirmation'?: "confirmation";
  '_slot'?: "slot";
  '_transaction_error_json'?: "transaction_error_json";
}

export interface ExecuteResponse__Output {
  'simulation_success': (boolean);
  'action': (string);
  'reason': (string);
  'signature'?: (string);
  'relay_bundle_id'?: (string);
  'route': (string);
  'mev_score': (number);
  'risk_level': (string);
  'recommended_priority_fee': (number);
  'compute_units': (number);
  'policy_applied_json': (string);
  'latency_ms': (number);
  'decision_reasons': (_preflight_engine_v1_DecisionReason__Output)[];
  'summary': (_preflight_engine_v1_SignerSummary__Output)[];
  'confirmation'?: (string);
  'attempts': (number);
  'slot'?: (number);
  'transaction_error_json'?: (string);
  '_signature'?: "signature";
  '_relay_bundle_id'?: "relay_bundle_id";
  '_confirmation'?: "confirmation";
  '_slot'?: "slot";
  '_transaction_error_json'?: "transaction_error_json";
}
