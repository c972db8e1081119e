// Original file: accounts.proto

import type { HistoryTransaction as _preflight_accounts_v1_HistoryTransaction, HistoryTransaction__Output as _preflight_accounts_v1_HistoryTransaction__Output } from '../../../preflight/accounts/v1/HistoryTransaction';

export interface SimulationHistoryItem {
  'id'?: (string);
  'created_at'?: (string);
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
  'api_key_id'?: (string);
  'cached'?: (boolean);
  'kind'?: (string);
  'transaction'?: (_preflight_accounts_v1_HistoryTransaction | null);
  '_decision'?: "decision";
  '_risk_level'?: "risk_level";
  '_mev_score'?: "mev_score";
  '_mev_level'?: "mev_level";
  '_failure_code'?: "failure_code";
  '_failure_reason'?: "failure_reason";
  '_compute_units'?: "compute_units";
  '_fee_estimate_sol'?: "fee_estimate_sol";
  '_signature'?: "signature";
  '_api_key_id'?: "api_key_id";
}

export interface SimulationHistoryItem__Output {
  'id': (string);
  'created_at': (string);
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
  'api_key_id'?: (string);
  'cached': (boolean);
  'kind': (string);
  'transaction': (_preflight_accounts_v1_HistoryTransaction__Output | null);
  '_decision'?: "decision";
  '_risk_level'?: "risk_level";
  '_mev_score'?: "mev_score";
  '_mev_level'?: "mev_level";
  '_failure_code'?: "failure_code";
  '_failure_reason'?: "failure_reason";
  '_compute_units'?: "compute_units";
  '_fee_estimate_sol'?: "fee_estimate_sol";
  '_signature'?: "signature";
  '_api_key_id'?: "api_key_id";
}
