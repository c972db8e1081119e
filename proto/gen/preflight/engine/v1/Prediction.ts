// Original file: engine.proto

import type { PredictedBalanceChange as _preflight_engine_v1_PredictedBalanceChange, PredictedBalanceChange__Output as _preflight_engine_v1_PredictedBalanceChange__Output } from '../../../preflight/engine/v1/PredictedBalanceChange';
import type { Long } from '@grpc/proto-loader';

export interface Prediction {
  'success'?: (boolean);
  'compute_units'?: (number | string | Long);
  'fee_lamports'?: (string);
  'balance_changes'?: (_preflight_engine_v1_PredictedBalanceChange)[];
  'context_slot'?: (number | string | Long);
  '_compute_units'?: "compute_units";
  '_fee_lamports'?: "fee_lamports";
}

export interface Prediction__Output {
  'success': (boolean);
  'compute_units'?: (number);
  'fee_lamports'?: (string);
  'balance_changes': (_preflight_engine_v1_PredictedBalanceChange__Output)[];
  'context_slot': (number);
  '_compute_units'?: "compute_units";
  '_fee_lamports'?: "fee_lamports";
}
