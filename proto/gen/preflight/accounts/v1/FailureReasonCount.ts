// Original file: accounts.proto

import type { Long } from '@grpc/proto-loader';

export interface FailureReasonCount {
  'code'?: (string);
  'count'?: (number | string | Long);
}

export interface FailureReasonCount__Output {
  'code': (string);
  'count': (number);
}
