// Original file: engine.proto

import type { Extractable as _preflight_engine_v1_Extractable, Extractable__Output as _preflight_engine_v1_Extractable__Output } from '../../../preflight/engine/v1/Extractable';

export interface Mev {
  'extractable'?: (_preflight_engine_v1_Extractable | null);
  'recommended_min_output'?: (string);
  'recommended_max_input'?: (string);
  'unpriced_reason'?: (string);
  '_recommended_min_output'?: "recommended_min_output";
  '_recommended_max_input'?: "recommended_max_input";
  '_unpriced_reason'?: "unpriced_reason";
}

export interface Mev__Output {
  'extractable': (_preflight_engine_v1_Extractable__Output | null);
  'recommended_min_output'?: (string);
  'recommended_max_input'?: (string);
  'unpriced_reason'?: (string);
  '_recommended_min_output'?: "recommended_min_output";
  '_recommended_max_input'?: "recommended_max_input";
  '_unpriced_reason'?: "unpriced_reason";
}
