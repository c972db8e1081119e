// Original file: engine.proto

import type { Long } from '@grpc/proto-loader';

export interface Recommendation {
  'code'?: (string);
  'message'?: (string);
  'compute_unit_limit'?: (number);
  'compute_unit_price_micro_lamports'?: (number | string | Long);
  'priority_level'?: (string);
  'slippage_bps'?: (number);
  'account'?: (string);
  'mint'?: (string);
  '_compute_unit_limit'?: "compute_unit_limit";
  '_compute_unit_price_micro_lamports'?: "compute_unit_price_micro_lamports";
  '_priority_level'?: "priority_level";
  '_slippage_bps'?: "slippage_bps";
  '_account'?: "account";
  '_mint'?: "mint";
}

export interface Recommendation__Output {
  'code': (string);
  'message': (string);
  'compute_unit_limit'?: (number);
  'compute_unit_price_micro_lamports'?: (number);
  'priority_level'?: (string);
  'slippage_bps'?: (number);
  'account'?: (string);
  'mint'?: (string);
  '_compute_unit_limit'?: "compute_unit_limit";
  '_compute_unit_price_micro_lamports'?: "compute_unit_price_micro_lamports";
  '_priority_level'?: "priority_level";
  '_slippage_bps'?: "slippage_bps";
  '_account'?: "account";
  '_mint'?: "mint";
}
