// Original file: engine.proto


export interface PredictedBalanceChange {
  'account'?: (string);
  'mint'?: (string);
  'delta'?: (string);
  '_mint'?: "mint";
}

export interface PredictedBalanceChange__Output {
  'account': (string);
  'mint'?: (string);
  'delta': (string);
  '_mint'?: "mint";
}
