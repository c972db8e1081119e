// Original file: engine.proto

import type { DexProgram as _preflight_engine_v1_DexProgram, DexProgram__Output as _preflight_engine_v1_DexProgram__Output } from '../../../preflight/engine/v1/DexProgram';

export interface Risk {
  'mev_score'?: (number | string);
  'mev_level'?: (string);
  'mev_type'?: (string);
  'has_blacklisted_program'?: (boolean);
  'blacklisted_programs'?: (string)[];
  'dex_programs'?: (_preflight_engine_v1_DexProgram)[];
  'risk_level'?: (string);
  '_mev_type'?: "mev_type";
}

export interface Risk__Output {
  'mev_score': (number);
  'mev_level': (string);
  'mev_type'?: (string);
  'has_blacklisted_program': (boolean);
  'blacklisted_programs': (string)[];
  'dex_programs': (_preflight_engine_v1_DexProgram__Output)[];
  'risk_level': (string);
  '_mev_type'?: "mev_type";
}
