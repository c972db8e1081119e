// Original file: engine.proto

import type { Long } from '@grpc/proto-loader';

export interface PriorityFees {
  'low'?: (number | string | Long);
  'medium'?: (number | string | Long);
  'high'?: (number | string | Long);
  'very_high'?: (number | string | Long);
  'samples'?: (number);
}

export interface PriorityFees__Output {
  'low': (number);
  'medium': (number);
  'high': (number);
  'very_high': (number);
  'samples': (number);
}
