// Original file: accounts.proto


export interface SimulationRecord {
  'user_id'?: (string);
  'api_key_id'?: (string);
  'created_at_ms'?: (number | string);
  'success'?: (boolean);
  'decision'?: (string);
  'risk_level'?: (string);
  'mev_score'?: (number | string);
  'mev_level'?: (string);
  'failure_code'?: (string);
  'failure_reason'?: (string);
  'compute_units'?: (number | string);
  'fee_estimate_sol'?: (number | string);
  'latency_ms'?: (number | string);
  'signature'?: (string);
  'cached'?: (boolean);
  'record_id'?: (string);
  'kind'?: (string);
  'strategy'?: (string);
  'billable'?: (boolean);
  'bundle_id'?: (string);
  'tip_lamports'?: (string);
  '_api_key_id'?: "api_key_id";
  '_decision'?: "decision";
  '_risk_level'?: "risk_level";
  '_mev_score'?: "mev_score";
  '_mev_level'?: "mev_level";
  '_failure_code'?: "failure_code";
  '_failure_reason'?: "failure_reason";
  '_compute_units'?: "compute_units";
  '_fee_estimate_sol'?: "fee_estimate_sol";
  '_signature'?: "signature";
  '_record_id'?: "record_id";
  '_kind'?: "kind";
  '_strategy'?: "strategy";
  '_billable'?: "billable";
  '_bundle_id'?: "bundle_id";
  '_tip_lamports'?: "tip_lamports";
}

export interface SimulationRecord__Output {
  'user_id': (string);
  'api_key_id'?: (string);
  'created_at_ms': (number);
  'success': (boolean);
  'decision'?: (string);
  'risk_level'?: (string);
  'mev_score'?: (number);
  'mev_level'?: (string);
  'failure_code'?: (string);
  'failure_reason'?: (string);
  'compute_units'?: (number);
  'fee_estimate_sol'?: (number);
  'latency_ms': (number);
  'signature'?: (string);
  'cached': (boolean);
  'record_id'?: (string);
  'kind'?: (string);
  'strategy'?: (string);
  'billable'?: (boolean);
  'bundle_id'?: (string);
  'tip_lamports'?: (string);
  '_api_key_id'?: "api_key_id";
  '_decision'?: "decision";
  '_risk_level'?: "risk_level";
  '_mev_score'?: "mev_score";
  '_mev_level'?: "mev_level";
  '_failure_code'?: "failure_code";
  '_failure_reason'?: "failure_reason";
  '_compute_units'?: "compute_units";
  '_fee_estimate_sol'?: "fee_estimate_sol";
  '_signature'?: "signature";
  '_record_id'?: "record_id";
  '_kind'?: "kind";
  '_strategy'?: "strategy";
  '_billable'?: "billable";
  '_bundle_id'?: "bundle_id";
  '_tip_lamports'?: "tip_lamports";
}
