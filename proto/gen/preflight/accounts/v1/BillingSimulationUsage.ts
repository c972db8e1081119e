// Original file: accounts.proto

import type { Long } from '@grpc/proto-loader';

export interface BillingSimulationUsage {
  'total'?: (number | string | Long);
  'free'?: (number | string | Long);
  'billable'?: (number | string | Long);
}

export interface BillingSimulationUsage__Output {
  'total': (number);
  'free': (number);
  'billable': (number);
}
