// Original file: engine.proto

import type { OutcomeDifference as _preflight_engine_v1_OutcomeDifference, OutcomeDifference__Output as _preflight_engine_v1_OutcomeDifference__Output } from '../../../preflight/engine/v1/OutcomeDifference';
import type { Long } from '@grpc/proto-loader';

export interface Outcome {
  'landed_slot'?: (number | string | Long);
  'matched'?: (boolean);
  'differences'?: (_preflight_engine_v1_OutcomeDifference)[];
}

export interface Outcome__Output {
  'landed_slot': (number);
  'matched': (boolean);
  'differences': (_preflight_engine_v1_OutcomeDifference__Output)[];
}
