// Original file: accounts.proto

import type { Long } from '@grpc/proto-loader';

export interface SubmitUsage {
  'billable_submits'?: (number | string | Long);
  'managed_tip_lamports'?: (string);
  'unsettled_tips'?: (number | string | Long);
}

export interface SubmitUsage__Output {
  'billable_submits': (number);
  'managed_tip_lamports': (string);
  'unsettled_tips': (number);
}
