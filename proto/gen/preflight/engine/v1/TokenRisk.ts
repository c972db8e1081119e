// Original file: engine.proto


export interface TokenRisk {
  'mint'?: (string);
  'symbol'?: (string);
  'risk_score'?: (number | string);
  'risk_level'?: (string);
  'flags'?: (string)[];
  'top_holder_concentration'?: (number | string);
  'has_mint_authority'?: (boolean);
  'has_freeze_authority'?: (boolean);
  'has_liquidity'?: (boolean);
  'lp_burned_or_locked'?: (number | string);
  'extensions'?: (string)[];
  'reasons'?: (string)[];
  'issuer'?: (string);
  '_symbol'?: "symbol";
  '_top_holder_concentration'?: "top_holder_concentration";
  '_has_liquidity'?: "has_liquidity";
  '_lp_burned_or_locked'?: "lp_burned_or_locked";
  '_issuer'?: "issuer";
}

export interface TokenRisk__Output {
  'mint': (string);
  'symbol'?: (string);
  'risk_score': (number);
  'risk_level': (string);
  'flags': (string)[];
  'top_holder_concentration'?: (number);
  'has_mint_authority': (boolean);
  'has_freeze_authority': (boolean);
  'has_liquidity'?: (boolean);
  'lp_burned_or_locked'?: (number);
  'extensions': (string)[];
  'reasons': (string)[];
  'issuer'?: (string);
  '_symbol'?: "symbol";
  '_top_holder_concentration'?: "top_holder_concentration";
  '_has_liquidity'?: "has_liquidity";
  '_lp_burned_or_locked'?: "lp_burned_or_locked";
  '_issuer'?: "issuer";
}
