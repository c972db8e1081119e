// Original file: accounts.proto

import type { Long } from '@grpc/proto-loader';

export interface BillingTipUsage {
  'lamports'?: (string);
  'eur'?: (number | string);
  'unsettled'?: (number | string | Long);
}

export interface BillingTipUsage__Output {
  'lamports': (string);
  'eur': (number);
  'unsettled': (number);
}
