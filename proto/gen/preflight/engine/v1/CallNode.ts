// Original file: engine.proto

import type { CallNode as _preflight_engine_v1_CallNode, CallNode__Output as _preflight_engine_v1_CallNode__Output } from '../../../preflight/engine/v1/CallNode';
import type { Long } from '@grpc/proto-loader';

export interface CallNode {
  'program_id'?: (string);
  'depth'?: (number);
  'compute_units'?: (number | string | Long);
  'success'?: (boolean);
  'error'?: (string);
  'children'?: (_preflight_engine_v1_CallNode)[];
  '_compute_units'?: "compute_units";
  '_error'?: "error";
}

export interface CallNode__Output {
  'program_id': (string);
  'depth': (number);
  'compute_units'?: (number);
  'success': (boolean);
  'error'?: (string);
  'children': (_preflight_engine_v1_CallNode__Output)[];
  '_compute_units'?: "compute_units";
  '_error'?: "error";
}
