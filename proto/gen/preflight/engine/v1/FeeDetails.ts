// Original file: engine.proto

import type { Long } from '@grpc/proto-loader';

export interface FeeDetails {
  'signatures'?: (number);
  'base_fee_lamports'?: (number | string | Long);
  'priority_fee_lamports'?: (number | string | Long);
  'total_fee_lamports'?: (number | string | Long);
  'compute_unit_limit'?: (number);
  'compute_unit_price_micro_lamports'?: (number | string | Long);
}

export interface FeeDetails__Output {
  'signatures': (number);
  'base_fee_lamports': (number);
  'priority_fee_lamports': (number);
  'total_fee_lamports': (number);
  'compute_unit_limit': (number);
  'compute_unit_price_micro_lamports': (number);
}
