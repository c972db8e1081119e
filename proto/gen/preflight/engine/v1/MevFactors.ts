// Original file: engine.proto


export interface MevFactors {
  'slippage_bps'?: (number);
  'trade_share_of_pool'?: (number | string);
  'protection'?: (string);
  'pool_sandwiches'?: (number);
  'leader_sandwich_rate'?: (number | string);
  'pool'?: (string)[];
  '_slippage_bps'?: "slippage_bps";
  '_trade_share_of_pool'?: "trade_share_of_pool";
  '_protection'?: "protection";
  '_leader_sandwich_rate'?: "leader_sandwich_rate";
}

export interface MevFactors__Output {
  'slippage_bps'?: (number);
  'trade_share_of_pool'?: (number);
  'protection'?: (string);
  'pool_sandwiches': (number);
  'leader_sandwich_rate'?: (number);
  'pool': (string)[];
  '_slippage_bps'?: "slippage_bps";
  '_trade_share_of_pool'?: "trade_share_of_pool";
  '_protection'?: "protection";
  '_leader_sandwich_rate'?: "leader_sandwich_rate";
}
