// Original file: engine.proto

import type { Long } from '@grpc/proto-loader';

export interface LandingEstimate {
  'fee_percentile_bucket'?: (string);
  'compute_unit_price_micro_lamports'?: (number | string | Long);
  'competitive'?: (boolean);
}

export interface LandingEstimate__Output {
  'fee_percentile_bucket': (string);
  'compute_unit_price_micro_lamports': (number);
  'competitive': (boolean);
}
