// Original file: engine.proto

import type { DexProgram as _preflight_engine_v1_DexProgram, DexProgram__Output as _preflight_engine_v1_DexProgram__Output } from '../../../preflight/engine/v1/DexProgram';
import type { BlacklistedProgram as _preflight_engine_v1_BlacklistedProgram, BlacklistedProgram__Output as _preflight_engine_v1_BlacklistedProgram__Output } from '../../../preflight/engine/v1/BlacklistedProgram';
import type { TokenRisk as _preflight_engine_v1_TokenRisk, TokenRisk__Output as _preflight_engine_v1_TokenRisk__Output } from '../../../preflight/engine/v1/TokenRisk';
import type { RiskFinding as _preflight_engine_v1_RiskFinding, RiskFinding__Output as _preflight_engine_v1_RiskFinding__Output } from '../../../preflight/engine/v1/RiskFinding';
import type { MevFactors as _preflight_engine_v1_MevFactors, MevFactors__Output as _preflight_engine_v1_MevFactors__Output } from '../../../preflight/engine/v1/MevFactors';

export interface Risk {
  'mev_score'?: (number | string);
  'mev_level'?: (string);
  'mev_type'?: (string);
  'has_blacklisted_program'?: (boolean);
  'blacklisted_programs'?: (string)[];
  'dex_programs'?: (_preflight_engine_v1_DexProgram)[];
  'risk_level'?: (string);
  'blacklist_entries'?: (_preflight_engine_v1_BlacklistedProgram)[];
  'token_risk'?: (_preflight_engine_v1_TokenRisk | null);
  'token_risks'?: (_preflight_engine_v1_TokenRisk)[];
  'findings'?: (_preflight_engine_v1_RiskFinding)[];
  'mev_factors'?: (_preflight_engine_v1_MevFactors | null);
  'known_bots'?: (string)[];
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
  'blacklist_entries': (_preflight_engine_v1_BlacklistedProgram__Output)[];
  'token_risk': (_preflight_engine_v1_TokenRisk__Output | null);
  'token_risks': (_preflight_engine_v1_TokenRisk__Output)[];
  'findings': (_preflight_engine_v1_RiskFinding__Output)[];
  'mev_factors': (_preflight_engine_v1_MevFactors__Output | null);
  'known_bots': (string)[];
  '_mev_type'?: "mev_type";
}
