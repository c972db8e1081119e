// Original file: accounts.proto

import type { Long } from '@grpc/proto-loader';

export interface BillingSubmitUsage {
  'total'?: (number | string | Long);
  'billable'?: (number | string | Long);
}

export interface BillingSubmitUsage__Output {
  'total': (number);
  'billable': (number);
}
