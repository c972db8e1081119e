// Original file: engine.proto

import type { Long } from '@grpc/proto-loader';

export interface ProgramUsage {
  'program_id'?: (string);
  'compute_units'?: (number | string | Long);
  'invocations'?: (number);
}

export interface ProgramUsage__Output {
  'program_id': (string);
  'compute_units': (number);
  'invocations': (number);
}
