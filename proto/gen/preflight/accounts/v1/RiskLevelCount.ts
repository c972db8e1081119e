// Original file: accounts.proto

import type { Long } from '@grpc/proto-loader';

export interface RiskLevelCount {
  'level'?: (string);
  'count'?: (number | string | Long);
}

export interface RiskLevelCount__Output {
  'level': (string);
  'count': (number);
}
